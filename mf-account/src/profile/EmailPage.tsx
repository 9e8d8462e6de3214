import { api, auth, endpoints, openDialog, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { sealForServer } from '../components/sealForServer'
import { invalidate, useResource } from '../cache'
import { changeEmailSchema, codeSchema, currentPasswordSchema, newPasswordSchema, validate } from '@koma/contracts/validation'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorOf, TextField, useSubmit } from '@koma/contracts/ui'
import { AccountPage, Banner, Button } from '../components/ui'
import { commonMessages, passwordMessages, profileMessages, signupMessages } from '../i18n/messages'
import { PasswordField } from '../components/PasswordField'

/**
 * /account/userinfo/changeemail and /registemail: a code to the new address, then the change,
 * confirmed with the current password. A member without a password (social sign-up) chooses one
 * at the same time instead.
 */
export function EmailPage({ register }: { register: boolean }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const profile = useResource('account:profile', () => api.request(endpoints.profile))
  const needsPassword = profile.userExtraInfo?.hasPassword === false
  const asksCurrentPassword = profile.userExtraInfo?.hasPassword === true
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [token, setToken] = useState('')
  const [currentPassword, setCurrentPassword] = useState('')
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([])

  const send = useSubmit(
    async () => {
      await api.request(endpoints.sendVerifyToken, { body: { email: email.trim(), purpose: 'changeEmail' }, policy: { suppress: [400, 409, 429] } })
      setSentTo(email.trim())
    },
    {
      check: () => {
        const checked = validate(changeEmailSchema(profile.email), { email: email.trim() }, locale)
        setErrors(checked.errors)
        return !checked.errors.length
      },
    },
  )

  const confirm = useSubmit(
    async () => {
      if (!sentTo) return
      const sealed = needsPassword ? await sealForServer('email', { password }) : asksCurrentPassword ? await sealForServer('email', { currentPassword }) : {}
      await api.request(endpoints.changeEmail, { body: { email: sentTo, token: token.trim(), ...sealed }, policy: { suppress: [400, 409, 429] } })
      invalidate('account:profile')
      await auth.loadProfile()
      void navigate(path(routePath('account.userinfo')), { state: { notice: t(profileMessages.emailChanged) } })
    },
    {
      check: () => {
        if (!sentTo) return false
        const found = [
          ...validate(codeSchema, token.trim(), locale).errors.map((error) => ({ ...error, field: 'token' })),
          ...(needsPassword ? validate(newPasswordSchema, { password, passwordConfirm }, locale).errors : []),
          ...(asksCurrentPassword ? validate(currentPasswordSchema, { currentPassword }, locale).errors : []),
        ]
        setErrors(found)
        return !found.length
      },
    },
  )

  const title = t(register ? profileMessages.registerTitle : profileMessages.emailTitle)
  const lead = register || !profile.email ? t(profileMessages.registerLead) : t(profileMessages.emailLead, { email: profile.email })
  return (
    <AccountPage testId="change-email" title={title} lead={lead} back={{ to: '/account/userinfo', label: t(commonMessages.account) }}>
      {!sentTo ? (
        <form onSubmit={send.onSubmit} noValidate>
          <TextField
            label={t(profileMessages.newEmail)}
            type="email"
            autoComplete="email"
            value={email}
            maxLength={254}
            onChange={(event) => setEmail(event.target.value)}
            error={errorOf(errors, 'email')}
            data-testid="new-email"
          />
          {send.problem ? (
            <Banner tone="error" testId="change-email-error">
              {send.problem}
            </Banner>
          ) : null}
          <Button type="submit" disabled={send.pending} data-testid="change-email-send">
            {t(signupMessages.sendCode)}
          </Button>
        </form>
      ) : (
        <form onSubmit={confirm.onSubmit} noValidate>
          <Banner>{t(signupMessages.codeLead, { email: sentTo })}</Banner>
          <TextField
            label={t(signupMessages.code)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={token}
            onChange={(event) => setToken(event.target.value.replace(/\D/g, ''))}
            error={errorOf(errors, 'token')}
            data-testid="change-email-code"
          />
          {needsPassword ? (
            <>
              <PasswordField
                label={t(passwordMessages.newPassword)}
                kind="new"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={errorOf(errors, 'password')}
                hint={t(signupMessages.passwordHint)}
              />
              <PasswordField
                label={t(passwordMessages.confirm)}
                kind="new"
                value={passwordConfirm}
                onChange={(event) => setPasswordConfirm(event.target.value)}
                error={errorOf(errors, 'passwordConfirm')}
              />
            </>
          ) : null}
          {asksCurrentPassword ? (
            <PasswordField
              label={t(passwordMessages.current)}
              kind="current"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              error={errorOf(errors, 'currentPassword')}
              hint={t(profileMessages.emailPasswordHint)}
              data-testid="change-email-password"
            />
          ) : null}
          {confirm.problem ? (
            <Banner tone="error" testId="change-email-error">
              {confirm.problem}
            </Banner>
          ) : null}
          <Button type="submit" disabled={confirm.pending} data-testid="change-email-confirm">
            {t(commonMessages.save)}
          </Button>
          <div css={{ marginTop: 12 }}>
            <Button
              variant="small"
              onClick={async () => {
                if (await openDialog('confirm', { message: t(profileMessages.cancelEmailConfirm) })) void navigate(path(routePath('account.userinfo')))
              }}
            >
              {t(commonMessages.cancel)}
            </Button>
          </div>
        </form>
      )}
    </AccountPage>
  )
}

export default function ChangeEmailPage() {
  return <EmailPage register={false} />
}
