import type { Locale } from '../i18n/locales'
import { LOCALE_TAGS } from '../i18n/locales'

const oneDecimal = (value: number): number => Math.floor(value * 10) / 10

/**
 * Building an Intl.NumberFormat costs far more than formatting with one (a home page formats
 * hundreds of counts): one formatter per locale and style, made on first use.
 */
const formatters = new Map<string, Intl.NumberFormat>()
function numberFormat(tag: string, style: 'count' | 'USD' | 'JPY'): Intl.NumberFormat {
  const key = `${tag} ${style}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(tag, style === 'count' ? { maximumFractionDigits: 1 } : { style: 'currency', currency: style })
    formatters.set(key, format)
  }
  return format
}

/**
 * SPEC §9 number abbreviation: K and M in English (and French), 万 and 億 in Japanese.
 * Rounds down, so a count is never overstated: 1,999 → 1.9K.
 */
export function abbreviateCount(count: number, locale: Locale): string {
  const tag = LOCALE_TAGS[locale]
  const formatter = numberFormat(tag, 'count')
  const format = (value: number) => formatter.format(value)
  const n = Math.max(0, Math.floor(count))
  if (locale === 'ja') {
    if (n >= 100_000_000) return `${format(oneDecimal(n / 100_000_000))}億`
    if (n >= 10_000) return `${format(oneDecimal(n / 10_000))}万`
    return format(n)
  }
  if (n >= 1_000_000) return `${format(oneDecimal(n / 1_000_000))}M`
  if (n >= 1_000) return `${format(oneDecimal(n / 1_000))}K`
  return format(n)
}

/** Prices: USD for en and fr (minor units: cents), yen for ja; thousands separators always. */
export function formatPrice(minorUnits: number, currency: 'USD' | 'JPY', locale: Locale): string {
  const value = currency === 'USD' ? minorUnits / 100 : minorUnits
  return numberFormat(LOCALE_TAGS[locale], currency).format(value)
}

/** SPEC §9 date format: year/month/day hour:minute, optional seconds. */
export function formatDateTime(iso: string, withSeconds = false): string {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  const base = `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
  return withSeconds ? `${base}:${pad(date.getSeconds())}` : base
}

export function formatDate(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`
}
