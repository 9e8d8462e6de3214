import { AnalyticsTracker, REFERRER_HOST_KEY } from './tracker'
import { holdPageWork } from '../browser/idle'
import type { AnalyticsEvent } from '../domain/analytics'

const sent: AnalyticsEvent[][] = []
const ids: string[] = []
const leaving: boolean[] = []
/** Records each batch as sent, its events without their ids (checked on their own below). */
const sender = {
  send: async (events: AnalyticsEvent[], options?: { leaving?: boolean }) => {
    leaving.push(options?.leaving === true)
    for (const event of events) ids.push(event.id ?? '')
    sent.push(events.map(({ id: _id, ...event }) => event))
  },
}
const tracker = () => new AnalyticsTracker(sender, () => 1_000)

const clearCookie = () => (document.cookie = 'koma_dns=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/')
let userAgent: jest.SpyInstance
beforeEach(() => {
  sent.length = 0
  ids.length = 0
  leaving.length = 0
  clearCookie()
  localStorage.clear()
  userAgent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Safari/604.1')
})
afterEach(() => {
  userAgent.mockRestore()
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl
})

describe('the page analytics tracker (SPEC §7)', () => {
  it('gets the sender ready for leaving once the first screen is up, once for the events queued meanwhile (issue 39)', async () => {
    jest.useFakeTimers()
    const prepare = jest.fn()
    const t = new AnalyticsTracker({ ...sender, prepare }, () => 1_000)
    const release = holdPageWork()
    t.pageView('/en/comic/3')
    t.track('subscribe', { content_id: 3 }, '/en/comic/3')
    release()
    // The screen after the first one takes its hold before the browser is idle: still waiting.
    const book = holdPageWork()
    jest.advanceTimersByTime(100)
    expect(prepare).not.toHaveBeenCalled()
    book()
    jest.advanceTimersByTime(100)
    expect(prepare).toHaveBeenCalledTimes(1)
    // Nothing holds the page: once idle, each time something is queued.
    t.track('subscribe', { content_id: 4 }, '/en/comic/4')
    jest.advanceTimersByTime(100)
    expect(prepare).toHaveBeenCalledTimes(2)
    jest.useRealTimers()
    await t.flush()
  })

  it('sends a page view per route change, without the locale prefix, in one batch', async () => {
    const t = tracker()
    t.pageView('/fr/comic/3')
    t.pageView('/fr/comic/3')
    t.pageView('/en/comic/3')
    t.pageView('/comic/3/chapter/9/product')
    t.track('purchase', { coins: 100 }, '/en/coinpurchase/result')
    await t.flush()
    expect(sent).toEqual([
      [
        { name: 'page_view', path: '/comic/3', at: 1_000 },
        { name: 'page_view', path: '/comic/3/chapter/9/product', at: 1_000 },
        { name: 'purchase', path: '/coinpurchase/result', at: 1_000, props: { coins: 100 } },
      ],
    ])
  })

  it('a visit from another site is a referral; its host is kept and rides on later events', async () => {
    const t = tracker()
    t.visit({ href: 'https://koma.example/en/comic/3?utm_source=x', referrer: 'https://news.example.org/story', ownHost: 'koma.example' })
    t.track('subscribe', { content_id: 3 }, '/en/comic/3')
    await t.flush()
    expect(localStorage.getItem(REFERRER_HOST_KEY)).toBe('news.example.org')
    expect(sent[0]).toEqual([
      { name: 'referral', path: '/comic/3', at: 1_000, props: { keyword: 'https://koma.example/en/comic/3?utm_source=x', referrer_host: 'news.example.org' } },
      { name: 'subscribe', path: '/comic/3', at: 1_000, props: { content_id: 3, referrer_host: 'news.example.org' } },
    ])
    tracker().visit({ href: 'https://koma.example/', referrer: 'https://koma.example/comic/1', ownHost: 'koma.example' })
    expect(sent).toHaveLength(1)
  })

  it('sends nothing once the reader chose not to share, by the footer choice or Global Privacy Control, and drops what was queued', async () => {
    const t = tracker()
    t.pageView('/comic/1')
    t.setDoNotShare(true)
    expect(document.cookie).toContain('koma_dns=1')
    t.pageView('/comic/2')
    await t.flush()
    expect(sent).toEqual([])
    t.setDoNotShare(false)
    ;(navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl = true
    expect(t.sharing()).toBe(false)
    t.pageView('/comic/3')
    await t.flush()
    expect(sent).toEqual([])
  })

  it('gives each event an id the API accepts, never the same twice (a batch sent again is kept once, issue 35)', async () => {
    const t = tracker()
    for (let i = 0; i < 60; i++) t.track('button_click', { i }, '/')
    await t.flush()
    expect(ids).toHaveLength(60)
    expect(new Set(ids).size).toBe(60)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,40}$/)
  })

  it('a page being left sends what is queued at once, asking for keepalive (issue 35: a reader leaving within 5 s)', async () => {
    const t = tracker()
    t.visit({ href: 'https://koma.example/en/comic/9?utm_source=x', referrer: '', ownHost: 'koma.example' })
    t.pageView('/en/comic/9')
    await t.flush({ leaving: true })
    expect(leaving).toEqual([true])
    expect(sent.flat().map((event) => event.name)).toEqual(['referral', 'page_view'])
  })

  it('counts no crawler', async () => {
    userAgent.mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
    const t = tracker()
    t.pageView('/comic/1')
    await t.flush()
    expect(sent).toEqual([])
  })

  it('sends at most 50 events a batch, and a lost batch is not retried', async () => {
    const failing = { send: jest.fn(async (_events: AnalyticsEvent[]) => Promise.reject(new Error('offline'))) }
    const t = new AnalyticsTracker(failing, () => 1)
    for (let i = 0; i < 120; i++) t.track('button_click', { i }, '/')
    await t.flush()
    expect(failing.send.mock.calls.map(([events]) => events.length)).toEqual([50, 50, 20])
    await t.flush()
    expect(failing.send).toHaveBeenCalledTimes(3)
  })

  it('forwards each recorded event to a provider sink, by the same rules, and tells it when the reader stops sharing', () => {
    const t = tracker()
    const seen: string[] = []
    const stopped = jest.fn()
    const sink = { event: (event: AnalyticsEvent) => void seen.push(`${event.name} ${event.path}`), stopped }
    t.forward(sink)
    // A failing sink is nobody's problem.
    t.forward({
      event: () => {
        throw new Error('provider broke')
      },
      stopped: () => undefined,
    })
    t.pageView('/en/comic/1')
    t.track('subscribe', { content_id: 1 }, '/en/comic/1')
    t.setDoNotShare(true)
    expect(stopped).toHaveBeenCalledTimes(1)
    t.pageView('/comic/2')
    expect(seen).toEqual(['page_view /comic/1', 'subscribe /comic/1'])
    t.setDoNotShare(false)
    userAgent.mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
    t.pageView('/comic/3')
    expect(seen).toHaveLength(2)
  })
})
