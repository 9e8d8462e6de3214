import { api, auth, endpoints, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { invalidate, useResource } from '../cache'
import { nicknameFormSchema, validate } from '@koma/contracts/validation'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorOf, TextField, useSubmit } from '@koma/contracts/ui'
import { AccountPage, Banner, Button } from '../components/ui'
import { commonMessages, profileMessages, signupMessages } from '../i18n/messages'

/** /account/userinfo/nickname. */
export default function NicknamePage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const profile = useResource('account:profile', () => api.request(endpoints.profile))
  const [nickname, setNickname] = useState(profile.nickname)
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([])
  const { onSubmit, pending, problem } = useSubmit(
    async () => {
      await api.request(endpoints.nickname, { body: { nickname: nickname.trim() }, policy: { suppress: [400] } })
      invalidate('account:profile')
      await auth.loadProfile()
      void navigate(path(routePath('account.userinfo')), { state: { notice: t(profileMessages.nicknameSaved) } })
    },
    {
      check: () => {
        const checked = validate(nicknameFormSchema, { nickname }, locale)
        setErrors(checked.errors)
        return !checked.errors.length
      },
    },
  )
  return (
    <AccountPage testId="nickname" title={t(profileMessages.nicknameTitle)} back={{ to: '/account/userinfo', label: t(commonMessages.account) }}>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t(profileMessages.nickname)}
          value={nickname}
          maxLength={40}
          onChange={(event) => setNickname(event.target.value)}
          error={errorOf(errors, 'nickname')}
          hint={t(signupMessages.nicknameHint)}
          data-testid="nickname-input"
        />
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        <Button type="submit" disabled={pending} data-testid="nickname-save">
          {t(pending ? commonMessages.saving : commonMessages.save)}
        </Button>
      </form>
    </AccountPage>
  )
}
