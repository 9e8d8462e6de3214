import {
  FONT_SIZES,
  api,
  COLORS,
  endpoints,
  isApiError,
  openDialog,
  useLocalePath,
  useMenuKeys,
  useT,
  viewerPath,
  routePath,
  type Comment,
} from '@koma/contracts'
import { formatDateTime } from '@koma/contracts/domain'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { commentMessages } from '../i18n/messages'
import { memberOnly, refreshCommunity } from './actions'

const smallButton = {
  border: 0,
  background: 'transparent',
  padding: '6px 8px',
  margin: '-6px 0',
  borderRadius: 8,
  fontSize: FONT_SIZES.size30,
  color: COLORS.textMuted,
  cursor: 'pointer',
  '&:hover': { background: COLORS.surfaceAlt },
} as const

/**
 * One comment. Its text is rendered as text: markup never runs and links are not live; bidi
 * isolation keeps right-to-left overrides inside the comment. Like, report, mute and delete act
 * through the API for members; a signed-out reader is asked to sign in.
 */
export function CommentItem({ comment, showTarget = false }: { comment: Comment; showTarget?: boolean }) {
  const t = useT()
  const path = useLocalePath()
  const location = useLocation()
  const here = location.pathname + location.search
  const [like, setLike] = useState({ liked: comment.liked, likes: comment.likes })
  const [busy, setBusy] = useState(false)
  const [menu, setMenu] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const moreRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const onMenuKey = useMenuKeys(menu, () => setMenu(false), moreRef, listRef)
  // A chosen item closes the menu; focus goes back to "⋯" so a dialog it opens returns focus there.
  const closeMenu = () => {
    setMenu(false)
    moreRef.current?.focus()
  }
  useEffect(() => setLike({ liked: comment.liked, likes: comment.likes }), [comment.liked, comment.likes])
  useEffect(() => {
    if (!menu) return
    const close = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenu(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [menu])
  const initial = Array.from(comment.nickname)[0] ?? '?'

  const toggleLike = async () => {
    if (busy || !(await memberOnly(here))) return
    setBusy(true)
    try {
      const result = await api.request(like.liked ? endpoints.unlikeComment : endpoints.likeComment, {
        params: { commentId: String(comment.id) },
        policy: { suppress: ['commentAlreadyLiked', 'commentNotLiked'] },
      })
      setLike(result)
    } catch (error) {
      // Liked (or unliked) meanwhile in another tab: the list knows better now.
      if (isApiError(error) && (error.failure === 'commentAlreadyLiked' || error.failure === 'commentNotLiked')) refreshCommunity()
    } finally {
      setBusy(false)
    }
  }

  const report = async () => {
    closeMenu()
    if (!(await memberOnly(here))) return
    const result = await openDialog('report', { type: 'comment', commentId: comment.id })
    if (result?.reported) refreshCommunity()
  }

  const mute = async () => {
    closeMenu()
    if (!(await memberOnly(here))) return
    const ok = await openDialog('confirm', {
      title: t(commentMessages.muteTitle, { nickname: comment.nickname }),
      message: t(commentMessages.muteConfirm, { nickname: comment.nickname }),
      okLabel: t(commentMessages.muteOk),
    })
    if (!ok) return
    try {
      await api.request(endpoints.muteUser, { params: { userId: String(comment.authorUserId) } })
      refreshCommunity()
    } catch {
      /* the error dialog has said why */
    }
  }

  const remove = async () => {
    closeMenu()
    const ok = await openDialog('confirm', { message: t(commentMessages.deleteConfirm), okLabel: t(commentMessages.delete) })
    if (!ok) return
    try {
      await api.request(endpoints.deleteComment, { params: { commentId: String(comment.id) } })
      refreshCommunity()
    } catch {
      /* the error dialog has said why */
    }
  }

  const menuItem = {
    display: 'block',
    width: '100%',
    textAlign: 'start' as const,
    border: 0,
    background: 'transparent',
    padding: '10px 14px',
    fontSize: FONT_SIZES.size50,
    cursor: 'pointer',
    color: COLORS.text,
    whiteSpace: 'nowrap' as const,
    '&:hover': { background: COLORS.surfaceAlt },
  }

  return (
    <li data-testid="comment" data-comment-id={comment.id} css={{ display: 'flex', gap: 12, padding: '14px 0', borderBottom: `1px solid ${COLORS.line}` }}>
      <span
        aria-hidden
        css={{
          width: 36,
          height: 36,
          flex: '0 0 36px',
          borderRadius: '50%',
          background: COLORS.surfaceAlt,
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          color: COLORS.textMuted,
          overflow: 'hidden',
        }}
      >
        {comment.avatarImageUrl ? (
          <img src={comment.avatarImageUrl} alt="" width={36} height={36} css={{ width: 36, height: 36, objectFit: 'cover' }} />
        ) : (
          <bdi>{initial}</bdi>
        )}
      </span>
      <div css={{ minWidth: 0, flex: 1 }}>
        <p css={{ margin: 0, fontSize: FONT_SIZES.size40, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 6 }}>
          <Link
            to={path(routePath('community.userComments', { authorUserId: comment.authorUserId }))}
            data-testid="comment-author"
            css={{ color: COLORS.text, fontWeight: 700, textDecoration: 'none', overflowWrap: 'anywhere' }}
          >
            <bdi>{comment.nickname}</bdi>
          </Link>
          {comment.mine ? <span css={{ fontSize: FONT_SIZES.size25, fontWeight: 700, color: COLORS.brand }}>{t(commentMessages.yours)}</span> : null}
          <span css={{ color: COLORS.textMuted }}>{formatDateTime(comment.createdAt)}</span>
        </p>
        {showTarget && comment.target ? (
          <Link
            to={path(viewerPath(comment.target))}
            data-testid="comment-target"
            css={{
              display: 'block',
              marginTop: 2,
              fontSize: FONT_SIZES.size30,
              color: COLORS.textMuted,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            <bdi>{comment.target.contentName}</bdi> · <bdi>{comment.target.chapterName}</bdi>
          </Link>
        ) : null}
        <p
          data-testid="comment-body"
          dir="auto"
          css={{ margin: '4px 0 8px', fontSize: FONT_SIZES.size50, lineHeight: 1.6, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}
        >
          {comment.body}
        </p>
        <div css={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <button
            type="button"
            data-testid="comment-like"
            aria-pressed={like.liked}
            aria-label={t(commentMessages.likeLabel, { count: like.likes })}
            disabled={busy}
            onClick={() => void toggleLike()}
            css={{ ...smallButton, color: like.liked ? COLORS.brand : COLORS.textMuted, fontWeight: like.liked ? 700 : 400 }}
          >
            <span aria-hidden>{like.liked ? '♥' : '♡'}</span> <span data-testid="comment-likes">{like.likes}</span>
          </button>
          <div ref={menuRef} role="presentation" onKeyDown={onMenuKey} css={{ position: 'relative', marginInlineStart: 'auto' }}>
            <button
              ref={moreRef}
              type="button"
              data-testid="comment-more"
              aria-label={t(commentMessages.more)}
              aria-expanded={menu}
              aria-haspopup="menu"
              onClick={() => setMenu((open) => !open)}
              css={{ ...smallButton, fontSize: FONT_SIZES.size60, lineHeight: 1 }}
            >
              ⋯
            </button>
            {menu ? (
              <div
                ref={listRef}
                role="menu"
                css={{
                  position: 'absolute',
                  insetInlineEnd: 0,
                  top: '100%',
                  zIndex: 5,
                  minWidth: 160,
                  background: COLORS.surface,
                  border: `1px solid ${COLORS.line}`,
                  borderRadius: 10,
                  boxShadow: '0 8px 24px rgba(0,0,0,.12)',
                  padding: '4px 0',
                }}
              >
                {comment.mine ? (
                  <button type="button" role="menuitem" data-testid="comment-delete" css={menuItem} onClick={() => void remove()}>
                    {t(commentMessages.delete)}
                  </button>
                ) : (
                  <>
                    <button type="button" role="menuitem" data-testid="comment-report" css={menuItem} onClick={() => void report()}>
                      {t(commentMessages.report)}
                    </button>
                    <button type="button" role="menuitem" data-testid="comment-mute" css={menuItem} onClick={() => void mute()}>
                      {t(commentMessages.mute)}
                    </button>
                  </>
                )}
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </li>
  )
}
