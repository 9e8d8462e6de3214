import { api, endpoints, FONT_SIZES, isApiError, text, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { sealForServer } from '../components/sealForServer'
import { useResource } from '../cache'
import { newPasswordSchema, validate } from '@koma/contracts/validation'
import { Suspense, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { errorOf, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { refusal } from '../components/lib'
import { AccountPage, Banner, Button, primaryButton } from '../components/ui'
import { loginMessages, passwordMessages } from '../i18n/messages'
import { PasswordField } from '../components/PasswordField'

function ResetForm({ token }: { token: string }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const check = useResource(`password-reset:${token}`, () =>
    api.request(endpoints.passwordResetCheck, { query: { token }, policy: { suppress: [400, 429] } }).then(
      (value) => ({ email: value.email, problem: null as string | null }),
      (error: unknown) => ({ email: null, problem: isApiError(error) ? error.message : null }),
    ),
  )
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const { errors, input, checkAll } = useLiveValidation(() => validate(newPasswordSchema, { password, passwordConfirm }, locale).errors)
  const [done, setDone] = useState(false)
  const { onSubmit, pending, problem } = useSubmit(
    async () => {
      const sealed = await sealForServer('reset', { password })
      await api.request(endpoints.passwordReset, { body: { token, ...sealed }, policy: { suppress: [400, 429] } })
      setDone(true)
    },
    {
      check: () => !checkAll().length,
      // SPEC §8 "password reset failed" when the answer says nothing more precise (the server, the network).
      failure: (error) => refusal(error) ?? text('passwordResetFailed', locale),
    },
  )

  if (check.problem || !check.email) {
    return (
      <>
        <Banner tone="error" testId="reset-expired">
          {check.problem}
        </Banner>
        <Link to={path(routePath('account.passwordFind'))} css={primaryButton}>
          {t(passwordMessages.resultAgain)}
        </Link>
      </>
    )
  }
  if (done) {
    return (
      <>
        <Banner tone="success" testId="reset-done">
          {t(passwordMessages.resetDone)}
        </Banner>
        <Link to={path(routePath('account.login'))} css={primaryButton} data-testid="reset-sign-in">
          {t(loginMessages.title)}
        </Link>
      </>
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <p css={{ margin: '-12px 0 20px', fontSize: FONT_SIZES.size50 }}>{t(passwordMessages.resetLead, { email: check.email })}</p>
      <PasswordField
        label={t(passwordMessages.newPassword)}
        kind="new"
        value={password}
        onChange={input('password', setPassword)}
        error={errorOf(errors, 'password')}
        data-testid="reset-password"
      />
      <PasswordField
        label={t(passwordMessages.confirm)}
        kind="new"
        value={passwordConfirm}
        onChange={input('passwordConfirm', setPasswordConfirm)}
        error={errorOf(errors, 'passwordConfirm')}
        data-testid="reset-password-confirm"
      />
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <Button type="submit" disabled={pending} data-testid="reset-submit">
        {t(passwordMessages.reset)}
      </Button>
    </form>
  )
}

/** /member/profile/password/reset?token=…: the link of the reset mail. */
export default function ResetPage() {
  const t = useT()
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  return (
    <AccountPage testId="password-reset" title={t(passwordMessages.resetTitle)}>
      <Suspense fallback={null}>
        <ResetForm token={token} />
      </Suspense>
    </AccountPage>
  )
}
