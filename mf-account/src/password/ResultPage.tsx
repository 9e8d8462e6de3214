import { useLocalePath, useT, routePath } from '@koma/contracts'
import { MailIcon } from '../components/icons'
import { Link, Navigate, useLocation } from 'react-router-dom'
import { AccountPage, secondaryButton } from '../components/ui'
import { passwordMessages } from '../i18n/messages'

/** /password/result: the reset mail is on its way. */
export default function ResultPage() {
  const t = useT()
  const path = useLocalePath()
  const email = (useLocation().state as { email?: string } | null)?.email
  if (!email) return <Navigate to={path(routePath('account.passwordFind'))} replace />
  return (
    <AccountPage testId="password-result" title={t(passwordMessages.resultTitle)} lead={t(passwordMessages.resultLead, { email })}>
      <div css={{ fontSize: 56, textAlign: 'center', margin: '8px 0 24px' }} aria-hidden>
        <MailIcon />
      </div>
      <Link to={path(routePath('account.passwordFind'))} css={secondaryButton}>
        {t(passwordMessages.resultAgain)}
      </Link>
    </AccountPage>
  )
}
