import { useLocale, whenIdle, type Chapter, type KeyLayout, type ReadProgress } from '@koma/contracts'
import { keyAction } from '@koma/contracts/domain'
import type { EpubNavigator } from '@readium/navigator'
import type { Locator as ReadiumLocator } from '@readium/shared'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { fitListMarkers, reflowInFixedPage } from './bookStyle'
import { shownFrames, usePagerBridge, type BookPlaces } from './pagerBridge'
import { ReaderEnd, ReaderFooter, ReaderNotices, type ReaderState } from './EpubChrome'
import type { TocEntry } from './toc'
import { loadReaderPrefs, saveReaderPrefs, THEMES, type ReaderPrefs } from './readerPrefs'
import type { MediaOverlays } from './openBook'
import type { OverlayHost } from './readAloud/overlayNarrator'
import { verticalBook, type ReadiumParts } from './bookOpening'
import { FRAME_BOTTOM, FRAME_TOP } from './frameBox'
import { navigatorPreferences, useReadiumNavigator } from './useReadiumNavigator'

// Read-aloud (issue 37) is downloaded the first time a reader asks for it.
const ReadAloud = lazy(() => import(/* webpackChunkName: "read-aloud" */ './readAloud/ReadAloud'))
// The settings and contents sheets load on first use, not before the book's first page (issue 39):
// fetched once the reader is ready, so the first tap opens them at once.
const loadSettings = () => import(/* webpackChunkName: "reader-sheets" */ './ReaderSettings')
const loadContents = () => import(/* webpackChunkName: "reader-sheets" */ './TableOfContents')
const ReaderSettings = lazy(() => loadSettings().then((module) => ({ default: module.ReaderSettings })))
const TableOfContents = lazy(() => loadContents().then((module) => ({ default: module.TableOfContents })))

/** A range is on the page shown now: some of its boxes inside its frame's viewport. */
function onScreen(range: Range): boolean {
  const view = range.startContainer.ownerDocument?.defaultView
  if (!view) return false
  return [...range.getClientRects()].some(
    (rect) => rect.width + rect.height > 0 && rect.right > 0 && rect.bottom > 0 && rect.left < view.innerWidth && rect.top < view.innerHeight,
  )
}

export { pagedProgress, readiumProgress } from './progress'
export { scrolledBook } from './useReadiumNavigator'

export interface EpubReaderProps {
  chapter: Chapter
  keyLayout: KeyLayout
  initial: ReadProgress | null
  report(progress: ReadProgress): void
  finish(last: ReadProgress): void
  chromeVisible: boolean
  onToggleChrome(): void
  onTurn(): void
  /** The end of the chapter, opened from the bar shown at the last page. */
  end: ReactNode
}

type State = ReaderState

/**
 * The novel reader: Readium's EPUB navigator over the chapter's Web Publication Manifest (its
 * Locator is SPEC §3's read progress). Reflowable, fixed-layout and Japanese vertical books;
 * font size, theme and paginated or scrolled reading; tap zones and keys like the comic viewer.
 */
export default function EpubReader({ chapter, keyLayout, initial, report, finish, chromeVisible, onToggleChrome, onTurn, end }: EpubReaderProps) {
  const { locale } = useLocale()
  const container = useRef<HTMLDivElement | null>(null)
  const navigator = useRef<EpubNavigator | null>(null)
  const readium = useRef<ReadiumParts | null>(null)
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  /** The saved place could not be shown: the book opened further on (a notice until the next turn). */
  const [skipped, setSkipped] = useState(false)
  const [prefs, setPrefs] = useState<ReaderPrefs>(loadReaderPrefs)
  const [percent, setPercent] = useState(0)
  const [atEnd, setAtEnd] = useState(false)
  const [endOpen, setEndOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [readAloud, setReadAloud] = useState(false)
  const [toc, setToc] = useState<TocEntry[]>([])
  const [tocOpen, setTocOpen] = useState(false)
  const [currentHref, setCurrentHref] = useState<string | null>(null)
  /**
   * The reader's box. Its data-place is the last reported place (href and progression, as sent to
   * the API), written in the same task as the report (not React state, which renders a moment
   * later), so a test that sees a page turned reads that page's place.
   */
  const root = useRef<HTMLDivElement | null>(null)
  const goToEntry = useRef<(entry: TocEntry) => void>(() => undefined)
  const book = useRef<BookPlaces | null>(null)
  const latest = useRef({ report, finish, onToggleChrome, onTurn, keyLayout, prefs })
  latest.current = { report, finish, onToggleChrome, onTurn, keyLayout, prefs }
  const direction = chapter.readingDirection
  const vertical = verticalBook(chapter)
  /** The book asks to be scrolled (rendition:flow): the reader's paginated setting does not apply. */
  const [scrolled, setScrolled] = useState(false)
  const scrolledRef = useRef(false)
  const { pagers, paged, pending, turning, turn, syncPager, adoptPagers } = usePagerBridge({
    navigator,
    book,
    latest,
    scrolledRef,
    layout: chapter.epub?.layout,
    setSkipped,
  })
  // Read-aloud reads the frames on screen and turns pages as the reader would (issue 37).
  const turnRef = useRef(turn)
  turnRef.current = turn
  /** The book's media overlays (EPUB 3 narration), read with its manifest. */
  const overlays = useRef<MediaOverlays>({ byDocument: new Map(), activeClass: null })
  const [activeClass, setActiveClass] = useState<string | null>(null)
  const readAloudHost = useMemo<OverlayHost>(
    () => ({
      documents: () => shownFrames(navigator.current).flatMap(({ doc }) => (doc ? [doc] : [])),
      visible: onScreen,
      turn: () => turnRef.current('next'),
      overlay: (doc) => {
        try {
          const url = new URL(doc.baseURI)
          url.hash = ''
          return overlays.current.byDocument.get(url.href) ?? null
        } catch {
          return null
        }
      },
    }),
    [],
  )
  /** A fixed-layout book's reflowable documents (their itemref says rendition:layout-reflowable), by absolute URL. */
  const reflowable = useRef(new Set<string>())

  /** Lay a fixed-layout book's reflowable documents now shown out as text pages (bookStyle's reflowInFixedPage). */
  const reflowFixedFrames = useCallback(() => {
    if (reflowable.current.size === 0) return
    for (const { frame, doc } of shownFrames(navigator.current)) {
      try {
        if (doc?.readyState === 'complete' && reflowable.current.has(new URL(doc.baseURI).href)) reflowInFixedPage(frame, doc)
        // A page still loading (Readium reports a slide before its frame has its document): once it has.
        else if (!doc || doc.readyState !== 'complete') frame.addEventListener('load', reflowFixedFrames, { once: true })
      } catch {
        /* a frame being torn down */
      }
    }
  }, [])

  useReadiumNavigator({
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
    bridge: { pagers, paged, pending, turning, turn, syncPager, adoptPagers },
    setState,
    setToc,
    setCurrentHref,
    setPercent,
    setAtEnd,
    setSkipped,
    setScrolled,
    setEndOpen,
  })

  // Reader settings apply live; our pager lays its document out again where the reader was.
  // The sheets' code once the book is on screen and the page idle: the first tap opens them at once.
  useEffect(() => {
    if (state.kind !== 'ready') return
    return whenIdle(() => {
      void loadSettings().catch(() => undefined)
      void loadContents().catch(() => undefined)
    }, 5_000)
  }, [state.kind])

  useEffect(() => {
    saveReaderPrefs(prefs)
    const nav = navigator.current
    const EpubPreferences = readium.current?.navigator.EpubPreferences
    if (!nav || !EpubPreferences || state.kind !== 'ready') return
    void nav.submitPreferences(new EpubPreferences(navigatorPreferences(prefs, vertical, scrolledRef.current))).then(() => {
      // Larger text: lists fitted for the old size may need more room.
      for (const each of nav._cframes ?? []) {
        const doc = (each as { iframe?: HTMLIFrameElement } | undefined)?.iframe?.contentDocument
        if (doc && chapter.epub?.layout !== 'fixed') fitListMarkers(doc)
      }
      const location = nav.currentLocator as ReadiumLocator | undefined
      if (location && paged.current) syncPager(location, true)
    })
  }, [prefs, state.kind, vertical, syncPager, paged, chapter.epub?.layout])

  // Keys while the focus is on the page around the book.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target as HTMLElement | null
      if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName)) return
      const action = keyAction(event.key, direction, keyLayout)
      if ((action === 'next' || action === 'previous') && !((prefs.scroll || scrolled) && /Arrow(Up|Down)/.test(event.key))) {
        event.preventDefault()
        turn(action)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [direction, keyLayout, prefs.scroll, scrolled, turn])

  const theme = THEMES[prefs.theme]
  return (
    <div
      ref={root}
      data-testid="epub-reader"
      data-state={state.kind}
      data-layout={chapter.epub?.layout}
      data-direction={direction}
      css={{ position: 'fixed', inset: 0, background: theme.background, color: theme.text }}
    >
      <div
        ref={container}
        data-testid="epub-frame"
        css={{
          position: 'absolute',
          top: FRAME_TOP,
          bottom: FRAME_BOTTOM,
          left: 0,
          right: 0,
          overflow: 'hidden',
          '& iframe': { border: 0 },
          '& .readium-navigator-iframe': { width: '100%', height: '100%' },
          // The book's first page shows at once (issue 39): Readium fades every frame in (0.1 s,
          // which a main thread busy opening the book stretched to 0.25 s); later ones still fade.
          '[data-state="loading"] & .readium-navigator-iframe': { transition: 'none !important' },
        }}
      />
      <ReaderNotices state={state} skipped={skipped} onRetry={() => setAttempt((n) => n + 1)} />
      <ReaderFooter
        visible={chromeVisible || atEnd}
        percent={percent}
        atEnd={atEnd}
        hasContents={toc.length > 0}
        onOpenEnd={() => setEndOpen(true)}
        onOpenContents={() => setTocOpen(true)}
        onOpenSettings={() => setSettingsOpen(true)}
        readAloud={{ on: readAloud, ready: state.kind === 'ready', toggle: () => setReadAloud((open) => !open) }}
      />
      {readAloud ? (
        <Suspense fallback={null}>
          <ReadAloud host={readAloudHost} language={chapter.epub?.language || 'en'} activeClass={activeClass} onClose={() => setReadAloud(false)} />
        </Suspense>
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <ReaderSettings
            prefs={prefs}
            fixedLayout={chapter.epub?.layout === 'fixed'}
            bookScrolled={scrolled}
            onChange={(change) => setPrefs((current) => ({ ...current, ...change }))}
            onClose={() => setSettingsOpen(false)}
          />
        </Suspense>
      ) : null}
      {tocOpen ? (
        <Suspense fallback={null}>
          <TableOfContents
            entries={toc}
            currentHref={currentHref}
            onGo={(entry) => {
              setTocOpen(false)
              goToEntry.current(entry)
            }}
            onClose={() => setTocOpen(false)}
          />
        </Suspense>
      ) : null}
      {endOpen ? (
        <ReaderEnd
          end={end}
          onReadAgain={() => {
            setEndOpen(false)
            const first = book.current?.readingOrder[0]
            if (!first) return
            pending.current = { href: first.href, where: 0 }
            navigator.current?.goLink(first, false, () => undefined)
          }}
          onClose={() => setEndOpen(false)}
        />
      ) : null}
    </div>
  )
}
