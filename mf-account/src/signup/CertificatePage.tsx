import { api, COLORS, endpoints, FONT_SIZES, openDialog, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { checkCodeSchema, validate } from '@koma/contracts/validation'
import { useState } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { errorOf, TextField, useSubmit } from '@koma/contracts/ui'
import { refusal } from '../components/lib'
import { AccountPage, Banner, Button } from '../components/ui'
import { signupMessages } from '../i18n/messages'
import { clearSignup, readSignup, writeSignup, type StepFrom } from './signupState'

/** /signup/certificate, step 2 of 3: the 6-digit code (valid 10 minutes, re-requestable). */
export default function CertificatePage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const [search] = useSearchParams()
  const state = readSignup()
  const [token, setToken] = useState('')
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const { onSubmit, pending, problem, setProblem } = useSubmit(
    async () => {
      if (!state) return
      await api.request(endpoints.checkVerifyToken, { body: { email: state.email, token: token.trim(), purpose: 'signup' }, policy: { suppress: [400, 429] } })
      writeSignup({ email: state.email, verified: true })
      void navigate(path(routePath('account.signupJoin')) + (search.toString() ? `?${search}` : ''), { state: { from: 'certificate' } })
    },
    {
      check: () => {
        const checked = validate(checkCodeSchema, { email: state?.email ?? '', token: token.trim() }, locale)
        setErrors(checked.errors)
        return !checked.errors.length
      },
    },
  )

  const from = (location.state as StepFrom | null)?.from
  if (!state || (from !== 'signup' && from !== 'certificate')) return <Navigate to={path(routePath('catalog.home'))} replace />

  const resend = async () => {
    setProblem(null)
    try {
      await api.request(endpoints.sendVerifyToken, { body: { email: state.email, purpose: 'signup' }, policy: { suppress: [400, 409, 429] } })
      setNotice(t(signupMessages.resent))
    } catch (error) {
      setProblem(refusal(error))
    }
  }

  const cancel = async () => {
    if (await openDialog('confirm', { message: t(signupMessages.cancelConfirm) })) {
      clearSignup()
      void navigate(path(routePath('catalog.home')))
    }
  }

  return (
    <AccountPage testId="signup-certificate" title={t(signupMessages.codeTitle)} lead={t(signupMessages.codeLead, { email: state.email })}>
      <p css={{ fontSize: FONT_SIZES.size30, fontWeight: 700, color: COLORS.brand, margin: '-8px 0 16px' }}>{t(signupMessages.steps, { step: 2 })}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t(signupMessages.code)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={token}
          onChange={(event) => setToken(event.target.value.replace(/\D/g, ''))}
          error={errorOf(errors, 'token')}
          data-testid="signup-code"
          css={{ letterSpacing: '.4em', fontSize: 22, textAlign: 'center' }}
        />
        {notice ? <Banner tone="success">{notice}</Banner> : null}
        {problem ? (
          <Banner tone="error" testId="signup-error">
            {problem}
          </Banner>
        ) : null}
        <Button type="submit" disabled={pending} data-testid="signup-verify">
          {t(signupMessages.verify)}
        </Button>
      </form>
      <div css={{ display: 'flex', justifyContent: 'space-between', marginTop: 20 }}>
        <Button variant="small" onClick={() => void resend()} data-testid="signup-resend">
          {t(signupMessages.resend)}
        </Button>
        <Button variant="small" onClick={() => void cancel()} data-testid="signup-cancel">
          {t(signupMessages.cancelSignup)}
        </Button>
      </div>
    </AccountPage>
  )
}
