import { HEADERS, isLocale, localeFromLanguageTag, DEFAULT_LOCALE, type Locale } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'

/** The reader's language: the SPEC §7 language header, else Accept-Language, else en. */
export function requestLocale(req: FastifyRequest): Locale {
  const header = req.headers[HEADERS.language]
  if (typeof header === 'string' && isLocale(header)) return header
  const accept = req.headers['accept-language']
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const locale = localeFromLanguageTag(part.split(';')[0] ?? '')
      if (locale) return locale
    }
  }
  return DEFAULT_LOCALE
}
