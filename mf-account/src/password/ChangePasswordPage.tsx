import { api, auth, endpoints, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { sealForServer } from '../components/sealForServer'
import { changePasswordSchema, validate } from '@koma/contracts/validation'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { errorOf, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { AccountPage, Banner, Button, primaryButton } from '../components/ui'
import { commonMessages, passwordMessages, profileMessages } from '../i18n/messages'
import { PasswordField } from '../components/PasswordField'

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
        <PasswordField
          label={t(passwordMessages.current)}
          kind="current"
          value={currentPassword}
          onChange={input('currentPassword', setCurrent)}
          error={errorOf(errors, 'currentPassword')}
          data-testid="current-password"
        />
        <PasswordField
          label={t(passwordMessages.newPassword)}
          kind="new"
          value={password}
          onChange={input('password', setPassword)}
          error={errorOf(errors, 'password')}
          data-testid="new-password"
        />
        <PasswordField
          label={t(passwordMessages.confirm)}
          kind="new"
          value={passwordConfirm}
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
