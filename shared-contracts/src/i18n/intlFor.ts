import { createIntl, createIntlCache, type IntlShape } from 'react-intl'
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from './locales'

/**
 * One intl object per message catalogue, made once for the page's life, and one formatter cache
 * for the whole page (contracts is a shared singleton, so the host and every remote use this
 * one). An IntlProvider keeps a cache per mounted instance: each remote's provider, mounted again
 * on every route change, rebuilt its number, date and plural formatters, which cost more than
 * the formatting itself on a phone.
 */
const cache = createIntlCache()
const made = new WeakMap<Record<string, string>, IntlShape>()

export function intlFor(locale: Locale, messages: Record<string, string>): IntlShape {
  let intl = made.get(messages)
  if (!intl || intl.locale !== LOCALE_TAGS[locale]) {
    intl = createIntl({ locale: LOCALE_TAGS[locale], defaultLocale: LOCALE_TAGS[DEFAULT_LOCALE], messages }, cache)
    made.set(messages, intl)
  }
  return intl
}
