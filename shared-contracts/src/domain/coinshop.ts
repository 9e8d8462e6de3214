import type { Locale } from '../i18n/locales'
import { formatPrice } from './numbers'
import { safeSitePath } from '../routes/redirect'

/**
 * The coin shop's rules (SPEC §2 purchase dialogs, §3 payment method options, §5 credit card
 * form, §9 currency). The API and the screens call the same functions.
 */

export type ShopCurrency = 'USD' | 'JPY'

/** SPEC §1 / §9: Japanese pays in yen, every other language in US dollars. */
export const shopCurrency = (locale: Locale): ShopCurrency => (locale === 'ja' ? 'JPY' : 'USD')

/** SPEC §3 payment method options: English (and French) PayPal and PayPal credit; Japanese the Japan set. */
export const GLOBAL_METHODS = ['paypal', 'paypal_credit'] as const
export const JAPAN_METHODS = ['credit', 'softbank', 'au', 'docomo', 'paypay'] as const
export const CARRIERS = ['softbank', 'au', 'docomo'] as const
export type GlobalMethod = (typeof GLOBAL_METHODS)[number]
export type JapanMethod = (typeof JAPAN_METHODS)[number]
export type Carrier = (typeof CARRIERS)[number]
export type PaymentMethod = GlobalMethod | JapanMethod

export const isCarrier = (value: unknown): value is Carrier => typeof value === 'string' && (CARRIERS as readonly string[]).includes(value)
export const isGlobalMethod = (value: unknown): value is GlobalMethod => typeof value === 'string' && (GLOBAL_METHODS as readonly string[]).includes(value)

export function paymentMethodsFor(locale: Locale): readonly PaymentMethod[] {
  return locale === 'ja' ? JAPAN_METHODS : GLOBAL_METHODS
}

/** Which currency a payment method charges in (the card flow of PayPal is USD, SPEC §9). */
export const methodCurrency = (method: PaymentMethod): ShopCurrency => (isGlobalMethod(method) ? 'USD' : 'JPY')

/** What a finished purchase reports (SPEC §3 purchase info). */
export interface PurchaseInfo {
  serviceOrderId: string
  purchasedAmount: number
  freeAmount: number
  /** Minor units of `unit` (cents for USD, yen for JPY). */
  price: number
  unit: ShopCurrency
}

/**
 * SPEC §2 purchase result dialog: the purchased coin amount, plus the free bonus when above 0,
 * and the price (USD for USD, yen otherwise, thousands separators).
 */
export function purchaseResultLines(
  info: Pick<PurchaseInfo, 'purchasedAmount' | 'freeAmount' | 'price' | 'unit'>,
  locale: Locale,
): { coins: number; bonus: number | null; price: string } {
  return {
    coins: info.purchasedAmount,
    bonus: info.freeAmount > 0 ? info.freeAmount : null,
    price: formatPrice(info.price, info.unit, locale),
  }
}

/**
 * SPEC §2 purchase fail dialog button: the stored redirect, else the pending purchase's
 * cancel-redirect, else home.
 */
export function purchaseFailTarget(storedRedirect: string | null | undefined, pendingCancelRedirect: string | null | undefined): string {
  return safeReturnPath(storedRedirect) ?? safeReturnPath(pendingCancelRedirect) ?? '/'
}

/** SPEC §2 purchase result dialog button: the stored redirect or home. */
export function purchaseResultTarget(storedRedirect: string | null | undefined): string {
  return safeReturnPath(storedRedirect) ?? '/'
}

/** A same-site path we may send the reader to: the one redirect rule (`safeSitePath`). */
export function safeReturnPath(value: string | null | undefined): string | null {
  return safeSitePath(value)
}

/** Where a provider may send the reader back to: our own purchase result routes, optionally locale-prefixed. */
export function isPurchaseReturnPath(value: unknown): value is string {
  return typeof value === 'string' && /^(\/(ja|en|fr))?\/coinpurchase\/(result|result\/cancel|error)$/.test(value)
}

/** SPEC §5 credit card limits. */
export const CARD_LIMITS = { number: 16, month: 2, year: 2, securityCode: 3, name: 20, email: 254 } as const

/**
 * SPEC §5: numeric card fields accept digits and one dot; cut to the field's limit.
 * `'4111 1111-1111'` → `'411111111111'`.
 */
export function numericInput(value: string, limit: number): string {
  let seenDot = false
  let out = ''
  for (const char of value) {
    if (char >= '0' && char <= '9') out += char
    else if (char === '.' && !seenDot) {
      seenDot = true
      out += char
    }
    if (out.length >= limit) break
  }
  return out
}

/** SPEC §5: a single month digit is zero-padded ('3' → '03'). */
export const padMonth = (month: string): string => (/^[0-9]$/.test(month) ? `0${month}` : month)

/** SPEC §5: the expiry is sent as MM/YY. */
export const cardExpiry = (month: string, year: string): string => `${padMonth(month)}/${year.padStart(2, '0').slice(-2)}`
