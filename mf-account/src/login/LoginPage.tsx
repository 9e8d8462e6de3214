import { analytics, api, auth, COLORS, endpoints, FONT_SIZES, isApiError, safeRedirect, text, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { sealForServer } from '../components/sealForServer'
import { signinSchema, validate } from '@koma/contracts/validation'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { submitButton, TextField, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { SocialSignIn } from '../components/SocialButtons'
import { loginMessages } from '../i18n/messages'
import { useGuestDiscard } from '../components/guestDiscard'

export default observer(function LoginPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [stayLogged, setStayLogged] = useState(true)
  const [reveal, setReveal] = useState(false)
  const { errors, input, checkAll } = useLiveValidation(() => validate(signinSchema, { email, password }, locale).errors)

  useEffect(() => {
    document.title = `${t(loginMessages.title)} | Koma`
  }, [t])

  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message ?? null
  const guest = auth.guest && !auth.signedIn
  const redirect = safeRedirect(search.get('redirect'), path(routePath('catalog.home')))
  const [guestBusy, setGuestBusy] = useState(false)

  /** SPEC §4: signing in from a guest discards its data: say what, and go on only if the reader agrees. */
  const { holdings, confirmDiscard: guestAgrees } = useGuestDiscard((counts) => ({
    title: t(loginMessages.guestConfirmTitle),
    message: t(loginMessages.guestConfirm, { ...counts }),
    okLabel: t(loginMessages.guestConfirmOk),
  }))

  const {
    onSubmit,
    pending,
    problem: formError,
    setProblem: setFormError,
  } = useSubmit(
    async () => {
      const sealed = await sealForServer('signin', { password })
      await api.request(endpoints.signin, {
        body: { email: email.trim(), ...sealed, stayLogged: String(stayLogged) },
        policy: { suppress: [400, 429] },
      })
      const profile = await auth.signedInNow()
      analytics.track('login', { method: 'email' })
      const target = safeRedirect(search.get('redirect'), path(routePath('catalog.home')))
      // SPEC §4: a password unchanged for 6 months is advised to change (now or later).
      void navigate(profile?.userExtraInfo?.passwordChangeAdvised ? `${path(routePath('account.password'))}?redirect=${encodeURIComponent(target)}` : target, {
        replace: true,
      })
    },
    {
      check: async () => !checkAll().length && (await guestAgrees()),
      // Wrong credentials and refused input are shown here; the rest went to the global handler.
      // SPEC §8: any other failure to sign in (the server, the network, sealing the password) is "authentication failed, retry or reset".
      failure: (error) => (isApiError(error) && (error.status === 400 || error.status === 429) ? error.message : text('authenticationFailed', locale)),
    },
  )

  const continueAsGuest = async () => {
    setGuestBusy(true)
    try {
      if (await auth.becomeGuest()) void navigate(redirect, { replace: true })
      else setFormError(text('guestAuthenticationFailed', locale))
    } catch {
      /* the API's refusal (too many new guests from this address) was shown by the global handler */
    } finally {
      setGuestBusy(false)
    }
  }

  return (
    <section data-testid="login" css={{ maxWidth: 420, margin: '0 auto', padding: '40px 20px' }}>
      <h1 css={{ fontSize: 26, margin: '0 0 8px' }}>{t(loginMessages.title)}</h1>
      <p css={{ margin: '0 0 28px', color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>{t(loginMessages.lead)}</p>
      {guest ? (
        <div
          role="note"
          data-testid="login-guest-warning"
          css={{
            margin: '0 0 24px',
            padding: '14px 16px',
            borderRadius: 12,
            background: '#fff6e5',
            border: '1px solid #ffd98a',
            fontSize: FONT_SIZES.size50,
            lineHeight: 1.6,
          }}
        >
          <strong css={{ display: 'block', marginBottom: 4 }}>{t(loginMessages.guestWarningTitle)}</strong>
          <span css={{ display: 'block' }}>{t(loginMessages.guestWarning)}</span>
          {holdings ? (
            <span data-testid="login-guest-holdings" css={{ display: 'block', marginTop: 6, fontWeight: 700 }}>
              {t(loginMessages.guestLoses, { ...holdings })}
            </span>
          ) : null}
          <Link
            to={`${path(routePath('account.signup'))}?redirect=${encodeURIComponent(redirect)}`}
            data-testid="login-guest-signup"
            css={{ display: 'inline-block', marginTop: 8, color: COLORS.brand, fontWeight: 700 }}
          >
            {t(loginMessages.guestKeep)} ›
          </Link>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t(loginMessages.email)}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={input('email', setEmail)}
          error={fieldError('email')}
        />
        <div css={{ position: 'relative' }}>
          <TextField
            label={t(loginMessages.password)}
            type={reveal ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            value={password}
            maxLength={64}
            onChange={input('password', setPassword)}
            error={fieldError('password')}
          />
          <button
            type="button"
            onClick={() => setReveal((value) => !value)}
            css={{
              position: 'absolute',
              right: 10,
              top: 34,
              background: 'none',
              border: 0,
              color: COLORS.textMuted,
              fontSize: FONT_SIZES.size30,
              cursor: 'pointer',
              padding: 6,
            }}
          >
            {t(reveal ? loginMessages.hidePassword : loginMessages.showPassword)}
          </button>
        </div>
        <label css={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: FONT_SIZES.size50, margin: '4px 0 20px' }}>
          <input type="checkbox" checked={stayLogged} onChange={(event) => setStayLogged(event.target.checked)} />
          {t(loginMessages.stayLogged)}
        </label>
        {formError ? (
          <p
            role="alert"
            data-testid="login-error"
            css={{
              color: COLORS.brandDark,
              fontSize: FONT_SIZES.size50,
              margin: '0 0 16px',
              padding: '10px 12px',
              background: COLORS.brandTintStrong,
              borderRadius: 8,
            }}
          >
            {formError}
          </p>
        ) : null}
        <button type="submit" disabled={pending} css={submitButton} data-testid="login-submit">
          {t(pending ? loginMessages.submitting : loginMessages.submit)}
        </button>
      </form>
      <SocialSignIn redirect={redirect} confirm={guestAgrees} />
      <p css={{ marginTop: 24, fontSize: FONT_SIZES.size50, textAlign: 'center' }}>
        <Link to={path(routePath('account.passwordFind'))} css={{ color: COLORS.textMuted }}>
          {t(loginMessages.forgot)}
        </Link>
      </p>
      <p css={{ marginTop: 8, fontSize: FONT_SIZES.size50, textAlign: 'center' }}>
        {t(loginMessages.noAccount)}{' '}
        <Link to={path(routePath('account.signup'))} css={{ color: COLORS.brand, fontWeight: 700 }}>
          {t(loginMessages.signUp)}
        </Link>
      </p>
      {!guest ? (
        <div css={{ marginTop: 24, paddingTop: 20, borderTop: `1px solid ${COLORS.line}`, textAlign: 'center' }}>
          <button
            type="button"
            data-testid="login-continue-guest"
            disabled={guestBusy}
            onClick={() => void continueAsGuest()}
            css={{
              background: 'none',
              border: `1.5px solid ${COLORS.line}`,
              borderRadius: 22,
              padding: '10px 22px',
              fontSize: FONT_SIZES.size50,
              fontWeight: 700,
              color: COLORS.text,
              cursor: guestBusy ? 'progress' : 'pointer',
            }}
          >
            {t(loginMessages.continueAsGuest)}
          </button>
          <p css={{ margin: '8px 0 0', fontSize: FONT_SIZES.size30, color: COLORS.textMuted }}>{t(loginMessages.continueAsGuestNote)}</p>
        </div>
      ) : null}
    </section>
  )
})
