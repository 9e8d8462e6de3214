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

interface ClockParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>()

/** A moment's calendar and clock in a time zone (IANA name), or in this device's own when none is given or the name is unknown. */
function clockParts(date: Date, timeZone?: string): ClockParts {
  if (timeZone) {
    try {
      let format = zoneFormats.get(timeZone)
      if (!format) {
        format = new Intl.DateTimeFormat('en-GB', {
          timeZone,
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
          hourCycle: 'h23',
        })
        zoneFormats.set(timeZone, format)
      }
      const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, Number(part.value)]))
      return {
        year: parts.year ?? 0,
        month: parts.month ?? 0,
        day: parts.day ?? 0,
        hour: parts.hour ?? 0,
        minute: parts.minute ?? 0,
        second: parts.second ?? 0,
      }
    } catch {
      /* an unknown zone: this device's */
    }
  }
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/*
 * Dates, in two forms chosen here once for every package (issue 35):
 * - a date in a list (its entries' dates, "Expires {date}", a device's last use), a table, a
 *   byline or on its own (the maintenance screen's end): SPEC §9's year/month/day hour:minute,
 *   alike in every language (formatDate, formatDateTime);
 * - a date a sentence outside lists reads ("Verified as an adult until …", « Vous pourrez le
 *   changer à nouveau à partir du … »): the locale's long form (formatLongDate).
 * No package formats a date with Intl or react-intl on its own.
 */

/**
 * SPEC §9 date format: year/month/day hour:minute, optional seconds, in `timeZone` (IANA) or
 * this device's zone. A page the edge draws passes the zone it drew in (host/pageTimeZone.ts).
 */
export function formatDateTime(iso: string, withSeconds = false, timeZone?: string): string {
  const at = clockParts(new Date(iso), timeZone)
  const base = `${at.year}/${pad(at.month)}/${pad(at.day)} ${pad(at.hour)}:${pad(at.minute)}`
  return withSeconds ? `${base}:${pad(at.second)}` : base
}

export function formatDate(iso: string, timeZone?: string): string {
  const at = clockParts(new Date(iso), timeZone)
  return `${at.year}/${pad(at.month)}/${pad(at.day)}`
}

const longFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A date inside a sentence, in the locale's long form: "December 20, 2026", "20 décembre 2026",
 * "2026年12月20日", with the time (hour:minute) when asked; in `timeZone` (IANA) or this device's.
 */
export function formatLongDate(iso: string, locale: Locale, options: { withTime?: boolean; timeZone?: string } = {}): string {
  const { withTime = false, timeZone } = options
  const key = `${locale} ${withTime ? 'time' : 'day'} ${timeZone ?? ''}`
  let format = longFormats.get(key)
  if (!format) {
    const parts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}) }
    try {
      format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...parts, ...(timeZone ? { timeZone } : {}) })
    } catch {
      // An unknown zone: this device's, as formatDate does.
      format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], parts)
    }
    longFormats.set(key, format)
  }
  return format.format(new Date(iso))
}
