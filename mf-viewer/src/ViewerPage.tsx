import {
  COLORS,
  invalidate,
  openDialog,
  splitLocalePrefix,
  useLocale,
  useLocalePath,
  useT,
  type ApiError,
  type ChapterFileSalesType,
  type ContentType,
} from '@koma/contracts'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { ChapterEnd } from './ChapterEnd'
import { viewerMessages } from './i18n/messages'
import { useChapter } from './useChapter'
import { VerticalStrip } from './vertical/VerticalStrip'

/** SPEC §8 viewer errors: adult check on 428, login confirm on 401, else back to the episode list. */
function useViewerError(error: ApiError | null, episodeList: string, chapterKey: string) {
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    if (!error) return
    let cancelled = false
    void (async () => {
      if (error.status === 428) {
        const accepted = await openDialog('adultCheck', { target: location.pathname })
        if (cancelled) return
        if (accepted) invalidate(chapterKey)
        else navigate(episodeList, { replace: true })
        return
      }
      if (error.status === 401) {
        const signingIn = await openDialog('loginConfirm', { redirect: location.pathname + location.search })
        if (!cancelled && !signingIn) navigate(episodeList, { replace: true })
        return
      }
      navigate(episodeList, { replace: true })
    })()
    return () => {
      cancelled = true
    }
  }, [error, episodeList, chapterKey, navigate, location.pathname, location.search])
}

export default function ViewerPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const location = useLocation()
  const { contentId, chapterId, chapterFileSalesType } = useParams() as { contentId: string; chapterId: string; chapterFileSalesType: ChapterFileSalesType }
  const type: ContentType = splitLocalePrefix(location.pathname).rest.startsWith('/magazine_comic/') ? 'magazine_comic' : 'comic'
  const load = useChapter({ type, contentId, chapterId, salesType: chapterFileSalesType, locale })
  const episodeList = path(`/${type}/${contentId}`)
  useViewerError(load.error, episodeList, `chapter:${type}:${contentId}:${chapterId}`)

  useEffect(() => {
    window.scrollTo(0, 0)
  }, [chapterId])
  useEffect(() => {
    if (load.chapter) document.title = `${load.chapter.name} | ${load.chapter.contentName} | Koma`
  }, [load.chapter])

  if (!load.chapter) return null
  const chapter = load.chapter
  return (
    <article data-testid="viewer" data-chapter-id={chapter.id} css={{ background: '#111', minHeight: '100vh' }}>
      <header css={{ position: 'sticky', top: 0, zIndex: 10, display: 'flex', alignItems: 'center', gap: 12, height: 52, padding: '0 12px', background: 'rgba(17,17,17,.92)', color: '#fff' }}>
        <Link to={episodeList} aria-label={t(viewerMessages.back)} css={{ color: '#fff', fontSize: 22, textDecoration: 'none', padding: '0 6px' }}>
          ‹
        </Link>
        <div css={{ minWidth: 0 }}>
          <p css={{ margin: 0, fontSize: 12, opacity: 0.75, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{chapter.contentName}</p>
          <h1 data-testid="chapter-name" css={{ margin: 0, fontSize: 15, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {chapter.name}
          </h1>
        </div>
      </header>
      <VerticalStrip images={chapter.images} title={chapter.name} />
      <div css={{ background: COLORS.surface }}>
        <ChapterEnd chapter={chapter} />
      </div>
    </article>
  )
}
