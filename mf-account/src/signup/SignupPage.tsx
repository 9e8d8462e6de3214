import { api, auth, COLORS, endpoints, FONT_SIZES, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { requestCodeSchema, validate } from '@koma/contracts/validation'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { errorOf, TextField, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { AccountPage, Banner, Button } from '../components/ui'
import { loginMessages, signupMessages } from '../i18n/messages'
import { SocialSignIn } from '../components/SocialButtons'
import { useGuestDiscard } from '../components/guestDiscard'
import { readSignup, writeSignup } from './signupState'

/** /signup, step 1 of 3: the e-mail address that receives the 6-digit code. */
export default function SignupPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const [email, setEmail] = useState(() => readSignup()?.email ?? '')
  const { errors, input, checkAll } = useLiveValidation(() => validate(requestCodeSchema, { email: email.trim() }, locale).errors)
  // A social account that already has a member signs in to it, which discards a guest's data (SPEC §4).
  const { confirmDiscard } = useGuestDiscard((counts) => ({
    title: t(signupMessages.socialGuestTitle),
    message: t(signupMessages.socialGuestConfirm, { ...counts }),
    okLabel: t(signupMessages.socialGuestOk),
  }))

  const { onSubmit, pending, problem } = useSubmit(
    async () => {
      await api.request(endpoints.sendVerifyToken, { body: { email: email.trim(), purpose: 'signup' }, policy: { suppress: [400, 409, 429] } })
      writeSignup({ email: email.trim(), verified: false })
      void navigate(path(routePath('account.signupCertificate')) + (search.toString() ? `?${search}` : ''), { state: { from: 'signup' } })
    },
    { check: () => !checkAll().length },
  )

  return (
    <AccountPage testId="signup" title={t(signupMessages.title)} lead={t(signupMessages.lead)}>
      <p css={{ fontSize: FONT_SIZES.size30, fontWeight: 700, color: COLORS.brand, margin: '-8px 0 16px' }}>{t(signupMessages.steps, { step: 1 })}</p>
      {auth.guest && !auth.signedIn ? (
        <p
          data-testid="signup-guest-keeps"
          css={{
            fontSize: FONT_SIZES.size50,
            lineHeight: 1.6,
            margin: '0 0 16px',
            padding: '10px 12px',
            borderRadius: 10,
            background: '#eef8f0',
            border: '1px solid #bfe5c8',
          }}
        >
          {t(signupMessages.guestKeeps)}
        </p>
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
          error={errorOf(errors, 'email')}
          data-testid="signup-email"
        />
        {problem ? (
          <Banner tone="error" testId="signup-error">
            {problem}
          </Banner>
        ) : null}
        <Button type="submit" disabled={pending} data-testid="signup-send">
          {t(pending ? signupMessages.sending : signupMessages.sendCode)}
        </Button>
      </form>
      <SocialSignIn redirect={path(routePath('catalog.home'))} confirm={confirmDiscard} />
      <p css={{ marginTop: 28, fontSize: FONT_SIZES.size50, textAlign: 'center' }}>
        {t(signupMessages.haveAccount)}{' '}
        <Link to={path(routePath('account.login'))} css={{ color: COLORS.brand, fontWeight: 700 }}>
          {t(loginMessages.title)}
        </Link>
      </p>
    </AccountPage>
  )
}
