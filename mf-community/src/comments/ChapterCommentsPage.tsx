import { FONT_SIZES, api, COLORS, endpoints, Spinner, useLocalePath, useT, viewerPath, type Comment, type ContentType } from '@koma/contracts'
import { useResource } from '../cache'
import { Suspense, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { commentMessages } from '../i18n/messages'
import { keys } from './actions'
import { CommentForm } from './CommentForm'
import { CommentItem } from './CommentItem'
import { LoadMoreItem } from './LoadMoreItem'

type Order = 'newest' | 'likes'

const load = (type: ContentType, contentId: string, chapterId: string, order: Order, pageNo: number) =>
  api.request(endpoints.chapterComments, { params: { type, id: contentId, chapterId }, query: { order, pageNo: String(pageNo) } })

function CommentPage({
  type,
  contentId,
  chapterId,
  order,
  pageNo,
  onMore,
}: {
  type: ContentType
  contentId: string
  chapterId: string
  order: Order
  pageNo: number
  onMore?: () => void
}) {
  const page = useResource(keys.chapter(type, contentId, chapterId, order, pageNo), () => load(type, contentId, chapterId, order, pageNo))
  return (
    <>
      {page.comments.map((comment: Comment) => (
        <CommentItem key={comment.id} comment={comment} />
      ))}
      {page.page.hasNext && onMore ? <LoadMoreItem onClick={onMore} /> : null}
    </>
  )
}

function CommentList({ type, contentId, chapterId, order }: { type: ContentType; contentId: string; chapterId: string; order: Order }) {
  const t = useT()
  const [pages, setPages] = useState(1)
  const first = useResource(keys.chapter(type, contentId, chapterId, order, 1), () => load(type, contentId, chapterId, order, 1))
  return (
    <>
      <p data-testid="comment-count" css={{ margin: '0 0 8px', color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>
        {t(commentMessages.count, { count: first.totalComments })}
      </p>
      {first.comments.length === 0 ? <p css={{ color: COLORS.textMuted }}>{t(commentMessages.empty)}</p> : null}
      <ul data-testid="comment-list" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {Array.from({ length: pages }, (_, index) => (
          <CommentPage
            key={`${order}:${index + 1}`}
            type={type}
            contentId={contentId}
            chapterId={chapterId}
            order={order}
            pageNo={index + 1}
            onMore={index + 1 === pages ? () => setPages((n) => n + 1) : undefined}
          />
        ))}
      </ul>
    </>
  )
}

/** /comment/{contentType}/{contentId}/{chapterId}: write, and read every comment of a chapter, newest or most liked first. */
export default function ChapterCommentsPage() {
  const t = useT()
  const path = useLocalePath()
  const { contentType, contentId, chapterId } = useParams() as { contentType: ContentType; contentId: string; chapterId: string }
  const [order, setOrder] = useState<Order>('newest')
  useEffect(() => {
    document.title = `${t(commentMessages.title)} | Koma`
  }, [t])
  const tab = (value: Order) => ({
    padding: '6px 14px',
    borderRadius: 16,
    border: 0,
    cursor: 'pointer',
    fontWeight: 700,
    fontSize: FONT_SIZES.size40,
    background: order === value ? COLORS.text : COLORS.surfaceAlt,
    color: order === value ? COLORS.onBrand : COLORS.text,
  })
  return (
    <section data-testid="chapter-comments" css={{ maxWidth: 720, margin: '0 auto', padding: '24px 16px' }}>
      <Link to={path(viewerPath({ contentType, contentId, chapterId }))} css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
        ‹ {t(commentMessages.backToEpisode)}
      </Link>
      <h1 css={{ fontSize: 22, margin: '12px 0 12px' }}>{t(commentMessages.title)}</h1>
      <CommentForm contentType={contentType} contentId={contentId} chapterId={chapterId} />
      <div role="tablist" css={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <button type="button" role="tab" aria-selected={order === 'newest'} css={tab('newest')} onClick={() => setOrder('newest')}>
          {t(commentMessages.newest)}
        </button>
        <button type="button" role="tab" aria-selected={order === 'likes'} css={tab('likes')} onClick={() => setOrder('likes')}>
          {t(commentMessages.mostLiked)}
        </button>
      </div>
      <Suspense fallback={<Spinner />}>
        <CommentList key={order} type={contentType} contentId={contentId} chapterId={chapterId} order={order} />
      </Suspense>
    </section>
  )
}
