import {
  analytics,
  auth,
  browserEnvironment,
  isMatureRefusal,
  openDialog,
  openMatureDialog,
  routePath,
  splitLocalePrefix,
  useLocale,
  useLocalePath,
  useT,
  type ApiError,
  type CacheKey,
  type Chapter,
  type ChapterFileSalesType,
  type ContentType,
} from '@koma/contracts'
import { invalidate } from './cache'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { AutoScrollButton, AutoScrollPanel, ViewerHelp } from './autoScroll/AutoScrollControls'
import { useAutoScroll } from './autoScroll/useAutoScroll'
import { ReadingGuide } from './chrome/ReadingGuide'
import { ChromeLabel, chromeButton, ViewerHeader } from './chrome'
import { PaperButton } from './autoScroll/PaperButton'
import { ChapterEnd } from './end/ChapterEnd'
import { viewerMessages } from './i18n/messages'
import { qualityFor } from './images'
import type * as EpubReaderExports from './epub/EpubReader'
import { openBookEarly } from './epub/openBook'
import { PagedViewer } from './paged/PagedViewer'
import { useReadingProgress } from './progress/useReadingProgress'
import { useViewerSettings } from './settings'
import { useChapter } from './useChapter'
import { VerticalViewer } from './vertical/VerticalViewer'

type EpubReaderModule = typeof EpubReaderExports

/** The novel reader's module once loaded (Readium is only downloaded by readers who open a novel). */
let epubReaderModule: EpubReaderModule | null = null
const loadEpubReader = (): Promise<EpubReaderModule> =>
  import(/* webpackChunkName: "epub-reader" */ './epub/EpubReader').then((module) => (epubReaderModule = module))

/**
 * The novel reader's component, rendered once its chunk is in (the page preloads it, issue 39).
 * Not React.lazy: a lazy component suspends on its first render, and React reveals a Suspense
 * boundary's content at the earliest 300 ms after its fallback was shown (its throttle), which
 * held the first page of every book ~250 ms with nothing left to do. A state update is not
 * throttled. A chunk that cannot be loaded reaches the error boundary, as a lazy one's did.
 */
function useEpubReader(wanted: boolean): EpubReaderModule['default'] | null {
  const [loaded, setLoaded] = useState<{ module: EpubReaderModule } | { error: unknown } | null>(() => (epubReaderModule ? { module: epubReaderModule } : null))
  useEffect(() => {
    if (!wanted || loaded) return
    let live = true
    loadEpubReader().then(
      (module) => live && setLoaded({ module }),
      (error: unknown) => live && setLoaded({ error }),
    )
    return () => {
      live = false
    }
  }, [wanted, loaded])
  if (loaded && 'error' in loaded) throw loaded.error
  return loaded?.module.default ?? null
}

/**
 * SPEC §8 viewer errors: a mature title's step on 428 / 451 (issue 33: sign in, verify, or turn
 * mature on; a self-declared adult check no longer opens a chapter), login confirm on 401, the chapter-aborted dialog
 * for an aborted chapter the reader neither owns nor rents (SPEC §4), else back to the episode list.
 */
function useViewerError(error: ApiError | null, episodeList: string, chapterKey: CacheKey<'mf_viewer'>) {
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    if (!error) return
    let cancelled = false
    void (async () => {
      if (isMatureRefusal(error)) {
        // The dialog goes on by itself (back, home, sign-in, verification); yes reads the chapter.
        const accepted = await openMatureDialog(error, location.pathname + location.search, {
          signedIn: auth.signedIn,
          saidAdult: browserEnvironment.acceptMature(),
        })
        if (!cancelled && accepted) invalidate(chapterKey)
        return
      }
      if (error.failure === 'authenticationError') {
        const signingIn = await openDialog('loginConfirm', { redirect: location.pathname + location.search })
        if (!cancelled && !signingIn) void navigate(episodeList, { replace: true })
        return
      }
      if (error.failure === 'chapterAborted') {
        await openDialog('chapterAborted', {})
        if (!cancelled) void navigate(episodeList, { replace: true })
        return
      }
      void navigate(episodeList, { replace: true })
    })()
    return () => {
      cancelled = true
    }
  }, [error, episodeList, chapterKey, navigate, location.pathname, location.search])
}

/** The chapter a viewer route names: path parameters, or the epub preview's query values. */
function useViewerTarget(): { type: ContentType; contentId: string; chapterId: string; salesType: ChapterFileSalesType } {
  const params = useParams()
  const [search] = useSearchParams()
  const location = useLocation()
  if (params.chapterId) {
    const type: ContentType = splitLocalePrefix(location.pathname).rest.startsWith('/magazine_comic/') ? 'magazine_comic' : 'comic'
    return { type, contentId: params.contentId as string, chapterId: params.chapterId, salesType: params.chapterFileSalesType as ChapterFileSalesType }
  }
  // /preview/{contentType}/{contentId}/chapter/epub?chapterId&chapterFileSalesType (the route table checked them).
  return {
    type: params.contentType as ContentType,
    contentId: params.contentId as string,
    chapterId: search.get('chapterId') as string,
    salesType: search.get('chapterFileSalesType') as ChapterFileSalesType,
  }
}

export default function ViewerPage() {
  const { locale } = useLocale()
  const path = useLocalePath()
  const target = useViewerTarget()
  const load = useChapter({ ...target, locale })
  const episodeList = path(routePath('catalog.episodes', { contentType: target.type, contentId: target.contentId }))
  useViewerError(load.error, episodeList, `chapter:${target.type}:${target.contentId}:${target.chapterId}`)
  useEffect(() => {
    if (load.chapter) document.title = `${load.chapter.name} | ${load.chapter.contentName} | Koma`
  }, [load.chapter])
  // SPEC §7 "open content view": an episode opened (once per episode and access kind).
  const opened = load.chapter ? `${load.chapter.id}:${load.chapter.salesType}` : null
  useEffect(() => {
    if (load.chapter && opened)
      analytics.track('open_content_view', { content_id: load.chapter.contentId, chapter_id: load.chapter.id, access: load.chapter.salesType })
    // Keyed by the episode, not the object (a refetch of the same episode is not a new view).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened])
  if (!load.chapter) return null
  return <ChapterViewer key={`${load.chapter.id}:${load.chapter.salesType}`} chapter={load.chapter} episodeList={episodeList} />
}

/** SPEC §7 content report from the viewer chrome: members report a problem with the episode (mf-community's report dialog). */
function ReportButton({ chapter }: { chapter: Chapter }) {
  const t = useT()
  const location = useLocation()
  const report = async () => {
    if (!auth.signedIn) {
      await openDialog('loginConfirm', { redirect: location.pathname + location.search })
      return
    }
    await openDialog('report', { type: 'content', contentType: chapter.contentType, contentId: chapter.contentId, chapterId: chapter.id })
  }
  return (
    <button type="button" data-testid="viewer-report" onClick={() => void report()} css={chromeButton}>
      <ChromeLabel text={t(viewerMessages.report)} icon="report" />
    </button>
  )
}

function ChapterViewer({ chapter, episodeList }: { chapter: Chapter; episodeList: string }) {
  const t = useT()
  const { settings, change } = useViewerSettings()
  const quality = qualityFor(settings)
  const progress = useReadingProgress(chapter)
  const [chrome, setChrome] = useState(true)
  const toggleChrome = useCallback(() => setChrome((visible) => !visible), [])
  const onScrollDirection = useCallback((down: boolean) => setChrome(!down), [])
  const hideChrome = useCallback(() => setChrome(false), [])
  const epub = chapter.chapterFileFormat === 'epub'
  const vertical = !epub && chapter.orientation === 'vertical'
  const end = <ChapterEnd chapter={chapter} />
  const auto = useAutoScroll(epub ? null : vertical ? 'vertical' : 'paged', settings)
  const badge = chapter.salesType === 'trial' ? t(viewerMessages.trialBadge) : null
  const { locale } = useLocale()
  // A book's first page: Readium and the manifest load beside the reader's chunk, not after it (issue 34).
  // Started while rendering (once per chapter shown: this viewer is keyed by chapter), so it is
  // under way before the reader's own effect asks for it, whichever mounts first; never on the edge.
  useState(() => {
    if (epub && typeof window !== 'undefined') openBookEarly(chapter, locale, progress.initial?.href ?? null)
  })
  const EpubReader = useEpubReader(epub)

  return (
    <article
      data-testid="viewer"
      data-chapter-id={chapter.id}
      data-kind={epub ? 'epub' : vertical ? 'vertical' : 'paged'}
      data-content-type={chapter.contentType}
      data-paper={settings.paper}
      css={{
        background: '#111',
        minHeight: '100vh',
        paddingTop: vertical ? 52 : 0,
        // Paper (e-ink, issue 37): nothing slides or fades, and the menus are solid black on white pages.
        '&[data-paper="true"] *': { transition: 'none !important', animation: 'none !important' },
        '&[data-paper="true"] [data-chrome]': { background: '#000' },
      }}
      // Keyboard (issue 14): Tab onto a control of the hidden chrome slides the chrome back in, so focus is never off screen.
      onFocus={(event) => {
        if (event.target instanceof Element && event.target.closest('[data-chrome]')) setChrome(true)
      }}
    >
      <ViewerHeader
        visible={chrome}
        backTo={episodeList}
        contentName={chapter.contentName}
        chapterName={chapter.name}
        badge={badge}
        actions={
          <>
            {epub ? null : <AutoScrollButton auto={auto} />}
            {epub ? null : <PaperButton paper={settings.paper} onChange={(paper) => change({ paper })} />}
            <ReportButton chapter={chapter} />
          </>
        }
      />
      {epub ? null : (
        <>
          <AutoScrollPanel auto={auto} />
          <ViewerHelp paged={!vertical} />
        </>
      )}
      <ReadingGuide direction={chapter.readingDirection} paged={!vertical} />
      {epub ? (
        EpubReader ? (
          <EpubReader
            chapter={chapter}
            keyLayout={settings.keyLayout}
            initial={progress.initial}
            report={progress.report}
            finish={progress.finish}
            chromeVisible={chrome}
            onToggleChrome={toggleChrome}
            onTurn={hideChrome}
            end={end}
          />
        ) : null
      ) : vertical ? (
        <VerticalViewer
          chapter={chapter}
          quality={quality}
          initial={progress.initial}
          report={progress.report}
          finish={progress.finish}
          onScrollDirection={onScrollDirection}
          onTap={toggleChrome}
          paper={settings.paper}
          end={<div css={{ background: '#fff' }}>{end}</div>}
        />
      ) : (
        <PagedViewer
          chapter={chapter}
          quality={quality}
          keyLayout={settings.keyLayout}
          initial={progress.initial}
          report={progress.report}
          finish={progress.finish}
          chromeVisible={chrome}
          onToggleChrome={toggleChrome}
          onTurn={hideChrome}
          end={end}
          turnEvery={auto.turnEvery}
          onTurnedToEnd={auto.ended}
          paper={settings.paper}
        />
      )}
    </article>
  )
}
