import { api, endpoints, keyAction, tapAction, useLocale, useT, type Chapter, type KeyLayout, type ReadProgress } from '@koma/contracts'
import type { EpubNavigator, EpubNavigatorListeners } from '@readium/navigator'
import type { Locator as ReadiumLocator } from '@readium/shared'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { readerMessages } from '../i18n/messages'
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

function navigatorPreferences(prefs: ReaderPrefs, vertical: boolean) {
  const theme = THEMES[prefs.theme]
  const base = { fontSize: prefs.fontSize, backgroundColor: theme.background, textColor: theme.text, scroll: prefs.scroll }
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
  const [prefs, setPrefs] = useState<ReaderPrefs>(loadReaderPrefs)
  const [percent, setPercent] = useState(0)
  const [atEnd, setAtEnd] = useState(false)
  const [endOpen, setEndOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [toc, setToc] = useState<TocEntry[]>([])
  const [tocOpen, setTocOpen] = useState(false)
  const [currentHref, setCurrentHref] = useState<string | null>(null)
  const goToEntry = useRef<(entry: TocEntry) => void>(() => undefined)
  const latest = useRef({ report, finish, onToggleChrome, onTurn, keyLayout, prefs })
  latest.current = { report, finish, onToggleChrome, onTurn, keyLayout, prefs }
  const direction = chapter.readingDirection
  const vertical = direction === 'rtl' && /^(ja|zh|ko)/i.test(chapter.epub?.language ?? '')

  const turn = useCallback((action: 'next' | 'previous') => {
    const nav = navigator.current
    if (!nav) return
    latest.current.onTurn()
    if (action === 'next') nav.goForward(true, () => undefined)
    else nav.goBackward(true, () => undefined)
  }, [])

  useEffect(() => {
    let cancelled = false
    let created: EpubNavigator | null = null
    setState({ kind: 'loading' })
    void (async () => {
      try {
        const [{ EpubNavigator }, shared, publication] = await Promise.all([
          import(/* webpackChunkName: "readium" */ '@readium/navigator'),
          import(/* webpackChunkName: "readium-shared" */ '@readium/shared'),
          api.request(endpoints.chapterEpub, {
            params: { type: chapter.contentType, id: String(chapter.contentId) },
            query: { chapterId: String(chapter.id), chapterFileSalesType: chapter.salesType, languageId: locale },
          }),
        ])
        if (cancelled || !container.current) return
        // The frames load each file through a <base> of its absolute URL: make the self link absolute.
        const links = (publication.manifest.links as { rel?: string; href: string }[]).map((link) => (link.rel === 'self' ? { ...link, href: new URL(link.href, window.location.href).href } : link))
        const self = links.find((link) => link.rel === 'self')?.href ?? window.location.href
        const manifest = shared.Manifest.deserialize({ ...publication.manifest, links })
        if (!manifest) throw new Error('manifest')
        const pub = new shared.Publication({ manifest, fetcher: new shared.HttpFetcher(undefined, self.slice(0, self.lastIndexOf('/') + 1)) })
        setToc(tocOf(publication.manifest))
        goToEntry.current = (entry) => {
          const link = shared.Link.deserialize({ href: entry.href, title: entry.title, type: 'application/xhtml+xml' })
          if (link) navigator.current?.goLink(link, false, () => undefined)
        }
        const positions = publication.positions.map((position) => shared.Locator.deserialize(position)).filter((position): position is ReadiumLocator => Boolean(position))
        const startHref = initial && positions.some((position) => position.href === initial.href) ? initial.href : null
        const start =
          startHref && initial && initial.position !== 10000
            ? new shared.Locator({
                href: startHref,
                type: initial.type,
                locations: new shared.LocatorLocations({ progression: initial.progression, totalProgression: initial.totalProgression, position: initial.position }),
              })
            : undefined
        const lastPosition = positions.length
        const listeners: EpubNavigatorListeners = {
          frameLoaded: () => undefined,
          positionChanged: (locator) => {
            const progress = toProgress(locator)
            setCurrentHref(progress.href)
            setPercent(Math.round(progress.totalProgression * 100))
            latest.current.report(progress)
            const nav = navigator.current
            const ended = progress.position >= lastPosition && (!nav || !nav.canGoForward)
            if (ended) latest.current.finish(progress)
            setAtEnd(ended)
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
            if (/^https?:/.test(locator.href)) window.open(locator.href, '_blank', 'noopener')
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
        created = new EpubNavigator(container.current, pub, listeners, positions, start, {
          preferences: navigatorPreferences(latest.current.prefs, vertical),
          defaults: {},
          keyboardPeripherals: [{ type: 'turn', keyCombos: TURN_KEYS }],
        } as never)
        navigator.current = created
        await created.load()
        if (!cancelled) setState({ kind: 'ready' })
      } catch (error) {
        if (!cancelled) setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
      }
    })()
    return () => {
      cancelled = true
      navigator.current = null
      void created?.destroy()
    }
    // The book opens once per chapter (and on retry); the reader's moves must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter.id, chapter.salesType, attempt])

  // Reader settings apply live.
  useEffect(() => {
    saveReaderPrefs(prefs)
    const nav = navigator.current
    if (!nav || state.kind !== 'ready') return
    void import('@readium/navigator').then(({ EpubPreferences }) => nav.submitPreferences(new EpubPreferences(navigatorPreferences(prefs, vertical))))
  }, [prefs, state.kind, vertical])

  // Keys while the focus is on the page around the book.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target as HTMLElement | null
      if (target && /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName)) return
      const action = keyAction(event.key, direction, keyLayout)
      if ((action === 'next' || action === 'previous') && !(prefs.scroll && /Arrow(Up|Down)/.test(event.key))) {
        event.preventDefault()
        turn(action)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [direction, keyLayout, prefs.scroll, turn])

  const theme = THEMES[prefs.theme]
  return (
    <div data-testid="epub-reader" data-state={state.kind} data-layout={chapter.epub?.layout} data-direction={direction} css={{ position: 'fixed', inset: 0, background: theme.background, color: theme.text }}>
      <div
        ref={container}
        data-testid="epub-frame"
        css={{ position: 'absolute', top: 52, bottom: 56, left: 0, right: 0, overflow: 'hidden', '& iframe': { border: 0 }, '& .readium-navigator-iframe': { width: '100%', height: '100%' } }}
      />
      {state.kind === 'loading' ? (
        <p role="status" css={{ position: 'absolute', top: '45%', width: '100%', textAlign: 'center', fontSize: 14, opacity: 0.7 }}>
          {t(readerMessages.loading)}
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <div role="alert" data-testid="epub-failed" css={{ position: 'absolute', top: '40%', width: '100%', textAlign: 'center', padding: 16 }}>
          <p>{t(readerMessages.failed)}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)} css={{ padding: '10px 18px', borderRadius: 10, border: 0, background: '#ff5b4a', color: '#fff', fontWeight: 700 }}>
            {t(readerMessages.retry)}
          </button>
        </div>
      ) : null}
      <footer
        data-testid="epub-footer"
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
          <button type="button" data-testid="reader-toc-open" aria-label={t(readerMessages.contents)} onClick={() => setTocOpen(true)} css={footerButton(false)}>
            ☰
          </button>
        ) : null}
        <button type="button" data-testid="reader-settings-open" aria-label={t(readerMessages.settings)} onClick={() => setSettingsOpen(true)} css={footerButton(false)}>
          Aa
        </button>
      </footer>
      {settingsOpen ? <ReaderSettings prefs={prefs} fixedLayout={chapter.epub?.layout === 'fixed'} onChange={(change) => setPrefs((current) => ({ ...current, ...change }))} onClose={() => setSettingsOpen(false)} /> : null}
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
          <button type="button" onClick={() => setEndOpen(false)} css={{ display: 'block', margin: '0 auto 48px', background: 'none', border: 0, color: '#6b6b6b', fontSize: 14, padding: 12, cursor: 'pointer' }}>
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
  background: primary ? '#ff5b4a' : 'rgba(255,255,255,.12)',
  color: '#fff',
})
