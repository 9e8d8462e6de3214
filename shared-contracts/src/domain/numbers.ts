import type { Locale } from '../i18n/locales'
import { LOCALE_TAGS } from '../i18n/locales'

const oneDecimal = (value: number): number => Math.floor(value * 10) / 10

/**
 * SPEC §9 number abbreviation: K and M in English (and French), 万 and 億 in Japanese.
 * Rounds down, so a count is never overstated: 1,999 → 1.9K.
 */
export function abbreviateCount(count: number, locale: Locale): string {
  const tag = LOCALE_TAGS[locale]
  const format = (value: number) => new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(value)
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
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency }).format(value)
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
