import { hasLocalePrefix, pathInLocale, prefixForLocale, resolveLocale, splitLocalePrefix, switchedPrefix, withLocalePrefix } from './locales'
import { TEXTS } from './textTable'
import { text } from './texts'

describe('locale resolution (SPEC §2: prefix, cookie, browser, en)', () => {
  it('prefers the path prefix', () => {
    expect(resolveLocale({ pathname: '/fr/comic/1', cookie: 'ja', browserLanguages: ['ja-JP'] })).toBe('fr')
    expect(resolveLocale({ pathname: '/en', cookie: 'ja' })).toBe('en')
  })
  it('/ja always shows Japanese, whatever the cookie and the browser say (issue 35)', () => {
    expect(resolveLocale({ pathname: '/ja/comic/1', cookie: 'fr', browserLanguages: ['en-US'] })).toBe('ja')
    expect(resolveLocale({ pathname: '/ja' })).toBe('ja')
    expect(resolveLocale({ pathname: '/ja/' })).toBe('ja')
    // Unprefixed paths resolve as before: a crawler (no cookie, no browser language) gets en.
    expect(resolveLocale({ pathname: '/comic/1' })).toBe('en')
    expect(resolveLocale({ pathname: '/japan' })).toBe('en')
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
    expect(splitLocalePrefix('/ja')).toEqual({ prefix: 'ja', rest: '/' })
    expect(splitLocalePrefix('/ja/comic/1')).toEqual({ prefix: 'ja', rest: '/comic/1' })
    expect(splitLocalePrefix('/japan/comic')).toEqual({ prefix: null, rest: '/japan/comic' })
    expect(withLocalePrefix('/comic/1', 'ja')).toBe('/ja/comic/1')
    expect(withLocalePrefix('/', 'fr')).toBe('/fr')
    expect(withLocalePrefix('/comic/1', 'en')).toBe('/en/comic/1')
    expect(withLocalePrefix('/comic/1', null)).toBe('/comic/1')
    expect(pathInLocale('fr', '/password/find')).toBe('/fr/password/find')
    expect(pathInLocale('fr', '/')).toBe('/fr')
    expect(pathInLocale('ja', '/password/find')).toBe('/ja/password/find')
    expect(pathInLocale('ja', '/')).toBe('/ja')
    expect([hasLocalePrefix('/en/coinpurchase'), hasLocalePrefix('/fr'), hasLocalePrefix('/enigma'), hasLocalePrefix('/coinpurchase')]).toEqual([
      true,
      true,
      false,
      false,
    ])
    expect([hasLocalePrefix('/ja/coinpurchase'), hasLocalePrefix('/ja'), hasLocalePrefix('/jazz')]).toEqual([true, true, false])
  })
  it('every language has its own prefix', () => {
    expect([prefixForLocale('ja'), prefixForLocale('en'), prefixForLocale('fr')]).toEqual(['ja', 'en', 'fr'])
  })
  it('the switcher keeps prefixed readers prefixed and unprefixed Japanese readers unprefixed', () => {
    expect(switchedPrefix('ja', 'en')).toBe('en')
    expect(switchedPrefix('en', 'ja')).toBe('ja')
    expect(switchedPrefix('fr', 'fr')).toBe('fr')
    expect(switchedPrefix(null, 'ja')).toBeNull()
    expect(switchedPrefix(null, 'en')).toBe('en')
    expect(switchedPrefix(null, 'fr')).toBe('fr')
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
