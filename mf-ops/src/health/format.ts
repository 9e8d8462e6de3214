import type { Locale } from '@koma/contracts'

/** What a table cell shows for a figure not known (yet): no reading, no reader, metrics off. */
export const NO_FIGURE = '—'

const formats = new Map<string, Intl.NumberFormat>()
function format(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let made = formats.get(key)
  if (!made) formats.set(key, (made = new Intl.NumberFormat(locale, options)))
  return made
}

const known = (value: number | null | undefined): value is number => value !== null && value !== undefined && Number.isFinite(value)

/** A count (page loads, requests): grouped digits in the operator's language. */
export const formatCount = (locale: Locale, value: number | null | undefined): string =>
  known(value) ? format(locale, { maximumFractionDigits: 0 }).format(value) : NO_FIGURE

/** Requests per second: one decimal below 100. */
export const formatRate = (locale: Locale, value: number | null | undefined): string =>
  known(value) ? format(locale, { maximumFractionDigits: value < 100 ? 1 : 0 }).format(value) : NO_FIGURE

/** A share (0.034 → 3.4 %). */
export const formatShare = (locale: Locale, value: number | null | undefined): string =>
  known(value) ? format(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value) : NO_FIGURE

/** A duration in seconds: milliseconds below one second (45 ms), seconds above (1.2 s), with the language's unit. */
export function formatSeconds(locale: Locale, seconds: number | null | undefined): string {
  if (!known(seconds)) return NO_FIGURE
  return seconds < 1
    ? format(locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: seconds < 0.01 ? 1 : 0 }).format(seconds * 1000)
    : format(locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(seconds)
}

/** A Web Vital in milliseconds (LCP, INP). */
export const formatMs = (locale: Locale, ms: number | null | undefined): string => (known(ms) ? formatSeconds(locale, ms / 1000) : NO_FIGURE)

/** Cumulative layout shift: unitless, two decimals. */
export const formatCls = (locale: Locale, value: number | null | undefined): string =>
  known(value) ? format(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value) : NO_FIGURE
