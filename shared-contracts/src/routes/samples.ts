import { PREFIXED_LOCALES } from '../i18n/locales'
import { ROUTES } from './table'

/**
 * Tests' pathnames around every route of the table (issue 39): each route with sample parameters,
 * near misses (a segment more or less, doubled slashes), what a reader or an attacker may type
 * (capitals, percent-encoding, bad encoding, look-alike letters), in every locale prefix. Tables
 * that must route alike are compared on them (contracts' match, the host's router).
 */
export function pathnamesAroundTheTable(): string[] {
  const samples = ['1', 'comic', 'ja', 'x', 'coming_soon', '%E3%81%82', 'a%2Fb', '%ZZ']
  const paths = new Set<string>([
    '/',
    '//',
    '///',
    '',
    '/ja',
    '/JA/',
    '/ja//',
    '/%6Aa/comic/1',
    '/ja/coming_soon/5',
    '/comic//1',
    '/comic/1//',
    '/ß',
    '/\u212Aomic/1',
  ])
  for (const route of ROUTES) {
    for (const sample of samples) {
      const path = route.path.replace(/:[^/]+/g, () => sample)
      const forms = [
        path,
        path.toUpperCase(),
        `${path}/`,
        `${path}//`,
        `${path}/extra`,
        path.replace(/\/[^/]*$/, '') || '/',
        path.replace(/^\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
        path.replace(/\//g, '//'),
      ]
      for (const form of forms) {
        paths.add(form)
        for (const prefix of PREFIXED_LOCALES) paths.add(`/${prefix}${form === '/' ? '' : form}`)
      }
    }
  }
  return [...paths]
}
