import { COLORS, openWindow, positionsFromCounts, useLocale, useT, type Chapter, type KeyLayout, type ReadProgress } from '@koma/contracts'
import { keyAction, tapAction } from '@koma/contracts/domain'
import type { EpubNavigator, EpubNavigatorListeners } from '@readium/navigator'
import type { Link as ReadiumLink, Locator as ReadiumLocator } from '@readium/shared'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { readerMessages } from '../i18n/messages'
import { fitListMarkers, pageIsBlank, reflowInFixedPage, REFLOWED_ATTRIBUTE } from './bookStyle'
import { documentUrl, takeBook } from './openBook'
import { FramePager, flowOf } from './pager'
import { ReaderSettings } from './ReaderSettings'
import { TableOfContents, tocOf, type TocEntry } from './TableOfContents'
import { loadReaderPrefs, saveReaderPrefs, THEMES, type ReaderPrefs } from './readerPrefs'

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

/** Arrow keys, page keys and space, forwarded from inside the book's frames. */
const TURN_KEYS = [37, 39, 32, 33, 34].map((keyCode) => ({ keyCode }))

function toProgress(locator: ReadiumLocator): ReadProgress {
  const locations = locator.locations
  return {
    href: locator.href,
    type: locator.type ?? 'application/xhtml+xml',
    progression: Math.min(1, Math.max(0, locations?.progression ?? 0)),
    totalProgression: Math.min(1, Math.max(0, locations?.totalProgression ?? 0)),
    position: Math.max(1, Math.round(locations?.position ?? 1)),
  }
}

/** The end of a book as read progress: SPEC §3's finished position. */
const FINISHED_POSITION = 10000

/** The frames Readium shows now (a fixed-layout spread shows two), with their documents when reachable. */
function shownFrames(nav: EpubNavigator | null): { frame: HTMLIFrameElement; doc: Document | null }[] {
  const frames = ((nav?._cframes ?? []) as ({ iframe?: HTMLIFrameElement } | undefined)[]).map((each) => each?.iframe).filter(Boolean) as HTMLIFrameElement[]
  return frames.map((frame) => {
    try {
      return { frame, doc: frame.contentDocument }
    } catch {
      return { frame, doc: null }
    }
  })
}

/**
 * Read progress of a page our own pager shows: the positions of its document are spread over
 * its pages, so position and total progression move page by page.
 */
export function pagedProgress(
  href: string,
  type: string,
  progression: number,
  positions: { href: string; locations: { position?: number; totalProgression?: number } }[],
): ReadProgress {
  const own = positions.filter((position) => position.href === href)
  const total = Math.max(1, positions.length)
  const first = own[0]
  if (!first) return { href, type, progression, totalProgression: 0, position: 1 }
  const exact = progression * own.length
  const index = Math.min(own.length - 1, Math.floor(exact + 1e-9))
  const at = (own[index] ?? first).locations
  const startOfDoc = first.locations.totalProgression ?? 0
  const share = own.length / total
  const totalProgression = Math.min(1, Math.max(0, startOfDoc + progression * share, at.totalProgression ?? 0))
  return { href, type, progression, totalProgression, position: Math.max(1, Math.round(at.position ?? 1)) }
}

/**
 * Read progress of a place Readium pages (or scrolls) itself. Its locator carries the position
 * of the first position at or after the top of the screen; past a document's last position it
 * keeps whichever it had before, so a resume near a document's end read 0%. Its progression
 * within the document is right: spread the document's positions over it, as our pager does.
 */
export function readiumProgress(
  locator: ReadiumLocator,
  positions: { href: string; locations: { position?: number; totalProgression?: number } }[],
): ReadProgress {
  const base = toProgress(locator)
  if (typeof locator.locations?.progression !== 'number') return base
  return pagedProgress(base.href, base.type, base.progression, positions)
}

/** A book whose package asks to be scrolled (rendition:flow scrolled-doc or scrolled-continuous). */
export function scrolledBook(metadata: Record<string, unknown> | undefined): boolean {
  const presentation = metadata?.presentation as { overflow?: string } | undefined
  return presentation?.overflow === 'scrolled'
}

/** The side room of scrolled text, in CSS pixels. */
const SCROLL_SIDE_PADDING = 16

function navigatorPreferences(prefs: ReaderPrefs, vertical: boolean, scrolled = false) {
  const theme = THEMES[prefs.theme]
  const scroll = prefs.scroll || scrolled
  const base = {
    fontSize: prefs.fontSize,
    backgroundColor: theme.background,
    textColor: theme.text,
    scroll,
    // Scrolled, the text keeps off the screen's edges on a phone as a paginated page does (Readium's
    // page gutter is for pages only); on a wide screen the line length centres it anyway.
    ...(scroll ? { scrollPaddingLeft: SCROLL_SIDE_PADDING, scrollPaddingRight: SCROLL_SIDE_PADDING } : {}),
  }
  // Vertical Japanese: lines run top to bottom, so let them use the page's height.
  return vertical ? { ...base, maximalLineLength: null } : base
}

type State = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string }

/**
 * The novel reader: Readium's EPUB navigator over the chapter's Web Publication Manifest (its
 * Locator is SPEC §3's read progress). Reflowable, fixed-layout and Japanese vertical books;
 * font size, theme and paginated or scrolled reading; tap zones and keys like the comic viewer.
 */
export default function EpubReader({ chapter, keyLayout, initial, report, finish, chromeVisible, onToggleChrome, onTurn, end }: EpubReaderProps) {
  const t = useT()
  const { locale } = useLocale()
  const container = useRef<HTMLDivElement | null>(null)
  const navigator = useRef<EpubNavigator | null>(null)
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  /** The saved place could not be shown: the book opened further on (a notice until the next turn). */
  const [skipped, setSkipped] = useState(false)
  const [prefs, setPrefs] = useState<ReaderPrefs>(loadReaderPrefs)
  const [percent, setPercent] = useState(0)
  const [atEnd, setAtEnd] = useState(false)
  const [endOpen, setEndOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
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
  /** Documents our own pager turns (vertical and right-to-left text), one pager per document. */
  const pagers = useRef(new Map<Document, FramePager>())
  const paged = useRef<{ frame: HTMLIFrameElement; href: string; type: string; pager: FramePager } | null>(null)
  /** Where to land in a document our pager turns, once it is shown (a resume, or its end when going back). */
  const pending = useRef<{ href: string; where: number | 'end' } | null>(null)
  /** syncPager, for `turn` (which syncPager's swipes call in turn). */
  const sync = useRef<(locator: ReadiumLocator) => boolean>(() => false)
  const book = useRef<{
    readingOrder: ReadiumLink[]
    positions: ReadiumLocator[]
    onProgress(progress: ReadProgress, lastDocument: boolean, atDocumentEnd: boolean): void
  } | null>(null)
  const latest = useRef({ report, finish, onToggleChrome, onTurn, keyLayout, prefs })
  latest.current = { report, finish, onToggleChrome, onTurn, keyLayout, prefs }
  const direction = chapter.readingDirection
  const vertical = direction === 'rtl' && /^(ja|zh|ko)/i.test(chapter.epub?.language ?? '')
  /** The book asks to be scrolled (rendition:flow): the reader's paginated setting does not apply. */
  const [scrolled, setScrolled] = useState(false)
  const scrolledRef = useRef(false)
  /** A turn Readium is making (paginated reflowable text): a blank page it lands on is turned past, a few at most. */
  const turning = useRef<{ action: 'next' | 'previous'; left: number } | null>(null)
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

  const reportPaged = useCallback(() => {
    const entry = paged.current
    const known = book.current
    if (!entry || !known) return
    const progress = pagedProgress(entry.href, entry.type, entry.pager.progression(), known.positions)
    const index = known.readingOrder.findIndex((link) => link.href === entry.href)
    known.onProgress(progress, index === known.readingOrder.length - 1, entry.pager.atEnd())
  }, [])

  const turn = useCallback(
    (action: 'next' | 'previous') => {
      const nav = navigator.current
      if (!nav) return
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
      turning.current = chapter.epub?.layout === 'fixed' || latest.current.prefs.scroll || scrolledRef.current ? null : { action, left: 3 }
      if (action === 'next') nav.goForward(true, () => undefined)
      else nav.goBackward(true, () => undefined)
    },
    [chapter.epub?.layout, reportPaged],
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
      if (!frame || !doc || chapter.epub?.layout === 'fixed') {
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
        pager = new FramePager(doc, flow, latest.current.prefs.scroll || scrolledRef.current, {
          swipe: (action) => turn(action),
          moved: () => {
            if (paged.current?.pager.doc === doc) reportPaged()
          },
        })
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
    [chapter.epub?.layout, reportPaged, turn],
  )
  sync.current = syncPager

  useEffect(() => {
    let cancelled = false
    let created: EpubNavigator | null = null
    setState({ kind: 'loading' })
    void (async () => {
      try {
        // Started by the viewer as soon as it knew the chapter is a book (openBook.ts), else now.
        const [{ EpubNavigator }, shared, publication] = await takeBook(chapter, locale)
        if (cancelled || !container.current) return
        // The frames load each file through a <base> of its absolute URL: make the self link absolute.
        const links = (publication.manifest.links as { rel?: string; href: string }[]).map((link) =>
          link.rel === 'self' ? { ...link, href: new URL(link.href, window.location.href).href } : link,
        )
        const self = links.find((link) => link.rel === 'self')?.href ?? window.location.href
        const manifest = shared.Manifest.deserialize({ ...publication.manifest, links })
        if (!manifest) throw new Error('manifest')
        const pub = new shared.Publication({ manifest, fetcher: new shared.HttpFetcher(undefined, self.slice(0, self.lastIndexOf('/') + 1)) })
        setToc(tocOf(publication.manifest))
        reflowable.current = new Set(
          chapter.epub?.layout === 'fixed'
            ? (publication.manifest.readingOrder as { href: string; properties?: { layout?: string } }[])
                .filter((link) => link.properties?.layout === 'reflowable')
                .map((link) => documentUrl(publication, link.href))
                .filter((url): url is string => Boolean(url))
            : [],
        )
        scrolledRef.current = scrolledBook(publication.manifest.metadata as Record<string, unknown>)
        setScrolled(scrolledRef.current)
        goToEntry.current = (entry) => {
          const link = shared.Link.deserialize({ href: entry.href, title: entry.title, type: 'application/xhtml+xml' })
          if (!link) return
          pending.current = { href: link.href.split('#')[0] ?? link.href, where: 0 }
          navigator.current?.goLink(link, false, () => undefined)
        }
        const listed = publication.positionCounts
          ? positionsFromCounts(publication.manifest.readingOrder as { href: string; type?: string }[], publication.positionCounts)
          : publication.positions
        const positions = listed.map((position) => shared.Locator.deserialize(position)).filter((position): position is ReadiumLocator => Boolean(position))
        const startHref = initial && positions.some((position) => position.href === initial.href) ? initial.href : null
        const lastPosition = positions.length
        const last = positions[positions.length - 1]
        const finished = initial?.position === FINISHED_POSITION && last !== undefined
        let start: ReadiumLocator | undefined
        pending.current = null
        if (finished) {
          // Read to the end before: open on the last page, with the end (next episode, read again) offered.
          start = last.copyWithLocations({ progression: 0.999 })
          pending.current = { href: last.href, where: 'end' }
          setEndOpen(true)
        } else if (startHref && initial) {
          start = new shared.Locator({
            href: startHref,
            type: initial.type,
            locations: new shared.LocatorLocations({
              progression: initial.progression,
              totalProgression: initial.totalProgression,
              position: initial.position,
            }),
          })
          pending.current = { href: startHref, where: initial.progression }
        }
        const readingOrder = manifest.readingOrder.items
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
            // A frame needs an accessible name (WCAG 4.1.2, axe frame-title): the chapter it shows.
            try {
              wnd.frameElement?.setAttribute('title', [chapter.contentName, chapter.name].filter(Boolean).join(' – '))
            } catch {
              /* a frame we cannot reach (being torn down) */
            }
            if (chapter.epub?.layout === 'fixed') {
              reflowFixedFrames()
              return
            }
            try {
              fitListMarkers(wnd.document)
            } catch {
              /* a frame we cannot reach (being torn down): nothing to fit */
            }
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
          created = new EpubNavigator(box, pub, listeners, positions, from, {
            preferences: navigatorPreferences(latest.current.prefs, vertical, scrolledRef.current),
            defaults: {},
            keyboardPeripherals: [{ type: 'turn', keyCombos: TURN_KEYS }],
          } as never)
          navigator.current = created
          await created.load()
        }
        try {
          await open(start)
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
      }
    })()
    const installed = pagers.current
    return () => {
      cancelled = true
      for (const pager of installed.values()) pager.uninstall()
      installed.clear()
      paged.current = null
      book.current = null
      navigator.current = null
      void created?.destroy()
    }
    // The book opens once per chapter (and on retry); the reader's moves must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter.id, chapter.salesType, attempt])

  // Reader settings apply live; our pager lays its document out again where the reader was.
  useEffect(() => {
    saveReaderPrefs(prefs)
    const nav = navigator.current
    if (!nav || state.kind !== 'ready') return
    void import('@readium/navigator')
      .then(({ EpubPreferences }) => nav.submitPreferences(new EpubPreferences(navigatorPreferences(prefs, vertical, scrolledRef.current))))
      .then(() => {
        // Larger text: lists fitted for the old size may need more room.
        for (const each of nav._cframes ?? []) {
          const doc = (each as { iframe?: HTMLIFrameElement } | undefined)?.iframe?.contentDocument
          if (doc && chapter.epub?.layout !== 'fixed') fitListMarkers(doc)
        }
        const location = nav.currentLocator as ReadiumLocator | undefined
        if (location && paged.current) syncPager(location, true)
      })
  }, [prefs, state.kind, vertical, syncPager, chapter.epub?.layout])

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
          top: 52,
          bottom: 56,
          left: 0,
          right: 0,
          overflow: 'hidden',
          '& iframe': { border: 0 },
          '& .readium-navigator-iframe': { width: '100%', height: '100%' },
        }}
      />
      {state.kind === 'loading' ? (
        <p role="status" css={{ position: 'absolute', top: '45%', width: '100%', textAlign: 'center', fontSize: 14, opacity: 0.7 }}>
          {t(readerMessages.loading)}
        </p>
      ) : null}
      {skipped && state.kind === 'ready' ? (
        <p
          role="status"
          data-testid="epub-skipped"
          css={{
            position: 'absolute',
            top: 60,
            left: 16,
            right: 16,
            zIndex: 15,
            margin: 0,
            padding: '8px 12px',
            borderRadius: 8,
            background: 'rgba(17,17,17,.88)',
            color: '#fff',
            fontSize: 13,
            textAlign: 'center',
          }}
        >
          {t(readerMessages.skipped)}
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <div role="alert" data-testid="epub-failed" css={{ position: 'absolute', top: '40%', width: '100%', textAlign: 'center', padding: 16 }}>
          <p>{t(readerMessages.failed)}</p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            css={{ padding: '10px 18px', borderRadius: 10, border: 0, background: COLORS.brand, color: '#fff', fontWeight: 700 }}
          >
            {t(readerMessages.retry)}
          </button>
        </div>
      ) : null}
      <footer
        data-testid="epub-footer"
        data-chrome
        data-visible={chromeVisible || atEnd}
        css={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 20,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '8px 12px calc(8px + env(safe-area-inset-bottom))',
          background: 'rgba(17,17,17,.94)',
          color: '#fff',
          transform: chromeVisible || atEnd ? 'none' : 'translateY(110%)',
          transition: 'transform .22s ease',
        }}
      >
        <span data-testid="epub-progress" css={{ fontSize: 13, minWidth: 48, fontVariantNumeric: 'tabular-nums' }}>
          {t(readerMessages.progress, { percent })}
        </span>
        {atEnd ? (
          <button type="button" data-testid="epub-open-end" onClick={() => setEndOpen(true)} css={footerButton(true)}>
            {t(readerMessages.openEnd)}
          </button>
        ) : (
          <span css={{ flex: 1 }} />
        )}
        {toc.length > 0 ? (
          <button
            type="button"
            data-testid="reader-toc-open"
            aria-label={t(readerMessages.contents)}
            onClick={() => setTocOpen(true)}
            css={footerButton(false)}
          >
            ☰
          </button>
        ) : null}
        <button
          type="button"
          data-testid="reader-settings-open"
          aria-label={t(readerMessages.settings)}
          onClick={() => setSettingsOpen(true)}
          css={footerButton(false)}
        >
          Aa
        </button>
      </footer>
      {settingsOpen ? (
        <ReaderSettings
          prefs={prefs}
          fixedLayout={chapter.epub?.layout === 'fixed'}
          bookScrolled={scrolled}
          onChange={(change) => setPrefs((current) => ({ ...current, ...change }))}
          onClose={() => setSettingsOpen(false)}
        />
      ) : null}
      {tocOpen ? (
        <TableOfContents
          entries={toc}
          currentHref={currentHref}
          onGo={(entry) => {
            setTocOpen(false)
            goToEntry.current(entry)
          }}
          onClose={() => setTocOpen(false)}
        />
      ) : null}
      {endOpen ? (
        <div data-testid="epub-end" css={{ position: 'absolute', inset: 0, zIndex: 25, overflowY: 'auto', background: '#fff', paddingTop: 52 }}>
          {end}
          <button
            type="button"
            data-testid="epub-read-again"
            onClick={() => {
              setEndOpen(false)
              const first = book.current?.readingOrder[0]
              if (!first) return
              pending.current = { href: first.href, where: 0 }
              navigator.current?.goLink(first, false, () => undefined)
            }}
            css={{
              display: 'block',
              margin: '0 auto 8px',
              border: 0,
              borderRadius: 10,
              padding: '10px 18px',
              background: COLORS.brand,
              color: '#fff',
              fontSize: 14,
              fontWeight: 700,
              cursor: 'pointer',
            }}
          >
            {t(readerMessages.readAgain)}
          </button>
          <button
            type="button"
            onClick={() => setEndOpen(false)}
            css={{ display: 'block', margin: '0 auto 48px', background: 'none', border: 0, color: '#6b6b6b', fontSize: 14, padding: 12, cursor: 'pointer' }}
          >
            {t(readerMessages.close)}
          </button>
        </div>
      ) : null}
    </div>
  )
}

const footerButton = (primary: boolean) => ({
  flex: primary ? 1 : 'none',
  border: 0,
  borderRadius: 10,
  padding: '9px 14px',
  fontSize: 14,
  fontWeight: 700,
  cursor: 'pointer',
  background: primary ? COLORS.brand : 'rgba(255,255,255,.12)',
  color: '#fff',
})
