import { LOCALES, type Locale } from '../../i18n/locales'
import { type FieldError, checkText, localizedField, parseDateField } from './forms'

// Coupons (SPEC §4 coupon codes): code, reward, limits, expiry

/** How a code is typed and stored: the redemption call normalises the same way (upper case, no spaces or dashes). */
export const normaliseCouponCode = (raw: string): string =>
  raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')

export const COUPON_LIMITS = { codeMin: 4, codeMax: 32, title: 100, amountMax: 10_000, validDaysMax: 365, redemptionsMax: 10_000_000 } as const

export interface CouponSetting extends RewardSetting {
  code: string
  titles: Record<Locale, string>
  startsAt: string
  endsAt: string | null
  maxRedemptions: number | null
}

export type CouponForm = Partial<
  Record<
    'code' | 'kind' | 'coinType' | 'amount' | 'contentId' | 'validDays' | 'startsAt' | 'endsAt' | 'maxRedemptions' | 'titleJa' | 'titleEn' | 'titleFr',
    string
  >
>

/** A whole number field (1 to `max`, no leading zero); empty: null, or `required`. */
export function checkWholeNumber(errors: FieldError[], field: string, value: unknown, max: number, required: boolean): number | null {
  if (value === undefined || value === '') {
    if (required) errors.push({ field, problem: 'required' })
    return null
  }
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value) || Number(value) > max) {
    errors.push({ field, problem: 'invalid' })
    return null
  }
  return Number(value)
}

/** What a coupon or a gift grants: coins (free or bonus) or tickets (for one title or any), valid some days or for good. */
export interface RewardSetting {
  kind: 'coin' | 'ticket'
  /** Coins: free (they may expire) or bonus; tickets: none. */
  coinType: 'free' | 'bonus' | null
  amount: number
  /** Tickets for one title (null: any title). */
  contentId: number | null
  /** Days the granted coins or tickets stay valid (null: no expiry). */
  validDays: number | null
}

export type RewardForm = Partial<Record<'kind' | 'coinType' | 'amount' | 'contentId' | 'validDays', string>>

/** The reward fields of a coupon or gift form (`kind`, `coinType`, `amount`, `contentId`, `validDays`). */
export function checkReward(errors: FieldError[], form: RewardForm): RewardSetting {
  const kind = form.kind === 'coin' || form.kind === 'ticket' ? form.kind : null
  if (!kind) errors.push({ field: 'kind', problem: form.kind ? 'invalid' : 'required' })
  let coinType: RewardSetting['coinType'] = null
  if (kind === 'coin') {
    if (form.coinType === 'free' || form.coinType === 'bonus') coinType = form.coinType
    else errors.push({ field: 'coinType', problem: form.coinType ? 'invalid' : 'required' })
  }
  const amount = checkWholeNumber(errors, 'amount', form.amount, COUPON_LIMITS.amountMax, true) ?? 0
  const contentId = kind === 'ticket' ? checkWholeNumber(errors, 'contentId', form.contentId, 999_999_999, false) : null
  const validDays = checkWholeNumber(errors, 'validDays', form.validDays, COUPON_LIMITS.validDaysMax, false)
  return { kind: kind ?? 'coin', coinType, amount, contentId, validDays }
}

/** An optional start (empty: `now`) and an optional end after it. */
export function checkWindow(errors: FieldError[], form: { startsAt?: unknown; endsAt?: unknown }, now: Date): { startsAt: string; endsAt: string | null } {
  const startsAt = parseDateField(form.startsAt)
  const endsAt = parseDateField(form.endsAt)
  if (startsAt === undefined) errors.push({ field: 'startsAt', problem: 'invalid' })
  if (endsAt === undefined) errors.push({ field: 'endsAt', problem: 'invalid' })
  const start = startsAt ?? now
  if (endsAt && endsAt.getTime() <= start.getTime()) errors.push({ field: 'endsAt', problem: 'endBeforeStart' })
  return { startsAt: start.toISOString(), endsAt: endsAt ? endsAt.toISOString() : null }
}

/**
 * Texts in every language (`titleJa`, `bodyFr`, …): each named text with its limit, required or
 * not. `{ title: [100, true], description: [500, false] }` gives `Record<Locale, { title, description }>`.
 */
export function checkLocalizedTexts<K extends string>(
  errors: FieldError[],
  form: Partial<Record<string, unknown>>,
  spec: Record<K, readonly [max: number, required: boolean]>,
): Record<Locale, Record<K, string>> {
  const texts = {} as Record<Locale, Record<K, string>>
  for (const locale of LOCALES) {
    texts[locale] = {} as Record<K, string>
    for (const name of Object.keys(spec) as K[]) {
      const [max, required] = spec[name]
      texts[locale][name] = checkText(errors, localizedField(name, locale), form[localizedField(name, locale)], max, required)
    }
  }
  return texts
}

export function checkCouponForm(form: CouponForm, now: Date): { setting: CouponSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const code = typeof form.code === 'string' ? normaliseCouponCode(form.code) : ''
  if (!code) errors.push({ field: 'code', problem: 'required' })
  else if (!/^[A-Z0-9]+$/.test(code) || code.length < COUPON_LIMITS.codeMin) errors.push({ field: 'code', problem: 'invalid' })
  else if (code.length > COUPON_LIMITS.codeMax) errors.push({ field: 'code', problem: 'tooLong', max: COUPON_LIMITS.codeMax })
  const reward = checkReward(errors, form)
  const maxRedemptions = checkWholeNumber(errors, 'maxRedemptions', form.maxRedemptions, COUPON_LIMITS.redemptionsMax, false)
  const window = checkWindow(errors, form, now)
  const texts = checkLocalizedTexts(errors, form, { title: [COUPON_LIMITS.title, true] })
  const titles = Object.fromEntries(LOCALES.map((locale) => [locale, texts[locale].title])) as Record<Locale, string>
  return { setting: { code, titles, ...reward, ...window, maxRedemptions }, errors }
}
