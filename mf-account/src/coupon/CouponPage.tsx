import { api, endpoints, useLocale, useT } from '@koma/contracts'
import { invalidate, reportRewardReceived } from '../cache'
import { couponSchema, validate } from '@koma/contracts/validation'
import { useState, type FormEvent } from 'react'
import { errorOf, TextField } from '../components/form'
import { NeedsSignIn, refusal, useRewardText } from '../components/lib'
import { AccountPage, Banner, Button } from '../components/ui'
import { commonMessages, couponMessages } from '../i18n/messages'

/** /account/coupon: one input; the API validates, redeems once and grants what the coupon holds. */
export default function CouponPage() {
  const t = useT()
  const { locale } = useLocale()
  const reward = useRewardText()
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const checked = validate(couponSchema, { code }, locale)
    setErrors(checked.errors)
    setProblem(null)
    setNotice(null)
    if (checked.errors.length) return
    setBusy(true)
    try {
      const result = await api.request(endpoints.couponRedeem, { body: { code: code.trim() }, policy: { suppress: [400, 404, 409, 410, 429] } })
      setNotice(t(couponMessages.done, { title: result.title, reward: reward(result.grant) }))
      setCode('')
      invalidate('account:')
      reportRewardReceived()
    } catch (error) {
      setProblem(refusal(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <NeedsSignIn title={t(couponMessages.title)} guests>
      <AccountPage
        testId="coupon"
        title={t(couponMessages.title)}
        lead={t(couponMessages.lead)}
        back={{ to: '/account/userinfo', label: t(commonMessages.account) }}
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t(couponMessages.code)}
            value={code}
            maxLength={32}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            error={errorOf(errors, 'code')}
            data-testid="coupon-code"
            css={{ letterSpacing: '.12em', fontWeight: 700 }}
          />
          <div aria-live="polite">
            {notice ? (
              <Banner tone="success" testId="coupon-done">
                {notice}
              </Banner>
            ) : null}
            {problem ? (
              <Banner tone="error" testId="coupon-error">
                {problem}
              </Banner>
            ) : null}
          </div>
          <Button type="submit" disabled={busy} data-testid="coupon-submit">
            {t(couponMessages.redeem)}
          </Button>
        </form>
      </AccountPage>
    </NeedsSignIn>
  )
}
