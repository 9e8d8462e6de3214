/** Site languages (SPEC §1): ja (ja-JP), en (en-US, default), fr (fr-FR). */
export const LOCALES = ['ja', 'en', 'fr'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** BCP 47 tags for Intl formatting. */
export const LOCALE_TAGS: Record<Locale, string> = { ja: 'ja-JP', en: 'en-US', fr: 'fr-FR' }

/**
 * Path prefixes: no prefix (SPEC §2: the locale from the cookie, the browser, else en; the
 * x-default page), and /ja, /en and /fr, which always show their language (issue 35: the
 * URL a crawler indexes in each language).
 */
export const PREFIXED_LOCALES = ['ja', 'en', 'fr'] as const
export type PrefixLocale = (typeof PREFIXED_LOCALES)[number]

export const LOCALE_COOKIE = 'koma_locale'
export const LOCALE_COOKIE_DAYS = 365

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

const PREFIX = new RegExp(`^/(${PREFIXED_LOCALES.join('|')})(?=/|$)`)

/** '/en/comic/1' → { prefix: 'en', rest: '/comic/1' }; '/comic/1' → { prefix: null, rest: '/comic/1' }. */
export function splitLocalePrefix(pathname: string): { prefix: PrefixLocale | null; rest: string } {
  const match = PREFIX.exec(pathname)
  if (!match) return { prefix: null, rest: pathname || '/' }
  return { prefix: match[1] as PrefixLocale, rest: pathname.slice(match[0].length) || '/' }
}

/** A browser language tag ('fr-CA', 'ja', 'en-GB') to a site locale, if we have one. */
export function localeFromLanguageTag(tag: string): Locale | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0]
  return isLocale(base) ? base : null
}

/**
 * SPEC §2 locale resolution: the path prefix, else the cookie, else the browser's languages
 * (first one we support), else en.
 */
export function resolveLocale(input: { pathname: string; cookie?: string | null; browserLanguages?: readonly string[] }): Locale {
  const { prefix } = splitLocalePrefix(input.pathname)
  if (prefix) return prefix
  if (isLocale(input.cookie)) return input.cookie
  for (const tag of input.browserLanguages ?? []) {
    const locale = localeFromLanguageTag(tag)
    if (locale) return locale
  }
  return DEFAULT_LOCALE
}

/**
 * The path to show `path` (unprefixed) in the current prefix: a reader on /fr stays on /fr.
 */
export function withLocalePrefix(path: string, prefix: PrefixLocale | null): string {
  if (!prefix) return path
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`
}

/** The prefix that always shows `locale` (every language has one: /ja, /en, /fr). */
export const prefixForLocale = (locale: Locale): PrefixLocale => locale

/**
 * A site path that always shows `locale` ('/password/find' → '/fr/password/find', '/ja/password/find'):
 * links made outside a page (e-mails, previews, hreflang, the sitemap).
 */
export const pathInLocale = (locale: Locale, path: string): string => withLocalePrefix(path, prefixForLocale(locale))

/**
 * The prefix the language switcher goes to from `current`: a reader on a prefixed page moves to
 * the chosen language's prefix (/ja stays among prefixed pages); a reader on the unprefixed paths
 * keeps them for ja (the cookie, written with the choice, says ja there) and goes to /en or /fr
 * for those, as before /ja existed.
 */
export const switchedPrefix = (current: PrefixLocale | null, next: Locale): PrefixLocale | null =>
  current === null && next === 'ja' ? null : prefixForLocale(next)

/** Whether a path already carries a language prefix ('/en/…', '/fr'). */
export const hasLocalePrefix = (path: string): boolean => splitLocalePrefix(path).prefix !== null
