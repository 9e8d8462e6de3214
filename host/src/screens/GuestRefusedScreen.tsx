import { COLORS, loginPath, useLocalePath, useT, routePath } from '@koma/contracts'
import { Link, useLocation } from 'react-router-dom'
import { dialogMessages, headerMessages } from '../i18n/messages'
import { primaryButton, ScreenFrame, screenText } from './ScreenFrame'

/**
 * SPEC §6: a guest on a members' page (the coin shop, account pages) is told "Guest users cannot
 * use this function." and offered sign-up, which keeps what the guest has; signing in is there too.
 */
export function GuestRefusedScreen() {
  const t = useT()
  const path = useLocalePath()
  const location = useLocation()
  const here = location.pathname + location.search
  return (
    <ScreenFrame testId="guest-refused" title={t(dialogMessages.guestRefusedTitle)}>
      <p css={screenText}>{t(dialogMessages.guestRefusedMessage)}</p>
      <Link to={`${path(routePath('account.signup'))}?redirect=${encodeURIComponent(here)}`} data-testid="guest-refused-signup" css={primaryButton}>
        {t(dialogMessages.guestRefusedSignUp)}
      </Link>
      <p css={{ marginTop: 20, fontSize: 14 }}>
        <Link to={loginPath(here, path)} css={{ color: COLORS.textMuted }}>
          {t(headerMessages.signIn)}
        </Link>
      </p>
    </ScreenFrame>
  )
}
