import { api, auth, endpoints, safeRedirect, useLocalePath, useT, routePath } from '@koma/contracts'
import { LockIcon } from '../components/icons'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { NeedsSignIn } from '../components/lib'
import { AccountPage, Button, primaryButton } from '../components/ui'
import { passwordMessages } from '../i18n/messages'

/** /password: SPEC §4 advice to change the password after 6 months (change now, or later). */
export default function AdvicePage() {
  const t = useT()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  return (
    <NeedsSignIn title={t(passwordMessages.adviceTitle)}>
      <AccountPage testId="password-advice" title={t(passwordMessages.adviceTitle)} lead={t(passwordMessages.adviceLead)}>
        <div css={{ fontSize: 56, textAlign: 'center', margin: '0 0 24px' }} aria-hidden>
          <LockIcon />
        </div>
        <Link to={path(routePath('account.changePassword'))} css={{ ...primaryButton, marginBottom: 12 }} data-testid="advice-change">
          {t(passwordMessages.adviceChange)}
        </Link>
        <Button
          variant="secondary"
          data-testid="advice-later"
          onClick={async () => {
            await api.request(endpoints.passwordExpiration)
            await auth.loadProfile()
            void navigate(safeRedirect(search.get('redirect'), path(routePath('catalog.home'))))
          }}
        >
          {t(passwordMessages.adviceLater)}
        </Button>
      </AccountPage>
    </NeedsSignIn>
  )
}
