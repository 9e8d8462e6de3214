import { splitLocalePrefix } from '../i18n/locales'

/**
 * First-party analytics (SPEC §1, §7): what the browser may send, and the rules that decide it.
 * Page views and SPEC's named events, collected by our own API; no third-party script.
 */
export const ANALYTICS_EVENTS = [
  'page_view',
  'referral',
  'web_registration',
  'login',
  'content_view',
  'open_content_view',
  'subscribe',
  'purchase',
  'coin_used',
  'button_click',
  'popup_click',
] as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number]
export const isAnalyticsEvent = (value: unknown): value is AnalyticsEventName =>
  typeof value === 'string' && (ANALYTICS_EVENTS as readonly string[]).includes(value)

/** One event as the browser sends it; `props` are short scalar facts (ids, amounts, labels), never personal data. */
export interface AnalyticsEvent {
  /** Given by the page, unique per browser: the API keeps an event sent twice once (issue 35). */
  id?: string
  name: AnalyticsEventName
  /** The page's path without its locale prefix (SPEC §7: page views are counted per screen, not per language). */
  path: string
  /** Epoch ms, by the browser's clock. */
  at: number
  props?: Record<string, string | number | boolean>
}

export const ANALYTICS_LIMITS = {
  /** Events in one batch. */
  batch: 50,
  /** Characters of a path or a keyword (a full URL). */
  text: 2000,
  /** Props per event, and characters of a prop's key or string value. */
  props: 12,
  propText: 200,
  /** A batch is sent this often, and when the page is hidden. */
  flushMs: 5000,
} as const

/** SPEC §7: a page view is counted per route change, with the locale prefix stripped. */
export function analyticsPath(pathname: string): string {
  return splitLocalePrefix(pathname).rest
}

/**
 * SPEC §7: the referrer hosts that never count as a referral: sign-in pages of Apple and Google,
 * the payment gateway, X's API, PayPay and Docomo's service (a reader coming back from them
 * is still inside their visit).
 */
export const IGNORED_REFERRER_HOSTS = [
  'appleid.apple.com',
  'accounts.google.com',
  'accounts.google.co.jp',
  'pay.veritrans.co.jp',
  'api.twitter.com',
  'api.x.com',
  'www.paypay.ne.jp',
  'id.smt.docomo.ne.jp',
] as const

/**
 * SPEC §7: a visit is a referral when it comes from another site (not one of ours nor an ignored
 * host) or carries `utm_` parameters; the keyword is the full URL, and the external host is kept
 * (local storage) for later events. Null: not a referral.
 */
export function referralOf(input: { href: string; referrer: string; ownHost: string }): { keyword: string; referrerHost: string | null } | null {
  let url: URL
  try {
    url = new URL(input.href)
  } catch {
    return null
  }
  let referrerHost: string | null = null
  try {
    referrerHost = input.referrer ? new URL(input.referrer).hostname.toLowerCase() : null
  } catch {
    referrerHost = null
  }
  const external =
    referrerHost !== null && referrerHost !== input.ownHost.toLowerCase() && !(IGNORED_REFERRER_HOSTS as readonly string[]).includes(referrerHost)
  const campaign = [...url.searchParams.keys()].some((key) => key.toLowerCase().startsWith('utm_'))
  if (!external && !campaign) return null
  return { keyword: url.href.slice(0, ANALYTICS_LIMITS.text), referrerHost: external ? referrerHost : null }
}

/**
 * SPEC §1 (California "do not share my personal information"): the reader said so by the footer
 * choice (cookie), their account setting, or the browser's Global Privacy Control (`Sec-GPC: 1`,
 * `navigator.globalPrivacyControl`). Then no analytics event is sent or stored.
 */
export function doNotShare(input: { gpc?: boolean | string | null; cookie?: string | null; setting?: boolean | null }): boolean {
  return input.gpc === true || input.gpc === '1' || input.cookie === '1' || input.setting === true
}
