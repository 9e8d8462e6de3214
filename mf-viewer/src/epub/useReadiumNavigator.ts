import { type Chapter, type EpubPublication, type KeyLayout, type Locale, type ReadProgress, type ReadingDirection } from '@koma/contracts'
import { keyAction, tapAction } from '@koma/contracts/domain'
import type { EpubNavigator, EpubNavigatorListeners } from '@readium/navigator'
import type { Locator as ReadiumLocator } from '@readium/shared'
import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react'
import { createNavigator, documentUrl, dressFrame, navigatorPreferences, prepareBook, type ReadiumParts } from './bookOpening'
import { pageIsBlank } from './bookStyle'
import type { ReaderState } from './EpubChrome'
import { dropFirstBook, moveIntoReader, takeFirstBook, type FirstBook } from './firstBook'
import { firstPageDone, mediaOverlaysOf, takeBook, type MediaOverlays } from './openBook'
import { openWindow } from './openWindow'
import { shownFrames, type BookPlaces, type usePagerBridge } from './pagerBridge'
import { readiumProgress, toProgress } from './progress'
import type { ReaderPrefs } from './readerPrefs'
import { tocOf, type TocEntry } from './toc'

export { navigatorPreferences, scrolledBook } from './bookOpening'

/**
 * The Readium navigator's life (issue 36: EpubReader's split): opening the chapter's book in the
 * reader's frame, where it opens (the saved place, else the start), its listeners (places, taps,
 * keys, links, blank pages turned past), and closing it. EpubReader keeps the state; this opens
 * the book once per chapter (and on retry) and reports into that state.
 */

/** What opening the book reads and sets: EpubReader's own refs, state setters and pager bridge. */
export interface NavigatorScene {
  chapter: Chapter
  initial: ReadProgress | null
  /** Bumped by "try again": the book opens anew. */
  attempt: number
  locale: Locale
  /** The element the navigator draws its frames in. */
  container: RefObject<HTMLDivElement | null>
  navigator: RefObject<EpubNavigator | null>
  /** The Readium the open book was built with (the page's book starter's own copy, or the reader's chunks). */
  readium: RefObject<ReadiumParts | null>
  /** The reader's box (its data-place, written with each report). */
  root: RefObject<HTMLDivElement | null>
  book: RefObject<BookPlaces | null>
  goToEntry: RefObject<(entry: TocEntry) => void>
  latest: RefObject<{
    report(progress: ReadProgress): void
    finish(last: ReadProgress): void
    onToggleChrome(): void
    onTurn(): void
    keyLayout: KeyLayout
    prefs: ReaderPrefs
  }>
  reflowable: RefObject<Set<string>>
  reflowFixedFrames(): void
  /** The book's media overlays, for read-aloud (issue 37). */
  overlays: RefObject<MediaOverlays>
  setActiveClass: Dispatch<SetStateAction<string | null>>
  scrolledRef: RefObject<boolean>
  vertical: boolean
  direction: ReadingDirection
  bridge: Pick<ReturnType<typeof usePagerBridge>, 'pagers' | 'paged' | 'pending' | 'turning' | 'turn' | 'syncPager' | 'adoptPagers'>
  setState: Dispatch<SetStateAction<ReaderState>>
  setToc: Dispatch<SetStateAction<TocEntry[]>>
  setCurrentHref: Dispatch<SetStateAction<string | null>>
  setPercent: Dispatch<SetStateAction<number>>
  setAtEnd: Dispatch<SetStateAction<boolean>>
  setSkipped: Dispatch<SetStateAction<boolean>>
  setScrolled: Dispatch<SetStateAction<boolean>>
  setEndOpen: Dispatch<SetStateAction<boolean>>
}

export function useReadiumNavigator(scene: NavigatorScene): void {
  const {
    chapter,
    initial,
    attempt,
    locale,
    container,
    navigator,
    readium,
    root,
    book,
    goToEntry,
    latest,
    reflowable,
    reflowFixedFrames,
    overlays,
    setActiveClass,
    scrolledRef,
    vertical,
    direction,
  } = scene
  const { pagers, paged, pending, turning, turn, syncPager, adoptPagers } = scene.bridge
  const { setState, setToc, setCurrentHref, setPercent, setAtEnd, setSkipped, setScrolled, setEndOpen } = scene
  useEffect(() => {
    let cancelled = false
    let created: EpubNavigator | null = null
    let adopted: FirstBook | null = null
    setState({ kind: 'loading' })
    void (async () => {
      try {
        // The book the page opened before the app (bookStart.ts, issue 39), once; else the one
        // the viewer started as soon as it knew the chapter is a book (openBook.ts), else now.
        adopted = attempt === 0 ? takeFirstBook(chapter, locale, initial) : null
        let parts: ReadiumParts
        let publication: EpubPublication
        if (adopted) ({ readium: parts, answer: publication } = adopted)
        else {
          const [navigatorModule, sharedModule, answer] = await takeBook(chapter, locale)
          parts = { navigator: navigatorModule, shared: sharedModule }
          publication = answer
        }
        if (cancelled || !container.current) return
        readium.current = parts
        const { shared } = parts
        const prepared = adopted?.book ?? prepareBook(parts, publication, initial)
        setToc(tocOf(publication.manifest))
        reflowable.current = new Set(
          chapter.epub?.layout === 'fixed'
            ? (publication.manifest.readingOrder as { href: string; properties?: { layout?: string } }[])
                .filter((link) => link.properties?.layout === 'reflowable')
                .map((link) => documentUrl(publication, link.href))
                .filter((url): url is string => Boolean(url))
            : [],
        )
        overlays.current = mediaOverlaysOf(publication)
        setActiveClass(overlays.current.activeClass)
        scrolledRef.current = prepared.scrolled
        setScrolled(scrolledRef.current)
        goToEntry.current = (entry) => {
          const link = shared.Link.deserialize({ href: entry.href, title: entry.title, type: 'application/xhtml+xml' })
          if (!link) return
          pending.current = { href: link.href.split('#')[0] ?? link.href, where: 0 }
          navigator.current?.goLink(link, false, () => undefined)
        }
        const { positions, readingOrder, start } = prepared
        const lastPosition = positions.length
        pending.current = prepared.pending
        if (prepared.endOpen) setEndOpen(true)
        const onProgress = (progress: ReadProgress, lastDocument: boolean, atDocumentEnd: boolean) => {
          const ended = lastDocument && atDocumentEnd
          setCurrentHref(progress.href)
          root.current?.setAttribute('data-place', `${progress.href}@${progress.progression}`)
          // The last page reads 100% whatever the share of the book it starts at.
          setPercent(ended ? 100 : Math.min(99, Math.round(progress.totalProgression * 100)))
          latest.current.report(progress)
          if (ended) latest.current.finish(progress)
          setAtEnd(ended)
        }
        book.current = { readingOrder, positions, onProgress }
        const listeners: EpubNavigatorListeners = {
          frameLoaded: (wnd) => {
            dressFrame(wnd, chapter)
            if (chapter.epub?.layout === 'fixed') reflowFixedFrames()
          },
          positionChanged: (locator) => {
            if (syncPager(locator)) return
            const fixed = chapter.epub?.layout === 'fixed'
            const progress = fixed ? toProgress(locator) : readiumProgress(locator, positions)
            const nav = navigator.current
            const index = readingOrder.findIndex((link) => link.href === progress.href)
            if (fixed) {
              reflowFixedFrames()
              // A spread's locator is its first page: the last spread (pages n-1 and n) is the
              // end when it shows the last page, whatever page its locator names.
              const lastHref = readingOrder[readingOrder.length - 1]?.href
              let shown: string[] = []
              let more = true
              try {
                // Only a spread: one page at a time (a phone), Readium's viewport names the spread
                // whose index is the page's (navigator 2.4's currentSpread), so on a phone a book whose
                // pages pair into spreads "ended" pages before its last (100% and the end bar on an
                // afterword followed by a page).
                if ((nav?._cframes?.length ?? 0) > 1) {
                  shown = (nav?.viewport as { readingOrder?: string[] } | undefined)?.readingOrder ?? []
                  more = !nav || nav.canGoForward
                }
              } catch {
                /* no frames laid out yet */
              }
              const ended = index === readingOrder.length - 1 || (lastHref !== undefined && shown.includes(lastHref)) || !more
              onProgress(ended ? { ...progress, totalProgression: 1 } : progress, ended, ended)
              return
            }
            const ended = progress.position >= lastPosition && (!nav || !nav.canGoForward)
            // Landed on a page the book's CSS left blank (bookStyle's pageIsBlank): on past it, the same way.
            const landed = turning.current
            turning.current = null
            if (landed && landed.left > 0 && nav && !ended && shownFrames(nav).some(({ doc }) => doc !== null && pageIsBlank(doc))) {
              turning.current = { action: landed.action, left: landed.left - 1 }
              if (landed.action === 'next') nav.goForward(false, () => undefined)
              else nav.goBackward(false, () => undefined)
            }
            onProgress(progress, index === readingOrder.length - 1, ended)
          },
          tap: (event) => {
            const width = container.current?.clientWidth ?? window.innerWidth
            const x = event.x / (window.devicePixelRatio || 1)
            const action = tapAction(Math.min(width, Math.max(0, x)), width, direction, latest.current.keyLayout)
            if (action === 'menu' || action === null) latest.current.onToggleChrome()
            else turn(action)
            return true
          },
          click: (event) => listeners.tap(event),
          zoom: () => undefined,
          miscPointer: () => undefined,
          scroll: () => undefined,
          customEvent: () => undefined,
          handleLocator: (locator) => {
            if (/^https?:/.test(locator.href)) openWindow(locator.href)
            return true
          },
          textSelected: () => undefined,
          contentProtection: () => undefined,
          contextMenu: () => undefined,
          peripheral: (data: { key?: string }) => {
            const action = keyAction(data.key ?? '', direction, latest.current.keyLayout)
            if (action === 'next' || action === 'previous') turn(action)
          },
        }
        const box = container.current
        const open = async (from: ReadiumLocator | undefined) => {
          created = createNavigator(parts, box, prepared, listeners, from, navigatorPreferences(latest.current.prefs, vertical, scrolledRef.current))
          navigator.current = created
          await created.load()
        }
        /** The page's open book, once its first page is up, moved into the reader's box (false: it failed, open anew). */
        const adopt = async (first: FirstBook): Promise<boolean> => {
          created = first.navigator
          navigator.current = created
          if (!(await first.loaded) || cancelled || !moveIntoReader(first, box)) return false
          first.relay.target = listeners
          // The pagers it laid its vertical or right-to-left documents out with, and the place
          // still to land on (none once the starter's pager has landed there).
          adoptPagers(first.pagers)
          pending.current = first.book.pending
          // Where it is: the reader's progress, its pager and its end, as if it had opened it.
          if (first.relay.position) listeners.positionChanged(first.relay.position)
          return true
        }
        try {
          if (!adopted || !(await adopt(adopted))) {
            if (adopted) dropFirstBook(adopted)
            if (cancelled) return
            await open(start)
          }
        } catch (error) {
          if (!start || cancelled) throw error
          // The saved place no longer opens (a document that fails to load): that must not shut
          // the book for good. Open it at the next document, else at its beginning, and say so.
          const failedAt = readingOrder.findIndex((link) => link.href === start?.href)
          const further = positions.find((position) => readingOrder.findIndex((link) => link.href === position.href) > failedAt)
          pending.current = null
          setEndOpen(false)
          let opened = false
          for (const from of further ? [further, undefined] : [undefined]) {
            if (cancelled) return
            await navigator.current?.destroy().catch(() => undefined)
            try {
              await open(from)
              opened = true
              break
            } catch {
              /* the next candidate */
            }
          }
          if (!opened) throw error
          if (!cancelled) setSkipped(true)
        }
        if (!cancelled) setState({ kind: 'ready' })
      } catch (error) {
        if (!cancelled) setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
      } finally {
        firstPageDone()
      }
    })()
    const installed = pagers.current
    return () => {
      cancelled = true
      firstPageDone()
      for (const pager of installed.values()) pager.uninstall()
      installed.clear()
      paged.current = null
      book.current = null
      navigator.current = null
      readium.current = null
      void created?.destroy()
      adopted?.container.remove()
    }
    // The book opens once per chapter (and on retry); the reader's moves must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter.id, chapter.salesType, attempt])
}
