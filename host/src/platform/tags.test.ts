import { AnalyticsTracker, type AnalyticsEvent } from '@koma/contracts'
import { installTags } from './tags'

type TagWindow = Window & { dataLayer?: unknown[]; fbq?: { queue: unknown[] }; _fbq?: unknown }

const w = window as TagWindow
const sender = { send: async (_events: AnalyticsEvent[]) => undefined }
const tracker = () => new AnalyticsTracker(sender, () => 1_000)
/** The `later` hook, run by hand: when the page would have loaded and gone idle. */
const manual = () => {
  const runs: (() => void)[] = []
  return { later: (load: () => void) => void runs.push(load), run: () => runs.forEach((load) => load()) }
}
const scripts = () => [...document.querySelectorAll('script')].map((script) => script.src)
const clearCookie = () => (document.cookie = 'koma_dns=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/')

let fetchSpy: jest.Mock
beforeEach(() => {
  clearCookie()
  document.head.innerHTML = ''
  delete w.dataLayer
  delete w.fbq
  delete w._fbq
  fetchSpy = jest.fn()
  globalThis.fetch = fetchSpy as unknown as typeof fetch
})
afterEach(() => {
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl
})

describe('third-party analytics providers in the page (issue 15)', () => {
  it('with nothing configured: no script, no request, no global, nothing forwarded', () => {
    const t = tracker()
    const forward = jest.spyOn(t, 'forward')
    const timing = manual()
    expect(installTags({ config: {}, tracker: t, later: timing.later })).toBe(false)
    // Boot data naming an id that is not one (the page checks it again): nothing either.
    expect(installTags({ config: { gtm: 'GTM-X"><script src=//evil.example/x.js>' } as never, tracker: t, later: timing.later })).toBe(false)
    timing.run()
    t.pageView('/comic/1')
    expect([scripts(), w.dataLayer, w.fbq, forward.mock.calls.length, fetchSpy.mock.calls.length]).toEqual([[], undefined, undefined, 0, 0])
  })

  it('configured: the tag manager gets every event in its dataLayer, and its script once, only after the page loaded', () => {
    const t = tracker()
    const timing = manual()
    expect(installTags({ config: { gtm: 'GTM-AB12CD' }, tracker: t, later: timing.later })).toBe(true)
    t.visit({ href: 'https://koma.example/en/comic/3?utm_source=x&token=secret', referrer: '', ownHost: 'koma.example' })
    t.pageView('/en/comic/3')
    t.track('subscribe', { content_id: 3 }, '/en/comic/3')
    // Not before the load: the first paint does not wait for it.
    expect(scripts()).toEqual([])
    timing.run()
    timing.run()
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD'])
    expect((document.querySelector('script') as HTMLScriptElement).async).toBe(true)
    expect(w.dataLayer).toEqual([
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
      { event: 'referral', page_path: '/comic/3', keyword: 'https://koma.example/en/comic/3?utm_source=x' },
      { event: 'page_view', page_path: '/comic/3' },
      { event: 'subscribe', page_path: '/comic/3', content_id: 3 },
    ])
  })

  it('the pixel gets PageView and the other events by their own names', () => {
    const t = tracker()
    const timing = manual()
    installTags({ config: { pixel: '1234567890' }, tracker: t, later: timing.later })
    t.pageView('/fr/comic/1')
    t.track('purchase', { coins: 100 }, '/fr/coinpurchase/result')
    timing.run()
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js'])
    expect(w.fbq?.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
      ['trackCustom', 'purchase', { page_path: '/coinpurchase/result', coins: 100 }],
    ])
    expect(w.dataLayer).toBeUndefined()
  })

  it('the reader turning do-not-share on: nothing more is pushed, consent is withdrawn, and a script not yet added never is', () => {
    const t = tracker()
    const timing = manual()
    installTags({ config: { gtm: 'GTM-AB12CD', pixel: '1234567890' }, tracker: t, later: timing.later })
    t.pageView('/comic/1')
    t.setDoNotShare(true)
    t.pageView('/comic/2')
    t.track('subscribe', { content_id: 2 }, '/comic/2')
    timing.run()
    expect(scripts()).toEqual([])
    const layer = w.dataLayer ?? []
    expect(layer.slice(1, 2)).toEqual([{ event: 'page_view', page_path: '/comic/1' }])
    expect(Array.from(layer[2] as ArrayLike<unknown>)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ])
    expect(layer).toHaveLength(3)
    expect(w.fbq?.queue.slice(-1)).toEqual([['consent', 'revoke']])
    // Turning sharing back on does not resume this page's forwarding (the next page decides).
    t.setDoNotShare(false)
    t.pageView('/comic/3')
    expect(layer).toHaveLength(3)
  })

  it('a reader who already chose do-not-share, or whose browser sends Global Privacy Control: nothing at all', () => {
    document.cookie = 'koma_dns=1; path=/'
    const timing = manual()
    const t = tracker()
    expect(installTags({ config: { gtm: 'GTM-AB12CD', pixel: '1234567890' }, tracker: t, later: timing.later })).toBe(false)
    clearCookie()
    ;(navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = true
    expect(installTags({ config: { gtm: 'GTM-AB12CD', pixel: '1234567890' }, tracker: t, later: timing.later })).toBe(false)
    timing.run()
    t.pageView('/comic/1')
    expect([scripts(), w.dataLayer, w.fbq]).toEqual([[], undefined, undefined])
  })

  it('reads the edge’s boot data by default (none on this page: nothing)', () => {
    expect(installTags({ tracker: tracker(), later: () => undefined })).toBe(false)
    expect(scripts()).toEqual([])
  })
})
