import {
  analytics,
  api,
  auth,
  COLORS,
  endpoints,
  FONT_SIZES,
  safeRedirect,
  Spinner,
  useLocalePath,
  useT,
  type SocialProvider,
  type SocialSigninResult,
  routePath,
} from '@koma/contracts'
import { isSocialProvider } from '@koma/contracts/domain'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { PROVIDER_LABELS, refusal } from '../components/lib'
import { AccountPage, Banner, primaryButton } from '../components/ui'
import { signupMessages, socialMessages } from '../i18n/messages'
import { JoinForm } from '../components/JoinForm'
import { IDP_STORAGE_KEY, ProviderMark } from '../components/SocialButtons'

type Pending = Extract<SocialSigninResult, { status: 'joinRequired' }>

/**
 * /member/external-idp/web/{loginType}/callback: the provider sends the reader back here with a
 * code and the state; the API finishes sign-in or linking (a new identity finishes a short join form).
 */
export default function CallbackPage() {
  const t = useT()
  const path = useLocalePath()
  const navigate = useNavigate()
  const { loginType = '' } = useParams()
  const [search] = useSearchParams()
  const [pending, setPending] = useState<Pending | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const started = useRef(false)
  const provider: SocialProvider | null = isSocialProvider(loginType) ? loginType : null

  useEffect(() => {
    if (started.current) return
    started.current = true
    const code = search.get('code')
    const state = search.get('state')
    let flow: { provider?: string; purpose?: string } = {}
    try {
      flow = JSON.parse(sessionStorage.getItem(IDP_STORAGE_KEY) ?? '{}') as typeof flow
    } catch {
      /* unreadable: treated as a sign-in */
    }
    sessionStorage.removeItem(IDP_STORAGE_KEY)
    if (!provider || !code || !state || search.get('error')) {
      setProblem(t(socialMessages.failed))
      return
    }
    void (async () => {
      try {
        if (flow.purpose === 'link') {
          const { redirect } = await api.request(endpoints.idpLink, { params: { provider }, body: { code, state }, policy: { suppress: [400, 409] } })
          await auth.loadProfile()
          void navigate(safeRedirect(redirect, path(routePath('account.userinfo'))), {
            replace: true,
            state: { notice: t(socialMessages.linked, { provider: PROVIDER_LABELS[provider] }) },
          })
          return
        }
        const result = await api.request(endpoints.idpSignin, { params: { provider }, body: { code, state }, policy: { suppress: [400, 409] } })
        if (result.status === 'signedIn') {
          await auth.signedInNow()
          analytics.track('login', { method: provider })
          void navigate(safeRedirect(result.redirect, path(routePath('catalog.home'))), { replace: true })
        } else {
          setPending(result)
        }
      } catch (error) {
        setProblem(refusal(error) ?? t(socialMessages.failed))
      }
    })()
  }, [navigate, path, provider, search, t])

  if (problem) {
    return (
      <AccountPage testId="social-callback" title={t(socialMessages.failed)}>
        <Banner tone="error" testId="social-error">
          {problem}
        </Banner>
        <Link to={path(routePath('account.login'))} css={{ ...primaryButton }}>
          {t(socialMessages.tryAgain)}
        </Link>
      </AccountPage>
    )
  }
  if (pending && provider) {
    const label = PROVIDER_LABELS[provider]
    return (
      <AccountPage testId="social-join" title={t(signupMessages.socialTitle, { provider: label })} lead={t(signupMessages.socialLead, { provider: label })}>
        <div
          css={{
            display: 'flex',
            alignItems: 'center',
            gap: 10,
            margin: '-4px 0 18px',
            padding: '10px 12px',
            background: COLORS.surfaceAlt,
            borderRadius: 10,
            fontSize: FONT_SIZES.size50,
          }}
        >
          <ProviderMark provider={provider} />
          <span>{pending.email ?? label}</span>
        </div>
        <JoinForm
          email={null}
          defaultNickname={pending.nickname}
          withPassword={false}
          submitLabel={t(signupMessages.create)}
          onSubmit={async (values) => {
            await api.request(endpoints.socialJoin, {
              body: {
                pendingToken: pending.pendingToken,
                nickname: values.nickname,
                birthday: values.birthday,
                termsAgree: values.termsAgree,
                privacyAgree: values.privacyAgree,
                marketingAgree: values.marketingAgree,
              },
              policy: { suppress: [400, 409] },
            })
            await auth.signedInNow()
            analytics.track('web_registration', { method: provider })
            void navigate(safeRedirect(pending.redirect, path(routePath('catalog.home'))), { replace: true })
          }}
        />
      </AccountPage>
    )
  }
  return (
    <div data-testid="social-callback" css={{ padding: '80px 16px', textAlign: 'center', color: COLORS.textMuted }}>
      <Spinner minHeight={120} />
      <p>{provider ? t(socialMessages.working, { provider: PROVIDER_LABELS[provider] }) : null}</p>
    </div>
  )
}
