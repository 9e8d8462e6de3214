import { FONT_SIZES, api, COLORS, endpoints, Spinner, useLocalePath, useT, routePath } from '@koma/contracts'
import { useResource } from '../cache'
import { Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { commentMessages, userMessages } from '../i18n/messages'
import { keys, refreshCommunity } from './actions'
import { CommentItem } from './CommentItem'
import { LoadMoreItem } from './LoadMoreItem'

function HistoryPage({ pageNo }: { pageNo: number }) {
  const t = useT()
  const [more, setMore] = useState(false)
  const page = useResource(keys.history(pageNo), () => api.request(endpoints.commentHistory, { query: { pageNo: String(pageNo) } }))
  return (
    <>
      {pageNo === 1 && page.comments.length === 0 ? (
        <li css={{ listStyle: 'none', color: COLORS.textMuted, padding: '12px 0' }}>{t(userMessages.historyEmpty)}</li>
      ) : null}
      {page.comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} showTarget />
      ))}
      {page.page.hasNext ? more ? <HistoryPage pageNo={pageNo + 1} /> : <LoadMoreItem onClick={() => setMore(true)} /> : null}
    </>
  )
}

/** The members this reader muted, each with unmute. */
function MutedUsers() {
  const t = useT()
  const path = useLocalePath()
  const { users } = useResource(keys.mutes(), () => api.request(endpoints.mutedUsers, {}))
  const unmute = async (userId: number) => {
    try {
      await api.request(endpoints.unmuteUser, { params: { userId: String(userId) } })
      refreshCommunity()
    } catch {
      /* the error dialog has said why */
    }
  }
  if (users.length === 0) return <p css={{ color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>{t(userMessages.mutedEmpty)}</p>
  return (
    <ul data-testid="muted-users" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {users.map((user) => (
        <li
          key={user.userId}
          data-testid="muted-user"
          css={{ display: 'flex', alignItems: 'center', gap: 12, padding: '10px 0', borderBottom: `1px solid ${COLORS.line}` }}
        >
          <Link
            to={path(routePath('community.userComments', { authorUserId: user.userId }))}
            css={{ flex: 1, minWidth: 0, color: COLORS.text, fontWeight: 700, textDecoration: 'none', overflowWrap: 'anywhere' }}
          >
            <bdi>{user.nickname}</bdi>
          </Link>
          <button
            type="button"
            data-testid="unmute"
            onClick={() => void unmute(user.userId)}
            css={{
              padding: '6px 14px',
              borderRadius: 16,
              border: `1px solid ${COLORS.line}`,
              background: COLORS.surface,
              fontWeight: 700,
              fontSize: FONT_SIZES.size40,
              cursor: 'pointer',
            }}
          >
            {t(commentMessages.unmute)}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** /account/comment/history: one's own comments (with delete), and the members one muted (with unmute). */
export default function CommentHistoryPage() {
  const t = useT()
  useEffect(() => {
    document.title = `${t(userMessages.history)} | Koma`
  }, [t])
  return (
    <section data-testid="comment-history" css={{ maxWidth: 720, margin: '0 auto', padding: '24px 16px' }}>
      <h1 css={{ fontSize: 22, margin: '0 0 8px' }}>{t(userMessages.history)}</h1>
      <Suspense fallback={<Spinner />}>
        <ul data-testid="comment-list" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          <HistoryPage pageNo={1} />
        </ul>
      </Suspense>
      <h2 css={{ fontSize: 17, margin: '32px 0 4px' }}>{t(userMessages.mutedUsers)}</h2>
      <p css={{ margin: '0 0 8px', color: COLORS.textMuted, fontSize: FONT_SIZES.size40 }}>{t(userMessages.mutedUsersHint)}</p>
      <Suspense fallback={<Spinner />}>
        <MutedUsers />
      </Suspense>
    </section>
  )
}
