import { readPageScripts } from '@koma/contracts/pageScripts'

/** The page's largest paint as the browser reports it (PerformanceObserver), where it can. */
function largestPaintOf(win: Window, isHero: (element: Element | null) => boolean): Promise<void> | null {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver
  if (!Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) return null
  return new Promise<void>((resolve) => {
    const observer = new Observer((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[]
      if (entries.some((entry) => isHero(entry.element ?? null))) {
        observer.disconnect()
        resolve()
      }
    })
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
  })
}

/** The image loaded and decoded, or failed (where decode() is missing: loaded, or failed). */
function decodedOrFailed(image: HTMLImageElement): Promise<void> {
  if (typeof image.decode === 'function') return image.decode().catch(() => undefined)
  if (image.complete) return Promise.resolve()
  return new Promise<void>((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true })
    image.addEventListener('error', () => resolve(), { once: true })
  })
}

/** One frame: what the browser has is painted before the app's code runs (a hidden tab has no frames: a short timer stands in). */
function nextFrame(win: Window): Promise<void> {
  return new Promise<void>((resolve) => {
    const fallback = win.setTimeout(resolve, 100)
    win.requestAnimationFrame(() => {
      win.clearTimeout(fallback)
      win.setTimeout(resolve, 0)
    })
  })
}

/**
 * A page the edge drew (issue 13) is whole before any script runs. Its app waits until the
 * browser has painted it, its largest image included (the one image the page fetches first,
 * `fetchpriority="high"`), then fetches the scripts the page names (koma-scripts), all at once,
 * and starts: on a phone neither the first paint nor that image waits for or competes with a
 * script. Links work meanwhile (they are links); after `capMs` the app starts anyway. A page the
 * browser draws starts at once.
 */
export async function afterFirstPaint(capMs = 3_000, doc: Document = document, win: Window = window): Promise<void> {
  const root = doc.getElementById('root')
  const drawn = root?.hasChildNodes() === true
  const heroes = drawn && root ? [...root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')] : []
  if (heroes.length > 0) {
    const isHero = (element: Element | null) => heroes.some((hero) => element !== null && (element === hero || element.contains(hero)))
    // Reported by the browser as painted, or (without that API, or when something else is the
    // largest paint) loaded and decoded, then a frame.
    const decoded = Promise.all(heroes.map(decodedOrFailed)).then(() => nextFrame(win))
    const reported = largestPaintOf(win, isHero)
    await Promise.race([
      reported ?? decoded,
      reported ? decoded.then(() => nextFrame(win)) : decoded,
      new Promise<void>((resolve) => win.setTimeout(resolve, capMs)),
    ])
  }
  // What the page shows is painted in the next frame.
  if (drawn) await nextFrame(win)
  preload(doc, readPageScripts(doc))
}

/** Fetch the page's scripts in parallel now; the app's own loading then finds them in the cache. */
function preload(doc: Document, scripts: string[]): void {
  for (const href of scripts) {
    const link = doc.createElement('link')
    link.rel = 'preload'
    link.as = 'script'
    link.href = href
    doc.head.appendChild(link)
  }
}

/**
 * Marks a page the edge drew (`<div id="root" data-drawn>`) as taken over by the app: its screen
 * is hydrated and answers the reader (the end-to-end tests wait for it before they act).
 */
export function markHydrated(doc: Document = document): void {
  const root = doc.getElementById('root')
  if (root?.hasAttribute('data-drawn')) root.setAttribute('data-hydrated', 'true')
}
