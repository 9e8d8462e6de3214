import { api, COLORS, endpoints, useLocalePath, useResource, useT, type ContentType } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { CommunityIntl } from '../i18n/CommunityIntl'
import { commentMessages } from '../i18n/messages'
import { CommentItem } from './CommentItem'

interface Props {
  contentType: ContentType
  contentId: number
  chapterId: number
  totalComments: number
}

function TopComments({ contentType, contentId, chapterId }: Props) {
  const t = useT()
  const path = useLocalePath()
  const { comments, totalComments } = useResource(`comments:${contentType}:${contentId}:${chapterId}:likes:1`, () =>
    api.request(endpoints.chapterComments, { params: { type: contentType, id: String(contentId), chapterId: String(chapterId) }, query: { order: 'likes' } }),
  )
  return (
    <section data-testid="chapter-comments-slot">
      <h2 css={{ fontSize: 17, margin: '0 0 4px' }}>
        {t(commentMessages.title)} <span css={{ color: COLORS.textMuted, fontWeight: 400, fontSize: 14 }}>{t(commentMessages.count, { count: totalComments })}</span>
      </h2>
      {comments.length === 0 ? <p css={{ color: COLORS.textMuted, fontSize: 14 }}>{t(commentMessages.empty)}</p> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {comments.slice(0, 3).map((comment) => (
          <CommentItem key={comment.id} comment={comment} />
        ))}
      </ul>
      <Link to={path(`/comment/${contentType}/${contentId}/${chapterId}`)} data-testid="see-all-comments" css={{ display: 'block', textAlign: 'center', padding: 14, fontSize: 14, fontWeight: 700, color: COLORS.text }}>
        {t(commentMessages.seeAll)}
      </Link>
    </section>
  )
}

/** Exposed as `./chapterComments`: the top comments under a chapter, embedded by the viewer. */
export default function ChapterCommentsSlot(props: Props) {
  return (
    <CommunityIntl>
      <TopComments {...props} />
    </CommunityIntl>
  )
}
