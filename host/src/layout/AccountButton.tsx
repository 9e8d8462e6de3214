import { auth, COLORS, loginPath, useLocalePath, useMenuKeys, useT, routePath } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { headerMessages } from '../i18n/messages'
import { UserIcon } from './icons'

/**
 * Signed out: "Sign in". Signed in: the reader's nickname with their account menu. A guest
 * (SPEC §4, §6): "Guest" with a menu of what a guest has (library, inbox) and sign-up, which
 * keeps them, or sign-in, which discards them.
 */
export const AccountButton = observer(function AccountButton({ color }: { color: string }) {
  const t = useT()
  const path = useLocalePath()
  const location = useLocation()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const onMenuKey = useMenuKeys(open, () => setOpen(false), buttonRef, listRef)

  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [open])

  if (!auth.signedIn && !auth.guest) {
    return (
      <Link
        to={loginPath(location.pathname + location.search, path)}
        data-testid="header-sign-in"
        css={{
          color,
          textDecoration: 'none',
          fontSize: 14,
          fontWeight: 700,
          padding: '6px 12px',
          border: `1.5px solid ${color}`,
          borderRadius: 16,
          whiteSpace: 'nowrap',
        }}
      >
        {t(headerMessages.signIn)}
      </Link>
    )
  }

  const guest = !auth.signedIn && auth.guest
  const nickname = guest ? t(headerMessages.guest) : (auth.nickname ?? '')
  const item = {
    display: 'block',
    padding: '10px 16px',
    color: COLORS.text,
    textDecoration: 'none',
    fontSize: 14,
    background: 'none',
    border: 0,
    width: '100%',
    textAlign: 'left' as const,
    cursor: 'pointer',
  }
  return (
    <div ref={menuRef} role="presentation" onKeyDown={onMenuKey} data-shrinks css={{ position: 'relative', minWidth: 0 }}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t(headerMessages.accountMenu, { nickname })}
        data-testid={guest ? 'header-guest' : 'header-account'}
        onClick={() => setOpen((value) => !value)}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 6,
          color,
          background: 'none',
          border: 0,
          cursor: 'pointer',
          fontSize: 14,
          fontWeight: 700,
          maxWidth: 160,
          minWidth: 0,
          '& > svg': { flexShrink: 0 },
        }}
      >
        <UserIcon size={20} />
        <span
          data-testid="header-nickname"
          css={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', '@media (max-width: 479px)': { maxWidth: 72 } }}
        >
          {nickname}
        </span>
      </button>
      {open && guest ? (
        <div
          ref={listRef}
          role="menu"
          data-testid="header-guest-menu"
          css={{
            position: 'absolute',
            right: 0,
            top: 'calc(100% + 8px)',
            minWidth: 220,
            background: '#fff',
            borderRadius: 10,
            boxShadow: '0 8px 30px rgba(0,0,0,.15)',
            padding: '6px 0',
            zIndex: 10,
          }}
        >
          <p css={{ margin: 0, padding: '8px 16px 10px', fontSize: 12, lineHeight: 1.5, color: COLORS.textMuted, borderBottom: `1px solid ${COLORS.line}` }}>
            {t(headerMessages.guestNote)}
          </p>
          <Link role="menuitem" to={path(routePath('catalog.library', { dep1Param: 'subscribed' }))} css={item} onClick={() => setOpen(false)}>
            {t(headerMessages.library)}
          </Link>
          <Link role="menuitem" to={path(routePath('account.inboxGift'))} css={item} onClick={() => setOpen(false)}>
            {t(headerMessages.inbox, { count: 0 })}
          </Link>
          <Link
            role="menuitem"
            data-testid="header-guest-signup"
            to={path(routePath('account.signup'))}
            css={{ ...item, fontWeight: 700, color: COLORS.brand, borderTop: `1px solid ${COLORS.line}` }}
            onClick={() => setOpen(false)}
          >
            {t(headerMessages.guestSignUp)}
          </Link>
          <Link role="menuitem" to={loginPath(location.pathname + location.search, path)} css={item} onClick={() => setOpen(false)}>
            {t(headerMessages.signIn)}
          </Link>
        </div>
      ) : null}
      {open && !guest ? (
        <div
          ref={listRef}
          role="menu"
          data-testid="header-account-menu"
          css={{
            position: 'absolute',
            right: 0,
            top: 'calc(100% + 8px)',
            minWidth: 200,
            background: '#fff',
            borderRadius: 10,
            boxShadow: '0 8px 30px rgba(0,0,0,.15)',
            padding: '6px 0',
            zIndex: 10,
          }}
        >
          <Link role="menuitem" to={path(routePath('catalog.library', { dep1Param: 'subscribed' }))} css={item} onClick={() => setOpen(false)}>
            {t(headerMessages.library)}
          </Link>
          <Link role="menuitem" to={path(routePath('payments.coinPurchase'))} css={item} onClick={() => setOpen(false)}>
            {t(headerMessages.coins)}
          </Link>
          <Link role="menuitem" to={path(routePath('account.userinfo'))} css={item} onClick={() => setOpen(false)}>
            {t(headerMessages.account)}
          </Link>
          <Link role="menuitem" to={path(routePath('account.setting'))} css={item} onClick={() => setOpen(false)}>
            {t(headerMessages.settings)}
          </Link>
          <button
            role="menuitem"
            type="button"
            data-testid="header-sign-out"
            css={{ ...item, borderTop: `1px solid ${COLORS.line}` }}
            onClick={async () => {
              setOpen(false)
              await auth.logout()
              void navigate(path(routePath('catalog.home')))
            }}
          >
            {t(headerMessages.signOut)}
          </button>
        </div>
      ) : null}
    </div>
  )
})
