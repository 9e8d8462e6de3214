import { COLORS, api, auth, endpoints, FONT_SIZES, openDialog, useLocale, useLocalePath, useT, type DeleteReason, routePath } from '@koma/contracts'
import { sealForServer } from '../components/sealForServer'
import { DELETE_REASONS } from '@koma/contracts/domain'
import { useResource } from '../cache'
import { currentPasswordSchema, deleteAccountSchema, validate } from '@koma/contracts/validation'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorOf, useSubmit } from '@koma/contracts/ui'
import { NeedsSignIn } from '../components/lib'
import { AccountPage, Banner, Button, Check, formCard } from '../components/ui'
import { commonMessages, deleteMessages, passwordMessages } from '../i18n/messages'
import { PasswordField } from '../components/PasswordField'

/**
 * /account/delete: a SPEC reason code, the current password (members who have one), a
 * confirmation, then the account is gone. Guests cannot.
 */
export default function DeletePage() {
  const t = useT()
  return (
    <NeedsSignIn title={t(deleteMessages.title)}>
      <DeleteForm />
    </NeedsSignIn>
  )
}

function DeleteForm() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const profile = useResource('account:profile', () => api.request(endpoints.profile))
  const asksPassword = profile.userExtraInfo?.hasPassword === true
  const [reason, setReason] = useState<DeleteReason | ''>('')
  const [currentPassword, setCurrentPassword] = useState('')
  const [understood, setUnderstood] = useState(false)
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([])
  const { onSubmit, pending, problem } = useSubmit(
    async () => {
      const sealed = asksPassword ? await sealForServer('delete', { currentPassword }) : {}
      await api.request(endpoints.deleteMember, { params: { userId: 'me' }, body: { reason, ...sealed }, policy: { suppress: [400, 403, 429] } })
      auth.clearLocal()
      await openDialog('alert', { message: t(deleteMessages.done) })
      void navigate(path(routePath('catalog.home')), { replace: true })
    },
    {
      check: async () => {
        const found = [
          ...validate(deleteAccountSchema, { reason }, locale).errors,
          ...(asksPassword ? validate(currentPasswordSchema, { currentPassword }, locale).errors : []),
        ]
        setErrors(found)
        if (found.length || !understood) return false
        return openDialog('confirm', { message: t(deleteMessages.finalConfirm), okLabel: t(deleteMessages.submit) })
      },
    },
  )
  return (
    <AccountPage testId="delete-account" title={t(deleteMessages.title)} back={{ to: '/account/userinfo', label: t(commonMessages.account) }}>
      <Banner tone="warning">{t(deleteMessages.lead)}</Banner>
      <form onSubmit={onSubmit} noValidate css={formCard}>
        <fieldset css={{ border: 0, padding: 0, margin: '0 0 12px' }}>
          <legend css={{ fontWeight: 700, fontSize: 15, marginBottom: 12 }}>{t(deleteMessages.reason)}</legend>
          {DELETE_REASONS.map((code) => (
            <label key={code} css={{ display: 'flex', alignItems: 'center', gap: 10, padding: '7px 0', fontSize: 15, cursor: 'pointer' }}>
              <input
                type="radio"
                name="reason"
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
                data-testid={`reason-${code}`}
                css={{ width: 18, height: 18, accentColor: COLORS.brandDark }}
              />
              {t(deleteMessages[code])}
            </label>
          ))}
          {errorOf(errors, 'reason') ? (
            <p role="alert" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40, margin: '6px 0 0' }}>
              {errorOf(errors, 'reason')}
            </p>
          ) : null}
        </fieldset>
        {asksPassword ? (
          <PasswordField
            label={t(passwordMessages.current)}
            kind="current"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={errorOf(errors, 'currentPassword')}
            hint={t(deleteMessages.passwordHint)}
            data-testid="delete-password"
          />
        ) : null}
        <Check checked={understood} onChange={setUnderstood} testId="delete-understood">
          {t(deleteMessages.confirm)}
        </Check>
        {problem ? (
          <Banner tone="error" testId="delete-error">
            {problem}
          </Banner>
        ) : null}
        <Button type="submit" disabled={pending || !understood} data-testid="delete-submit" tone="danger">
          {t(deleteMessages.submit)}
        </Button>
      </form>
    </AccountPage>
  )
}
