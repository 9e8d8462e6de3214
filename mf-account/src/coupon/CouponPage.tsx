import { api, endpoints, useLocale, useT } from '@koma/contracts'
import { invalidate, reportRewardReceived } from '../cache'
import { couponSchema, validate } from '@koma/contracts/validation'
import { useState } from 'react'
import { errorOf, TextField, useSubmit } from '@koma/contracts/ui'
import { NeedsSignIn, useRewardText } from '../components/lib'
import { AccountPage, Banner, Button } from '../components/ui'
import { commonMessages, couponMessages } from '../i18n/messages'

/** /account/coupon: one input; the API validates, redeems once and grants what the coupon holds. */
export default function CouponPage() {
  const t = useT()
  const { locale } = useLocale()
  const reward = useRewardText()
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const { onSubmit, pending, problem } = useSubmit(
    async () => {
      const result = await api.request(endpoints.couponRedeem, { body: { code: code.trim() }, policy: { suppress: [400, 404, 409, 410, 429] } })
      setNotice(t(couponMessages.done, { title: result.title, reward: reward(result.grant) }))
      setCode('')
      invalidate('account:')
      reportRewardReceived()
    },
    {
      check: () => {
        const checked = validate(couponSchema, { code }, locale)
        setErrors(checked.errors)
        setNotice(null)
        return !checked.errors.length
      },
    },
  )
  return (
    <NeedsSignIn title={t(couponMessages.title)} guests>
      <AccountPage
        testId="coupon"
        title={t(couponMessages.title)}
        lead={t(couponMessages.lead)}
        back={{ to: '/account/userinfo', label: t(commonMessages.account) }}
      >
        <form onSubmit={onSubmit} noValidate>
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
          <Button type="submit" disabled={pending} data-testid="coupon-submit">
            {t(couponMessages.redeem)}
          </Button>
        </form>
      </AccountPage>
    </NeedsSignIn>
  )
}
