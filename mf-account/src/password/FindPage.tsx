import { api, endpoints, useLocale, useLocalePath, useT } from '@koma/contracts'
import { requestCodeSchema, validate } from '@koma/contracts/validation'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorOf, TextField, useLiveValidation } from '../components/form'
import { refusal } from '../components/lib'
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
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = checkAll()
    setProblem(null)
    if (found.length) return
    setBusy(true)
    try {
      await api.request(endpoints.passwordFind, { query: { email: email.trim() }, policy: { suppress: [400, 429] } })
      void navigate(path('/password/result'), { state: { email: email.trim() } })
    } catch (error) {
      setProblem(refusal(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <AccountPage
      testId="password-find"
      title={t(passwordMessages.findTitle)}
      lead={t(passwordMessages.findLead)}
      back={{ to: '/login', label: t(loginMessages.title) }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
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
        <Button type="submit" disabled={busy} data-testid="find-submit">
          {t(passwordMessages.sendLink)}
        </Button>
      </form>
    </AccountPage>
  )
}
