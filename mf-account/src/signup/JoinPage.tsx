import { analytics, api, auth, COLORS, endpoints, FONT_SIZES, safeRedirect, useLocalePath, useT, routePath } from '@koma/contracts'
import { sealForServer } from '../components/sealForServer'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { AccountPage } from '../components/ui'
import { signupMessages } from '../i18n/messages'
import { JoinForm } from '../components/JoinForm'
import { clearSignup, readSignup, type StepFrom } from './signupState'

/** /signup/join, step 3 of 3: reachable only from a verified code. */
export default function JoinPage() {
  const t = useT()
  const path = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const [search] = useSearchParams()
  const state = readSignup()
  if (!state?.verified || (location.state as StepFrom | null)?.from !== 'certificate') return <Navigate to={path(routePath('catalog.home'))} replace />

  return (
    <AccountPage testId="signup-join" title={t(signupMessages.joinTitle)} lead={t(signupMessages.joinLead)}>
      <p css={{ fontSize: FONT_SIZES.size30, fontWeight: 700, color: COLORS.brand, margin: '-8px 0 16px' }}>{t(signupMessages.steps, { step: 3 })}</p>
      <p
        css={{ fontSize: FONT_SIZES.size50, margin: '0 0 16px', padding: '10px 12px', background: COLORS.surfaceAlt, borderRadius: 8 }}
        data-testid="join-email"
      >
        {state.email}
      </p>
      <JoinForm
        email={state.email}
        withPassword
        submitLabel={t(signupMessages.create)}
        onSubmit={async (values) => {
          const sealed = await sealForServer('signup', { password: values.password })
          await api.request(endpoints.signup, {
            body: {
              email: state.email,
              nickname: values.nickname,
              birthday: values.birthday,
              termsAgree: values.termsAgree,
              privacyAgree: values.privacyAgree,
              marketingAgree: values.marketingAgree,
              ...sealed,
            },
            policy: { suppress: [400, 409, 429] },
          })
          clearSignup()
          await auth.signedInNow()
          analytics.track('web_registration', { method: 'email' })
          void navigate(safeRedirect(search.get('redirect'), path(routePath('account.inboxGift'))), { replace: true })
        }}
      />
    </AccountPage>
  )
}
