import { useEffect, useState } from 'react'
import { whenIdle } from '../browser/idle'
import { preloadDialogs } from './bridge'
import type { DialogKind } from './dialogs'

/**
 * Work a page does not need for its first paint (a dialog a tap may open, the comments under a
 * chapter) starts once that paint is over: after the page's load event (its first images, and
 * every script it started, are in) and its high-priority images (the LCP candidate,
 * `fetchpriority="high"`) have loaded, then when the browser is idle. So it never competes with
 * the largest image or the page's own scripts.
 */
export function afterFirstPaintIdle(run: () => void, timeoutMs = IDLE_TIMEOUT_MS, doc: Document = document, win: Window = window): () => void {
  let cancelled = false
  let cancelIdle = () => undefined as void
  void firstPaintDone(doc, win).then(() => {
    if (!cancelled) cancelIdle = whenIdle(run, timeoutMs)
  })
  return () => {
    cancelled = true
    cancelIdle()
  }
}

/** At most this long (ms) from the first paint's end to the idle callback, on a busy page. */
export const IDLE_TIMEOUT_MS = 2_000

function loaded(win: Window, doc: Document): Promise<void> {
  if (doc.readyState === 'complete') return Promise.resolve()
  return new Promise<void>((resolve) => win.addEventListener('load', () => resolve(), { once: true }))
}

function imageDone(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve()
  return new Promise<void>((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true })
    image.addEventListener('error', () => resolve(), { once: true })
  })
}

async function firstPaintDone(doc: Document, win: Window): Promise<void> {
  await loaded(win, doc)
  await Promise.all([...doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map(imageDone))
}

/** Dialog kinds this page has asked to preload (each once per page, unless its preload failed). */
const asked = new Set<DialogKind>()

/**
 * Preload the dialogs a tap on this page is likely to open (their owner's code and messages,
 * `preloadDialogs`), once the first paint is over and the browser is idle. Each kind is fetched
 * once per page; a failed preload is tried again by the next caller. Returns a cancel function
 * (a screen that unmounts before the idle moment fetches nothing).
 */
export function preloadDialogsWhenIdle(
  kinds: readonly DialogKind[],
  options: { schedule?: (run: () => void) => () => void; preload?: (kinds: readonly DialogKind[]) => Promise<void> } = {},
): () => void {
  if (!kinds.some((kind) => !asked.has(kind))) return () => undefined
  const schedule = options.schedule ?? ((run: () => void) => afterFirstPaintIdle(run))
  const preload = options.preload ?? preloadDialogs
  return schedule(() => {
    const fresh = kinds.filter((kind) => !asked.has(kind))
    if (fresh.length === 0) return
    for (const kind of fresh) asked.add(kind)
    preload(fresh).catch(() => {
      for (const kind of fresh) asked.delete(kind)
    })
  })
}

/** For tests: forget which dialogs were preloaded. */
export function forgetPreloadedDialogs(): void {
  asked.clear()
}

/**
 * `preloadDialogsWhenIdle` for a screen. `kinds` is asked in the effect, not while rendering (an
 * observer screen would otherwise re-render on what it reads there, e.g. the reader signing out),
 * again whenever `deps` change; null or none (a tap here cannot need one) preloads nothing.
 */
export function usePreloadDialogs(kinds: () => readonly DialogKind[] | null, deps: readonly unknown[]): void {
  useEffect(
    () => {
      const wanted = kinds()
      return wanted && wanted.length > 0 ? preloadDialogsWhenIdle(wanted) : undefined
    },
    // The caller names what its kinds depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    deps,
  )
}

/**
 * False while the page's first paint is going on (and on the edge, and in the first render in the
 * browser, so a drawn page hydrates as drawn), true once it is over and the browser was idle: for
 * what a first paint must not wait on or compete with (a chapter's comments).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => afterFirstPaintIdle(() => setReady(true)), [])
  return ready
}
