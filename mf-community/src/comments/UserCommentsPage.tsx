import { FONT_SIZES, api, auth, COLORS, endpoints, Spinner, useT } from '@koma/contracts'
import { useResource } from '../cache'
import { observer } from 'mobx-react-lite'
import { Suspense, useEffect, useState } from 'react'
import { useLocation, useParams } from 'react-router-dom'
import { commentMessages, userMessages } from '../i18n/messages'
import { keys, memberOnly, refreshCommunity } from './actions'
import { CommentItem } from './CommentItem'
import { LoadMoreItem } from './LoadMoreItem'

const load = (userId: string, pageNo: number) => api.request(endpoints.authorComments, { params: { authorUserId: userId }, query: { pageNo: String(pageNo) } })

function MorePages({ userId, pageNo }: { userId: string; pageNo: number }) {
  const [more, setMore] = useState(false)
  const page = useResource(keys.user(userId, pageNo), () => load(userId, pageNo))
  return (
    <>
      {page.comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} showTarget />
      ))}
      {page.page.hasNext ? more ? <MorePages userId={userId} pageNo={pageNo + 1} /> : <LoadMoreItem onClick={() => setMore(true)} /> : null}
    </>
  )
}

/** /comment/user/{authorUserId}: a member's public comments, where each was written; mute or unmute them here. */
const UserComments = observer(function UserComments({ userId }: { userId: string }) {
  const t = useT()
  const location = useLocation()
  const first = useResource(keys.user(userId, 1), () => load(userId, 1))
  const { author } = first
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    document.title = `${t(userMessages.title, { nickname: author.nickname })} | Koma`
  }, [t, author.nickname])
  const toggleMute = async () => {
    if (busy || !(await memberOnly(location.pathname + location.search))) return
    setBusy(true)
    try {
      await api.request(author.muted ? endpoints.unmuteUser : endpoints.muteUser, { params: { userId } })
      refreshCommunity()
    } catch {
      /* the error dialog has said why */
    } finally {
      setBusy(false)
    }
  }
  const initial = Array.from(author.nickname)[0] ?? '?'
  return (
    <>
      <header css={{ display: 'flex', alignItems: 'center', gap: 14, marginBottom: 16 }}>
        <span
          aria-hidden
          css={{
            width: 56,
            height: 56,
            flex: '0 0 56px',
            borderRadius: '50%',
            background: COLORS.surfaceAlt,
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: 22,
            color: COLORS.textMuted,
            overflow: 'hidden',
          }}
        >
          {author.avatarImageUrl ? (
            <img src={author.avatarImageUrl} alt="" width={56} height={56} css={{ width: 56, height: 56, objectFit: 'cover' }} />
          ) : (
            <bdi>{initial}</bdi>
          )}
        </span>
        <div css={{ minWidth: 0, flex: 1 }}>
          <h1 data-testid="user-nickname" css={{ fontSize: FONT_SIZES.size80, margin: 0, overflowWrap: 'anywhere' }}>
            {t(userMessages.title, { nickname: author.nickname })}
          </h1>
          {author.muted ? null : (
            <p data-testid="comment-count" css={{ margin: '2px 0 0', color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>
              {t(commentMessages.count, { count: first.totalComments })}
            </p>
          )}
        </div>
        {!author.mine && (auth.signedIn || !author.muted) ? (
          <button
            type="button"
            data-testid="user-mute"
            aria-pressed={author.muted}
            disabled={busy}
            onClick={() => void toggleMute()}
            css={{
              padding: '8px 14px',
              borderRadius: 18,
              border: `1px solid ${author.muted ? COLORS.text : COLORS.line}`,
              background: author.muted ? COLORS.text : COLORS.surface,
              color: author.muted ? COLORS.onBrand : COLORS.text,
              fontWeight: 700,
              fontSize: FONT_SIZES.size40,
              cursor: 'pointer',
              whiteSpace: 'nowrap',
            }}
          >
            {author.muted ? t(commentMessages.unmute) : t(commentMessages.muteOk)}
          </button>
        ) : null}
      </header>
      {author.muted ? (
        <p
          data-testid="user-muted"
          css={{ padding: 14, borderRadius: 12, background: COLORS.surfaceAlt, color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}
        >
          {t(userMessages.mutedNotice)}
        </p>
      ) : first.comments.length === 0 ? (
        <p css={{ color: COLORS.textMuted }}>{t(userMessages.empty)}</p>
      ) : (
        <ul data-testid="comment-list" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          <MorePages userId={userId} pageNo={1} />
        </ul>
      )}
    </>
  )
})

export default function UserCommentsPage() {
  const { authorUserId } = useParams() as { authorUserId: string }
  return (
    <section data-testid="user-comments" css={{ maxWidth: 720, margin: '0 auto', padding: '24px 16px' }}>
      <Suspense fallback={<Spinner />}>
        <UserComments userId={authorUserId} />
      </Suspense>
    </section>
  )
}
