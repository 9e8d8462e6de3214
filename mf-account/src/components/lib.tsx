import { auth, COLORS, FONT_SIZES, loginPath, useLocale, useLocalePath, useT, type RewardContent, type SocialProvider, routePath } from '@koma/contracts'
import { formatLongDate } from '@koma/contracts/domain'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { commonMessages } from '../i18n/messages'
import { primaryButton } from './ui'

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  payco: 'PAYCO',
  apple: 'Apple',
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X',
  kakao: 'Kakao',
  naver: 'NAVER',
}

/**
 * A date a sentence reads ("Verified as an adult until …"), in the reader's language: the shared
 * long form (formatLongDate). A date in a list or on its own uses SPEC §9's formatDate or
 * formatDateTime instead (issue 35).
 */
export function useSentenceDate(): (iso: string, withTime?: boolean) => string {
  const { locale } = useLocale()
  return (iso, withTime = false) => formatLongDate(iso, locale, { withTime })
}

/** "20 free coins", "3 tickets for Moonlit Bakery". */
export function useRewardText(): (reward: Pick<RewardContent, 'kind' | 'coinType' | 'amount' | 'contentName'>) => string {
  const t = useT()
  return (reward) => {
    if (reward.kind === 'ticket')
      return reward.contentName
        ? t(commonMessages.ticketsFor, { amount: reward.amount, title: reward.contentName })
        : t(commonMessages.tickets, { amount: reward.amount })
    return t(reward.coinType === 'bonus' ? commonMessages.bonusCoins : commonMessages.freeCoins, { amount: reward.amount })
  }
}

export { refusal } from '@koma/contracts/ui'

/**
 * For public routes that need an account: signed out, a sign-in prompt instead of the page. A
 * guest gets the page where guests may act (`guests`), else SPEC §6's refusal and sign-up.
 */
export const NeedsSignIn = observer(function NeedsSignIn({ children, title, guests = false }: { children: ReactNode; title: string; guests?: boolean }) {
  const t = useT()
  const path = useLocalePath()
  const location = useLocation()
  if (auth.signedIn || (guests && auth.guest)) return <>{children}</>
  if (auth.guest) {
    return (
      <section data-testid="guest-refused" css={{ maxWidth: 420, margin: '0 auto', padding: '56px 20px', textAlign: 'center' }}>
        <h1 css={{ fontSize: FONT_SIZES.size90, margin: '0 0 10px' }}>{title}</h1>
        <p css={{ fontWeight: 700, margin: '0 0 8px' }}>{t(commonMessages.guestNotAllowed)}</p>
        <p css={{ color: COLORS.textMuted, margin: '0 0 24px' }}>{t(commonMessages.guestSignUp)}</p>
        <Link
          to={`${path(routePath('account.signup'))}?redirect=${encodeURIComponent(location.pathname + location.search)}`}
          css={{ ...primaryButton, width: 'auto', padding: '12px 32px' }}
        >
          {t(commonMessages.signUp)}
        </Link>
      </section>
    )
  }
  return (
    <section data-testid="needs-sign-in" css={{ maxWidth: 420, margin: '0 auto', padding: '56px 20px', textAlign: 'center' }}>
      <h1 css={{ fontSize: FONT_SIZES.size90, margin: '0 0 10px' }}>{title}</h1>
      <p css={{ color: COLORS.textMuted, margin: '0 0 24px' }}>{t(commonMessages.signInToContinue)}</p>
      <Link to={loginPath(location.pathname + location.search, path)} css={{ ...primaryButton, width: 'auto', padding: '12px 32px' }}>
        {t(commonMessages.signIn)}
      </Link>
    </section>
  )
})
