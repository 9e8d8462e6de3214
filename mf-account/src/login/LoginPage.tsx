import { api, auth, COLORS, endpoints, isApiError, safeRedirect, sealForServer, useLocale, useLocalePath, useT } from '@koma/contracts'
import { signinSchema, validate, type FieldError } from '@koma/contracts/validation'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { submitButton, TextField } from '../components/form'
import { SocialButtons } from '../social/SocialButtons'
import { loginMessages } from '../i18n/messages'

export default function LoginPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [stayLogged, setStayLogged] = useState(true)
  const [reveal, setReveal] = useState(false)
  const [errors, setErrors] = useState<FieldError[]>([])
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    document.title = `${t(loginMessages.title)} | Koma`
  }, [t])

  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message ?? null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const checked = validate(signinSchema, { email, password }, locale)
    setErrors(checked.errors)
    setFormError(null)
    if (checked.errors.length) return
    setBusy(true)
    try {
      const sealed = await sealForServer('signin', { password })
      await api.request(endpoints.signin, {
        body: { email: email.trim(), ...sealed, stayLogged: String(stayLogged) },
        policy: { suppress: [400, 429] },
      })
      const profile = await auth.signedInNow()
      const target = safeRedirect(search.get('redirect'), path('/'))
      // SPEC §4: a password unchanged for 6 months is advised to change (now or later).
      navigate(profile?.userExtraInfo?.passwordChangeAdvised ? `${path('/password')}?redirect=${encodeURIComponent(target)}` : target, { replace: true })
    } catch (error) {
      // Wrong credentials and refused input are shown here; the rest went to the global handler.
      if (isApiError(error) && (error.status === 400 || error.status === 429)) setFormError(error.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section data-testid="login" css={{ maxWidth: 420, margin: '0 auto', padding: '40px 20px' }}>
      <h1 css={{ fontSize: 26, margin: '0 0 8px' }}>{t(loginMessages.title)}</h1>
      <p css={{ margin: '0 0 28px', color: COLORS.textMuted, fontSize: 14 }}>{t(loginMessages.lead)}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t(loginMessages.email)} type="email" name="email" autoComplete="email" value={email} maxLength={254} onChange={(event) => setEmail(event.target.value)} error={fieldError('email')} />
        <div css={{ position: 'relative' }}>
          <TextField
            label={t(loginMessages.password)}
            type={reveal ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            value={password}
            maxLength={64}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError('password')}
          />
          <button
            type="button"
            onClick={() => setReveal((value) => !value)}
            css={{ position: 'absolute', right: 10, top: 34, background: 'none', border: 0, color: COLORS.textMuted, fontSize: 12, cursor: 'pointer', padding: 6 }}
          >
            {t(reveal ? loginMessages.hidePassword : loginMessages.showPassword)}
          </button>
        </div>
        <label css={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 14, margin: '4px 0 20px' }}>
          <input type="checkbox" checked={stayLogged} onChange={(event) => setStayLogged(event.target.checked)} />
          {t(loginMessages.stayLogged)}
        </label>
        {formError ? (
          <p role="alert" data-testid="login-error" css={{ color: COLORS.brandDark, fontSize: 14, margin: '0 0 16px', padding: '10px 12px', background: '#fff1ef', borderRadius: 8 }}>
            {formError}
          </p>
        ) : null}
        <button type="submit" disabled={busy} css={submitButton} data-testid="login-submit">
          {t(busy ? loginMessages.submitting : loginMessages.submit)}
        </button>
      </form>
      <div css={{ display: 'flex', alignItems: 'center', gap: 12, margin: '28px 0 16px', color: COLORS.textMuted, fontSize: 13, '&::before, &::after': { content: '""', flex: 1, height: 1, background: COLORS.line } }}>
        {t(loginMessages.orWith)}
      </div>
      <SocialButtons redirect={safeRedirect(search.get('redirect'), path('/'))} />
      <p css={{ marginTop: 24, fontSize: 14, textAlign: 'center' }}>
        <Link to={path('/password/find')} css={{ color: COLORS.textMuted }}>
          {t(loginMessages.forgot)}
        </Link>
      </p>
      <p css={{ marginTop: 8, fontSize: 14, textAlign: 'center' }}>
        {t(loginMessages.noAccount)}{' '}
        <Link to={path('/signup')} css={{ color: COLORS.brand, fontWeight: 700 }}>
          {t(loginMessages.signUp)}
        </Link>
      </p>
    </section>
  )
}
