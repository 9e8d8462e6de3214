import { api, auth, endpoints, sealForServer, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { changePasswordSchema, validate } from '@koma/contracts/validation'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { errorOf, TextField, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { AccountPage, Banner, Button, primaryButton } from '../components/ui'
import { commonMessages, passwordMessages, profileMessages } from '../i18n/messages'

/** /account/userinfo/password: current password, new password twice. */
export default observer(function ChangePasswordPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [currentPassword, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const { errors, input, checkAll } = useLiveValidation(() => validate(changePasswordSchema, { currentPassword, password, passwordConfirm }, locale).errors)
  const { onSubmit, pending, problem } = useSubmit(
    async () => {
      const sealed = await sealForServer('password', { currentPassword, password })
      await api.request(endpoints.passwordChange, { body: sealed, policy: { suppress: [400] } })
      await auth.loadProfile()
      void navigate(path(routePath('account.userinfo')), { state: { notice: t(passwordMessages.changed) } })
    },
    { check: () => !checkAll().length },
  )
  const back = { to: '/account/userinfo', label: t(commonMessages.account) }
  if (auth.profile && auth.profile.userExtraInfo && !auth.profile.userExtraInfo.hasPassword) {
    return (
      <AccountPage testId="change-password" title={t(passwordMessages.changeTitle)} back={back}>
        <Banner>{t(passwordMessages.noPassword)}</Banner>
        <Link to={path(routePath('account.registerEmail'))} css={primaryButton}>
          {t(profileMessages.registerEmail)}
        </Link>
      </AccountPage>
    )
  }
  return (
    <AccountPage testId="change-password" title={t(passwordMessages.changeTitle)} lead={t(passwordMessages.changeLead)} back={back}>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t(passwordMessages.current)}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          maxLength={64}
          onChange={input('currentPassword', setCurrent)}
          error={errorOf(errors, 'currentPassword')}
          data-testid="current-password"
        />
        <TextField
          label={t(passwordMessages.newPassword)}
          type="password"
          autoComplete="new-password"
          value={password}
          maxLength={64}
          onChange={input('password', setPassword)}
          error={errorOf(errors, 'password')}
          data-testid="new-password"
        />
        <TextField
          label={t(passwordMessages.confirm)}
          type="password"
          autoComplete="new-password"
          value={passwordConfirm}
          maxLength={64}
          onChange={input('passwordConfirm', setPasswordConfirm)}
          error={errorOf(errors, 'passwordConfirm')}
          data-testid="new-password-confirm"
        />
        {problem ? (
          <Banner tone="error" testId="change-password-error">
            {problem}
          </Banner>
        ) : null}
        <Button type="submit" disabled={pending} data-testid="change-password-submit">
          {t(pending ? commonMessages.saving : commonMessages.save)}
        </Button>
      </form>
    </AccountPage>
  )
})
