import { api, endpoints, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { requestCodeSchema, validate } from '@koma/contracts/validation'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorOf, TextField, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { AccountPage, Banner, Button } from '../components/ui'
import { loginMessages, passwordMessages } from '../i18n/messages'

/** /password/find: request the reset mail (its link is valid 10 minutes). */
export default function FindPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const { errors, input, checkAll } = useLiveValidation(() => validate(requestCodeSchema, { email: email.trim() }, locale).errors)
  const { onSubmit, pending, problem } = useSubmit(
    async () => {
      await api.request(endpoints.passwordFind, { query: { email: email.trim() }, policy: { suppress: [400, 429] } })
      void navigate(path(routePath('account.passwordResult')), { state: { email: email.trim() } })
    },
    { check: () => !checkAll().length },
  )
  return (
    <AccountPage
      testId="password-find"
      title={t(passwordMessages.findTitle)}
      lead={t(passwordMessages.findLead)}
      back={{ to: '/login', label: t(loginMessages.title) }}
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t(loginMessages.email)}
          type="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={input('email', setEmail)}
          error={errorOf(errors, 'email')}
          data-testid="find-email"
        />
        {problem ? <Banner tone="error">{problem}</Banner> : null}
        <Button type="submit" disabled={pending} data-testid="find-submit">
          {t(passwordMessages.sendLink)}
        </Button>
      </form>
    </AccountPage>
  )
}
