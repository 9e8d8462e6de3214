import type { EpubNavigator } from '@readium/navigator'
import type { Link as ReadiumLink, Locator as ReadiumLocator } from '@readium/shared'
import type { ReadProgress } from '@koma/contracts'
import { useCallback, useRef, type RefObject } from 'react'
import { REFLOWED_ATTRIBUTE } from './bookStyle'
import { FramePager, flowOf, type PagerListener } from './pager'
import { pagedProgress } from './progress'
import type { ReaderPrefs } from './readerPrefs'

/** What the reader knows of the open book: its documents, its positions, and where to report a place. */
export interface BookPlaces {
  readingOrder: ReadiumLink[]
  positions: ReadiumLocator[]
  onProgress(progress: ReadProgress, lastDocument: boolean, atDocumentEnd: boolean): void
}

/** The frames Readium shows now (a fixed-layout spread shows two), with their documents when reachable. */
export function shownFrames(nav: EpubNavigator | null): { frame: HTMLIFrameElement; doc: Document | null }[] {
  const frames = ((nav?._cframes ?? []) as ({ iframe?: HTMLIFrameElement } | undefined)[]).map((each) => each?.iframe).filter(Boolean) as HTMLIFrameElement[]
  return frames.map((frame) => {
    try {
      return { frame, doc: frame.contentDocument }
    } catch {
      return { frame, doc: null }
    }
  })
}

/** How long a turn waits for Readium to finish bringing a document on screen (see `turn`), in animation frames (~3 s). */
const SWAP_WAIT_FRAMES = 180

/**
 * Readium is bringing another document on screen: the document it showed is hidden and the new one
 * not yet its current frame (reflowable books; a fixed-layout book turns without its frames' messages).
 */
export function swappingDocuments(nav: EpubNavigator | null): boolean {
  const current = nav?._cframes?.[0] as { hidden?: boolean } | undefined
  return current?.hidden === true
}

/**
 * Listens to the frames Readium shows now. Readium attaches its listener to a frame it puts on
 * screen after most updates, but not all: a frame its place sync rebuilt (readium-patches.js
 * mends that one) went unheard, and its turns moved the page but never reported the place. Done
 * before each turn, so whatever path put the frame there, the turn's place is heard.
 */
export function hearShownFrames(nav: EpubNavigator): void {
  try {
    ;(nav as unknown as { attachListener?: () => void }).attachListener?.()
  } catch {
    /* no frame on screen yet: nothing to listen to */
  }
}

/**
 * The pager bridge (issue 36: EpubReader's split): Readium pages most books, our own pager
 * (pager.ts) the documents whose writing Readium turns the wrong way (vertical and right-to-left
 * text). `syncPager` takes the document now shown under our pager when it needs it; `turn` turns
 * a page whichever pages it: our pager, a scrolled document's next screen, or Readium.
 */
export function usePagerBridge({
  navigator,
  book,
  latest,
  scrolledRef,
  layout,
  setSkipped,
}: {
  navigator: RefObject<EpubNavigator | null>
  book: RefObject<BookPlaces | null>
  latest: RefObject<{ onTurn(): void; prefs: ReaderPrefs }>
  scrolledRef: RefObject<boolean>
  layout: string | undefined
  setSkipped(skipped: boolean): void
}) {
  /** Documents our own pager turns (vertical and right-to-left text), one pager per document. */
  const pagers = useRef(new Map<Document, FramePager>())
  const paged = useRef<{ frame: HTMLIFrameElement; href: string; type: string; pager: FramePager } | null>(null)
  /** Where to land in a document our pager turns, once it is shown (a resume, or its end when going back). */
  const pending = useRef<{ href: string; where: number | 'end' } | null>(null)
  /** syncPager, for `turn` (which syncPager's swipes call in turn). */
  const sync = useRef<(locator: ReadiumLocator) => boolean>(() => false)
  /** A turn Readium is making (paginated reflowable text): a blank page it lands on is turned past, a few at most. */
  const turning = useRef<{ action: 'next' | 'previous'; left: number } | null>(null)
  /** A turn asked for while Readium swapped documents: made once the swap ends (the latest one wins). */
  const deferred = useRef<{ action: 'next' | 'previous'; frames: number } | null>(null)
  /** `turn`, for the deferred turn (made from a later frame). */
  const turnRef = useRef<(action: 'next' | 'previous') => void>(() => undefined)

  const reportPaged = useCallback(() => {
    const entry = paged.current
    const known = book.current
    if (!entry || !known) return
    const progress = pagedProgress(entry.href, entry.type, entry.pager.progression(), known.positions)
    const index = known.readingOrder.findIndex((link) => link.href === entry.href)
    known.onProgress(progress, index === known.readingOrder.length - 1, entry.pager.atEnd())
  }, [book])

  const turn = useCallback(
    (action: 'next' | 'previous') => {
      const nav = navigator.current
      if (!nav) return
      // Readium reports the place of a document while it is still bringing it on screen; a turn
      // then went to the document it had just hidden, whose messages it no longer hears, and was
      // lost (a second key or tap made quickly after the first turned into the next document).
      // Wait for the swap to end (a few frames), then turn.
      if (layout !== 'fixed' && swappingDocuments(nav)) {
        const waiting = deferred.current !== null
        deferred.current = { action, frames: 0 }
        if (waiting) return
        const wait = () => {
          const next = deferred.current
          if (!next || navigator.current !== nav) {
            deferred.current = null
            return
          }
          if (swappingDocuments(nav) && next.frames < SWAP_WAIT_FRAMES) {
            next.frames += 1
            requestAnimationFrame(wait)
            return
          }
          deferred.current = null
          turnRef.current(next.action)
        }
        requestAnimationFrame(wait)
        return
      }
      setSkipped(false)
      latest.current.onTurn()
      const frame = (nav._cframes?.[0] as { iframe?: HTMLIFrameElement } | undefined)?.iframe
      // A turn can come before Readium reports the document now shown (a key pressed as the book
      // opens): take that document under our pager first, or Readium would turn it the wrong way.
      const locator = nav.currentLocator as ReadiumLocator | undefined
      if (paged.current?.frame !== frame && locator) sync.current(locator)
      const entry = paged.current
      if (entry && entry.frame === frame && book.current) {
        if (action === 'next' ? entry.pager.next() : entry.pager.previous()) {
          reportPaged()
          return
        }
        // The first or last page of this document: on to the neighbouring one.
        const { readingOrder, positions } = book.current
        const to = readingOrder[readingOrder.findIndex((link) => link.href === entry.href) + (action === 'next' ? 1 : -1)]
        if (!to) return
        if (action === 'next') {
          nav.goLink(to, false, () => undefined)
          return
        }
        const href = to.href
        pending.current = { href, where: 'end' }
        const last = [...positions].reverse().find((position) => position.href === href)
        if (last) nav.go(last.copyWithLocations({ progression: 0.999 }), false, () => undefined)
        else nav.goLink(to, false, () => undefined)
        return
      }
      // Read scrolled (the book's rendition:flow, or the reader's setting): a turn is the next
      // screen of the document, and the next document only at its end (Readium's turn went
      // straight to the next document, past the whole scrolled strip).
      // A reflowable document inside a fixed-layout book scrolls inside its page the same way.
      const reflowed = shownFrames(nav).find(({ doc }) => doc?.documentElement?.hasAttribute(REFLOWED_ATTRIBUTE))
      if (latest.current.prefs.scroll || scrolledRef.current || reflowed) {
        const scrolling = reflowed?.frame ?? frame
        let page: Element | null = null
        try {
          page = scrolling?.contentDocument?.scrollingElement ?? null
        } catch {
          page = null
        }
        if (page && scrolling) {
          const step = Math.max(1, Math.round((scrolling.clientHeight || page.clientHeight) * 0.9))
          const before = page.scrollTop
          if (action === 'next' && before + page.clientHeight < page.scrollHeight - 1) {
            page.scrollTop = Math.min(page.scrollHeight - page.clientHeight, before + step)
            return
          }
          if (action === 'previous' && before > 0) {
            page.scrollTop = Math.max(0, before - step)
            return
          }
        }
      }
      turning.current = layout === 'fixed' || latest.current.prefs.scroll || scrolledRef.current ? null : { action, left: 3 }
      hearShownFrames(nav)
      if (action === 'next') nav.goForward(true, () => undefined)
      else nav.goBackward(true, () => undefined)
    },
    [layout, reportPaged, navigator, book, latest, scrolledRef, setSkipped],
  )

  /** A document's pager reports to the reader: a swipe turns, a move (a new layout) reports the place. */
  const listenerFor = useCallback(
    (doc: Document): PagerListener => ({
      swipe: (action) => turn(action),
      moved: () => {
        if (paged.current?.pager.doc === doc) reportPaged()
      },
    }),
    [turn, reportPaged],
  )

  /** Takes the pagers the page's book starter installed (bookStart.ts, issue 39): the reader's from now on. */
  const adoptPagers = useCallback(
    (installed: ReadonlyMap<Document, FramePager>) => {
      for (const [doc, pager] of installed) {
        pager.listen(listenerFor(doc))
        pagers.current.set(doc, pager)
      }
    },
    [listenerFor],
  )

  /** Take the document now shown under our pager if its writing needs it; false: Readium pages it. */
  const syncPager = useCallback(
    (locator: ReadiumLocator, reinstall = false): boolean => {
      const nav = navigator.current
      const frame = (nav?._cframes?.[0] as { iframe?: HTMLIFrameElement } | undefined)?.iframe
      let doc: Document | null = null
      try {
        doc = frame?.contentDocument ?? null
      } catch {
        doc = null
      }
      if (!frame || !doc || layout === 'fixed') {
        paged.current = null
        return false
      }
      let pager = pagers.current.get(doc)
      if (pager && reinstall) {
        // New settings (scrolled or paginated, text size): every document is laid out again.
        const progression = pager.progression()
        for (const each of pagers.current.values()) each.uninstall()
        pagers.current.clear()
        pager = undefined
        pending.current = { href: locator.href, where: progression }
      }
      if (!pager) {
        const flow = flowOf(doc)
        if (!flow) {
          paged.current = null
          return false
        }
        pager = new FramePager(doc, flow, latest.current.prefs.scroll || scrolledRef.current, listenerFor(doc))
        pager.install()
        pagers.current.set(doc, pager)
      }
      if (pending.current && pending.current.href === locator.href) {
        pager.want(pending.current.where)
        pending.current = null
      }
      paged.current = { frame, href: locator.href, type: locator.type ?? 'application/xhtml+xml', pager }
      reportPaged()
      return true
    },
    [layout, reportPaged, listenerFor, navigator, latest, scrolledRef],
  )
  sync.current = syncPager
  turnRef.current = turn

  return { pagers, paged, pending, turning, turn, syncPager, adoptPagers }
}
