import { COLORS, formatDateTime, useT, type Comment } from '@koma/contracts'
import { commentMessages } from '../i18n/messages'

/** One comment. Its text is rendered as text: markup never runs and links are not live. */
export function CommentItem({ comment }: { comment: Comment }) {
  const t = useT()
  const initial = Array.from(comment.nickname)[0] ?? '?'
  return (
    <li data-testid="comment" css={{ display: 'flex', gap: 12, padding: '14px 0', borderBottom: `1px solid ${COLORS.line}` }}>
      <span aria-hidden css={{ width: 36, height: 36, flex: '0 0 36px', borderRadius: '50%', background: COLORS.surfaceAlt, display: 'grid', placeItems: 'center', fontWeight: 700, color: COLORS.textMuted }}>
        {initial}
      </span>
      <div css={{ minWidth: 0, flex: 1 }}>
        <p css={{ margin: 0, fontSize: 13 }}>
          <strong>{comment.nickname}</strong> <span css={{ color: COLORS.textMuted, marginLeft: 6 }}>{formatDateTime(comment.createdAt)}</span>
        </p>
        <p css={{ margin: '4px 0 6px', fontSize: 14, lineHeight: 1.6, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.body}</p>
        <p css={{ margin: 0, fontSize: 12, color: COLORS.textMuted }}>{t(commentMessages.likes, { count: comment.likes })}</p>
      </div>
    </li>
  )
}
