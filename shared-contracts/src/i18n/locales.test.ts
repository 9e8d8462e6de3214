import { hasLocalePrefix, pathInLocale, resolveLocale, splitLocalePrefix, withLocalePrefix } from './locales'
import { TEXTS } from './textTable'
import { text } from './texts'

describe('locale resolution (SPEC §2: prefix, cookie, browser, en)', () => {
  it('prefers the path prefix', () => {
    expect(resolveLocale({ pathname: '/fr/comic/1', cookie: 'ja', browserLanguages: ['ja-JP'] })).toBe('fr')
    expect(resolveLocale({ pathname: '/en', cookie: 'ja' })).toBe('en')
  })
  it('then the cookie', () => {
    expect(resolveLocale({ pathname: '/comic/1', cookie: 'ja', browserLanguages: ['fr-FR'] })).toBe('ja')
    expect(resolveLocale({ pathname: '/', cookie: 'de', browserLanguages: ['fr-CA'] })).toBe('fr')
  })
  it('then the first supported browser language', () => {
    expect(resolveLocale({ pathname: '/', browserLanguages: ['de-DE', 'ja', 'en'] })).toBe('ja')
  })
  it('then en', () => {
    expect(resolveLocale({ pathname: '/', browserLanguages: ['de-DE', 'ko'] })).toBe('en')
    expect(resolveLocale({ pathname: '/french-fries' })).toBe('en')
  })
  it('splits and rebuilds prefixes', () => {
    expect(splitLocalePrefix('/fr')).toEqual({ prefix: 'fr', rest: '/' })
    expect(splitLocalePrefix('/enigma')).toEqual({ prefix: null, rest: '/enigma' })
    expect(withLocalePrefix('/', 'fr')).toBe('/fr')
    expect(withLocalePrefix('/comic/1', 'en')).toBe('/en/comic/1')
    expect(withLocalePrefix('/comic/1', null)).toBe('/comic/1')
    expect(pathInLocale('fr', '/password/find')).toBe('/fr/password/find')
    expect(pathInLocale('fr', '/')).toBe('/fr')
    expect(pathInLocale('ja', '/password/find')).toBe('/password/find')
    expect([hasLocalePrefix('/en/coinpurchase'), hasLocalePrefix('/fr'), hasLocalePrefix('/enigma'), hasLocalePrefix('/coinpurchase')]).toEqual([
      true,
      true,
      false,
      false,
    ])
  })
})

describe('shared texts', () => {
  it('exist in ja, en and fr and keep their placeholders', () => {
    for (const [key, value] of Object.entries(TEXTS)) {
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort()
      for (const locale of ['ja', 'fr'] as const) {
        expect([key, value[locale].trim().length > 0]).toEqual([key, true])
        expect([key, names(value[locale])]).toEqual([key, names(value.en)])
      }
    }
  })
  it('fills placeholders', () => {
    expect(text('pageNotFound', 'en', { path: '/x' })).toBe('Page Not Found: /x')
  })
})
