import { analyticsPath, doNotShare, referralOf } from './analytics'
import { parseAnalyticsBatch } from '../validation/analytics'

describe('analytics rules (SPEC §1, §7)', () => {
  it('counts a page per screen: the locale prefix is stripped', () => {
    expect(analyticsPath('/fr/comic/3')).toBe('/comic/3')
    expect(analyticsPath('/en')).toBe('/')
    expect(analyticsPath('/comic/3')).toBe('/comic/3')
    expect([analyticsPath('/ja/comic/3'), analyticsPath('/ja')]).toEqual(['/comic/3', '/'])
  })

  it('a visit from another site, or with utm_ parameters, is a referral keyed by its full URL', () => {
    const own = 'koma.example'
    expect(referralOf({ href: 'https://koma.example/fr/comic/3', referrer: 'https://news.example.org/a', ownHost: own })).toEqual({
      keyword: 'https://koma.example/fr/comic/3',
      referrerHost: 'news.example.org',
    })
    expect(referralOf({ href: 'https://koma.example/?utm_source=mail&x=1', referrer: '', ownHost: own })).toEqual({
      keyword: 'https://koma.example/?utm_source=mail&x=1',
      referrerHost: null,
    })
    expect(referralOf({ href: 'https://koma.example/?UTM_Campaign=a', referrer: 'https://koma.example/', ownHost: own })?.referrerHost).toBeNull()
    // Our own pages, SPEC's ignored sign-in and payment hosts, and no referrer at all are not referrals.
    for (const referrer of [
      'https://koma.example/comic/1',
      'https://accounts.google.com/o/oauth2',
      'https://appleid.apple.com/auth',
      'https://id.smt.docomo.ne.jp/',
      '',
    ]) {
      expect(referralOf({ href: 'https://koma.example/comic/3', referrer, ownHost: own })).toBeNull()
    }
    expect(referralOf({ href: 'not a url', referrer: 'https://a.example', ownHost: own })).toBeNull()
  })

  it('the do-not-share choice comes from the footer cookie, the account setting or Global Privacy Control', () => {
    expect(doNotShare({})).toBe(false)
    expect(doNotShare({ gpc: '1' })).toBe(true)
    expect(doNotShare({ gpc: true })).toBe(true)
    expect(doNotShare({ cookie: '1' })).toBe(true)
    expect(doNotShare({ setting: true })).toBe(true)
    expect(doNotShare({ gpc: '0', cookie: '0', setting: false })).toBe(false)
  })

  it('a batch is at most 50 known events with short scalar props; anything else is refused whole', () => {
    const event = { name: 'page_view', path: '/comic/3', at: 1_700_000_000_000 }
    expect(parseAnalyticsBatch(JSON.stringify([event, { ...event, name: 'purchase', props: { coins: 100, product: 'c100', first: true } }]))).toHaveLength(2)
    for (const bad of [
      '',
      'not json',
      '[]',
      JSON.stringify(Array.from({ length: 51 }, () => event)),
      JSON.stringify([{ ...event, name: 'steal_cookies' }]),
      JSON.stringify([{ ...event, path: 'https://evil.example/' }]),
      JSON.stringify([{ ...event, at: 'now' }]),
      JSON.stringify([{ ...event, props: { email: { nested: 'x' } } }]),
      JSON.stringify([{ ...event, props: { Bad_Key: 1 } }]),
      JSON.stringify([{ ...event, props: { note: 'x'.repeat(201) } }]),
      JSON.stringify([{ ...event, extra: 1 }]),
      'x'.repeat(70_000),
    ]) {
      expect([bad.slice(0, 40), parseAnalyticsBatch(bad)]).toEqual([bad.slice(0, 40), null])
    }
    expect(parseAnalyticsBatch(42)).toBeNull()
  })
})
