import type { Locale } from '@koma/contracts/server'

/** Texts are stored per language; a missing translation falls back to English, then Japanese. */
export const FALLBACK_LANGS = (locale: Locale): Locale[] => [locale, ...(['en', 'ja'] as Locale[]).filter((lang) => lang !== locale)]

/**
 * A JSON column of texts by language (gifts, coupons, news mails): the reader's language, else
 * English, else any there is; undefined when it holds none.
 */
export const textFor = <T>(texts: Readonly<Record<string, T>>, locale: Locale): T | undefined => texts[locale] ?? texts.en ?? Object.values(texts)[0]

/** Pick the best row per key from rows in several languages. */
export function pickLocalized<R extends { lang: string }, K>(rows: readonly R[], keyOf: (row: R) => K, locale: Locale): Map<K, R> {
  const order = FALLBACK_LANGS(locale)
  const best = new Map<K, R>()
  for (const row of rows) {
    const key = keyOf(row)
    const current = best.get(key)
    const rank = order.indexOf(row.lang as Locale)
    if (rank < 0) continue
    if (!current || rank < order.indexOf(current.lang as Locale)) best.set(key, row)
  }
  return best
}
