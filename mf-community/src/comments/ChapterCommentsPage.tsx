import { api, COLORS, endpoints, useLocalePath, useResource, useT, type Comment, type ContentType } from '@koma/contracts'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { commentMessages } from '../i18n/messages'
import { CommentItem } from './CommentItem'

type Order = 'newest' | 'likes'

function CommentPage({ type, contentId, chapterId, order, pageNo, onMore }: { type: ContentType; contentId: string; chapterId: string; order: Order; pageNo: number; onMore?: () => void }) {
  const t = useT()
  const page = useResource(`comments:${type}:${contentId}:${chapterId}:${order}:${pageNo}`, () =>
    api.request(endpoints.chapterComments, { params: { type, id: contentId, chapterId }, query: { order, pageNo: String(pageNo) } }),
  )
  return (
    <>
      {page.comments.map((comment: Comment) => (
        <CommentItem key={comment.id} comment={comment} />
      ))}
      {page.page.hasNext && onMore ? (
        <li css={{ listStyle: 'none' }}>
          <button type="button" onClick={onMore} css={{ width: '100%', padding: 14, margin: '12px 0', borderRadius: 10, border: `1px solid ${COLORS.line}`, background: COLORS.surface, cursor: 'pointer', fontWeight: 700 }}>
            {t(commentMessages.loadMore)}
          </button>
        </li>
      ) : null}
    </>
  )
}

/** /comment/{contentType}/{contentId}/{chapterId}: every comment of a chapter, newest or most liked first. */
export default function ChapterCommentsPage() {
  const t = useT()
  const path = useLocalePath()
  const { contentType, contentId, chapterId } = useParams() as { contentType: ContentType; contentId: string; chapterId: string }
  const [order, setOrder] = useState<Order>('newest')
  const [pages, setPages] = useState(1)
  const first = useResource(`comments:${contentType}:${contentId}:${chapterId}:${order}:1`, () =>
    api.request(endpoints.chapterComments, { params: { type: contentType, id: contentId, chapterId }, query: { order, pageNo: '1' } }),
  )
  useEffect(() => {
    document.title = `${t(commentMessages.title)} | Koma`
  }, [t])
  const tab = (value: Order) => ({
    padding: '6px 14px',
    borderRadius: 16,
    border: 0,
    cursor: 'pointer',
    fontWeight: 700,
    fontSize: 13,
    background: order === value ? COLORS.text : COLORS.surfaceAlt,
    color: order === value ? '#fff' : COLORS.text,
  })
  return (
    <section data-testid="chapter-comments" css={{ maxWidth: 720, margin: '0 auto', padding: '24px 16px' }}>
      <Link to={path(`/${contentType}/${contentId}/chapter/${chapterId}/product`)} css={{ fontSize: 13, color: COLORS.textMuted }}>
        ‹ {t(commentMessages.backToEpisode)}
      </Link>
      <h1 css={{ fontSize: 22, margin: '12px 0 4px' }}>{t(commentMessages.title)}</h1>
      <p css={{ margin: '0 0 16px', color: COLORS.textMuted, fontSize: 14 }}>{t(commentMessages.count, { count: first.totalComments })}</p>
      <div role="tablist" css={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <button type="button" role="tab" aria-selected={order === 'newest'} css={tab('newest')} onClick={() => { setOrder('newest'); setPages(1) }}>
          {t(commentMessages.newest)}
        </button>
        <button type="button" role="tab" aria-selected={order === 'likes'} css={tab('likes')} onClick={() => { setOrder('likes'); setPages(1) }}>
          {t(commentMessages.mostLiked)}
        </button>
      </div>
      {first.comments.length === 0 ? <p css={{ color: COLORS.textMuted }}>{t(commentMessages.empty)}</p> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {Array.from({ length: pages }, (_, index) => (
          <CommentPage
            key={`${order}:${index + 1}`}
            type={contentType}
            contentId={contentId}
            chapterId={chapterId}
            order={order}
            pageNo={index + 1}
            onMore={index + 1 === pages ? () => setPages((n) => n + 1) : undefined}
          />
        ))}
      </ul>
    </section>
  )
}
