import { FONT_SIZES, api, COLORS, endpoints, useLocalePath, useT, routePath, type SlotModuleProps } from '@koma/contracts'
import { useResource } from '../cache'
import { Link } from 'react-router-dom'
import { CommunityIntl } from '../i18n/CommunityIntl'
import { commentMessages } from '../i18n/messages'
import { keys } from './actions'
import { CommentItem } from './CommentItem'

type Props = SlotModuleProps<'mf_community', './chapterComments'>

/** How many of the most liked comments the viewer shows under a chapter. */
const TOP_COMMENTS = 3

function TopComments({ contentType, contentId, chapterId }: Props) {
  const t = useT()
  const path = useLocalePath()
  const { comments, totalComments } = useResource(keys.chapter(contentType, contentId, chapterId, 'likes', 1), () =>
    api.request(endpoints.chapterComments, {
      params: { type: contentType, id: String(contentId), chapterId: String(chapterId) },
      query: { order: 'likes', pageNo: '1' },
    }),
  )
  const all = path(routePath('community.chapterComments', { contentType, contentId, chapterId }))
  return (
    <section data-testid="chapter-comments-slot">
      <div css={{ display: 'flex', alignItems: 'baseline', gap: 8, marginBottom: 4 }}>
        <h2 css={{ fontSize: 17, margin: 0 }}>
          {t(commentMessages.title)}{' '}
          <span data-testid="slot-comment-count" css={{ color: COLORS.textMuted, fontWeight: 400, fontSize: FONT_SIZES.size50 }}>
            {t(commentMessages.count, { count: totalComments })}
          </span>
        </h2>
        <Link
          to={all}
          data-testid="slot-write-comment"
          css={{ marginInlineStart: 'auto', fontSize: FONT_SIZES.size40, fontWeight: 700, color: COLORS.brand, textDecoration: 'none' }}
        >
          {t(commentMessages.writeComment)}
        </Link>
      </div>
      {comments.length === 0 ? <p css={{ color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>{t(commentMessages.empty)}</p> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {comments.slice(0, TOP_COMMENTS).map((comment) => (
          <CommentItem key={comment.id} comment={comment} />
        ))}
      </ul>
      <Link
        to={all}
        data-testid="see-all-comments"
        css={{ display: 'block', textAlign: 'center', padding: 14, fontSize: FONT_SIZES.size50, fontWeight: 700, color: COLORS.text }}
      >
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
