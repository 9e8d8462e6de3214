import {
  api,
  auth,
  chapterIsReadable,
  COLORS,
  endpoints,
  invalidate,
  openDialog,
  useLocale,
  useLocalePath,
  useResource,
  useT,
  type ChapterSummary,
  type ContentType,
} from '@koma/contracts'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { episodeMessages } from '../i18n/messages'
import { ChapterRow } from './ChapterRow'
import { TitleHeader } from './TitleHeader'

export default function EpisodeListPage() {
  const t = useT()
  const { contentType, contentId } = useParams() as { contentType: ContentType; contentId: string }
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const [newestFirst, setNewestFirst] = useState(false)
  const key = `content:${contentType}:${contentId}:${locale}`
  const content = useResource(key, () => api.request(endpoints.content, { params: { type: contentType, id: contentId } }))

  useEffect(() => {
    document.title = `${content.name} | Koma`
  }, [content.name])

  const viewerPath = (chapter: ChapterSummary, salesType: 'product' | 'trial' = 'product') => path(`/${contentType}/${contentId}/chapter/${chapter.id}/${salesType}`)

  const open = async (chapter: ChapterSummary) => {
    if (chapterIsReadable({ salesType: 'product', hasTrial: chapter.hasTrial, salesConfig: chapter.salesConfig, activity: chapter.activity })) {
      navigate(viewerPath(chapter))
      return
    }
    // SPEC §4: a signed-out reader on a paid action is asked to sign in first.
    if (!auth.signedIn) {
      await openDialog('loginConfirm', { redirect: location.pathname + location.search })
      return
    }
    const result = await openDialog('purchase', { contentType, contentId: content.id, chapterId: chapter.id })
    if (result?.unlocked) {
      invalidate(`content:${contentType}:${contentId}`)
      navigate(viewerPath(chapter))
    }
  }

  const chapters = newestFirst ? [...content.chapters].reverse() : content.chapters
  const first = content.chapters[0]
  const countMessage = content.chapterUnit === 'volume' ? episodeMessages.volumes : episodeMessages.chapters
  return (
    <article data-testid="episode-list" data-content-id={content.id}>
      <TitleHeader content={content} />
      <div css={{ maxWidth: 1200, margin: '0 auto' }}>
        {first ? (
          <div css={{ padding: '16px' }}>
            <button
              type="button"
              data-testid="read-first"
              onClick={() => void open(first)}
              css={{ width: '100%', maxWidth: 420, padding: '14px 0', borderRadius: 26, border: 0, background: COLORS.brand, color: '#fff', fontSize: 16, fontWeight: 700, cursor: 'pointer' }}
            >
              {t(episodeMessages.readFirst)}
            </button>
          </div>
        ) : null}
        <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 16px', borderBottom: `1px solid ${COLORS.line}` }}>
          <h2 css={{ fontSize: 16, margin: 0 }}>
            {t(episodeMessages.listHeading)} <span css={{ color: COLORS.textMuted, fontWeight: 400, fontSize: 14 }}>{t(countMessage, { count: content.chapters.length })}</span>
          </h2>
          <button type="button" onClick={() => setNewestFirst((value) => !value)} css={{ background: 'none', border: 0, color: COLORS.textMuted, fontSize: 13, cursor: 'pointer' }}>
            {t(newestFirst ? episodeMessages.sortOldest : episodeMessages.sortNewest)}
          </button>
        </div>
        <ol css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {chapters.map((chapter) => (
            <ChapterRow key={chapter.id} chapter={chapter} inventory={content.inventory} onOpen={(item) => void open(item)} />
          ))}
        </ol>
      </div>
    </article>
  )
}
