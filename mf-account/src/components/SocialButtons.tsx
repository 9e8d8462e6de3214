import { api, COLORS, endpoints, FONT_SIZES, useT, type SocialProvider } from '@koma/contracts'
import { SOCIAL_PROVIDERS } from '@koma/contracts/domain'
import { useEffect, useState } from 'react'
import { PROVIDER_LABELS } from './lib'
import { loginMessages, socialMessages } from '../i18n/messages'

/** Where a social round trip started, read back by the callback page. */
export const IDP_STORAGE_KEY = 'koma.idpFlow'

const MARKS: Record<SocialProvider, { background: string; color: string; letter: string }> = {
  payco: { background: '#e3262f', color: '#fff', letter: 'P' },
  apple: { background: '#000', color: '#fff', letter: 'A' },
  google: { background: '#fff', color: '#4285f4', letter: 'G' },
  facebook: { background: '#1877f2', color: '#fff', letter: 'f' },
  // A plain X: axe reads the double-struck 𝕏 as visible text missing from the button's name (label-content-name-mismatch).
  twitter: { background: '#000', color: '#fff', letter: 'X' },
  kakao: { background: '#fee500', color: '#191600', letter: 'K' },
  naver: { background: '#03c75a', color: '#fff', letter: 'N' },
}

export function ProviderMark({ provider, size = 28 }: { provider: SocialProvider; size?: number }) {
  const mark = MARKS[provider]
  return (
    <span
      aria-hidden
      css={{
        display: 'inline-grid',
        placeItems: 'center',
        width: size,
        height: size,
        borderRadius: size / 2,
        background: mark.background,
        color: mark.color,
        fontWeight: 800,
        fontSize: size * 0.5,
        border: provider === 'google' ? `1px solid ${COLORS.line}` : 0,
        flex: 'none',
      }}
    >
      {mark.letter}
    </span>
  )
}

/**
 * Start a sign-in or link round trip: the API gives the provider's authorization URL (state,
 * PKCE) and binds the state to this browser with an httpOnly cookie the callback brings back.
 */
export async function startSocial(provider: SocialProvider, purpose: 'signin' | 'link', redirect: string): Promise<void> {
  const { url } = await api.request(endpoints.idpAuthorize, { params: { provider }, query: { purpose, redirect } })
  sessionStorage.setItem(IDP_STORAGE_KEY, JSON.stringify({ provider, purpose }))
  window.location.assign(url)
}

let available: Promise<SocialProvider[]> | null = null

/** The providers this site offers (a production site may have only some configured); asked once per page. */
function useAvailableProviders(): SocialProvider[] | null {
  const [providers, setProviders] = useState<SocialProvider[] | null>(null)
  useEffect(() => {
    let live = true
    available ??= api
      .request(endpoints.idpProviders, { policy: { silent: true } })
      .then((result) => SOCIAL_PROVIDERS.filter((provider) => result.providers.includes(provider)))
      .catch(() => {
        available = null
        return []
      })
    void available.then((list) => live && setProviders(list))
    return () => {
      live = false
    }
  }, [])
  return providers
}

/** `confirm`: asked before leaving for the provider (a guest signing in is told what is discarded first). */
export function SocialButtons({ redirect, confirm }: { redirect: string; confirm?: () => Promise<boolean> }) {
  const t = useT()
  const [busy, setBusy] = useState<SocialProvider | null>(null)
  const providers = useAvailableProviders()
  if (providers && providers.length === 0) return null
  return (
    <div data-testid="social-buttons" css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8, minHeight: 44 }}>
      {(providers ?? []).map((provider) => (
        <button
          key={provider}
          type="button"
          data-testid={`social-${provider}`}
          aria-label={t(busy === provider ? socialMessages.working : socialMessages.continueWith, { provider: PROVIDER_LABELS[provider] })}
          title={t(socialMessages.continueWith, { provider: PROVIDER_LABELS[provider] })}
          disabled={busy !== null}
          onClick={async () => {
            if (confirm && !(await confirm())) return
            setBusy(provider)
            try {
              await startSocial(provider, 'signin', redirect)
            } catch {
              setBusy(null)
            }
          }}
          css={{
            width: 44,
            height: 44,
            borderRadius: 22,
            border: `1px solid ${COLORS.line}`,
            background: COLORS.surface,
            display: 'grid',
            placeItems: 'center',
            cursor: 'pointer',
            padding: 0,
            '&:hover': { boxShadow: '0 2px 8px rgba(0,0,0,.12)' },
            '&:disabled': { opacity: 0.6 },
          }}
        >
          <ProviderMark provider={provider} size={28} />
        </button>
      ))}
    </div>
  )
}

/** Under a sign-in or sign-up form: "or continue with", then the providers' buttons. */
export function SocialSignIn({ redirect, confirm }: { redirect: string; confirm?: () => Promise<boolean> }) {
  const t = useT()
  return (
    <>
      <div
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          margin: '28px 0 16px',
          color: COLORS.textMuted,
          fontSize: FONT_SIZES.size40,
          '&::before, &::after': { content: '""', flex: 1, height: 1, background: COLORS.line },
        }}
      >
        {t(loginMessages.orWith)}
      </div>
      <SocialButtons redirect={redirect} confirm={confirm} />
    </>
  )
}
