import { isChapterUnit, RANKING_CAP, PAGE_SIZE, volumesOf } from './catalog'
import { elementAspectRatio, HOME_CACHE_MS, homeCacheUntil, pickShuffledSections } from './home'
import { imageSources, imageVariant } from './images'
import { contentBadges, rentalOnly } from './labels'
import { acceptMatureDestination, adultCheckDestination, isAdultPath, matureReading } from './mature'
import { nextPageNo, pageRequest, pageResult } from './paging'
import { EMPTY_POPUP_MEMORY, nextPopup, popupDue, rememberShown, rememberSkipped, samePopupRule } from './popups'
import { accessOptions, canBuyWithCoin, canRentWith, gaugeAfterUse, purchaseDecision } from './purchase'
import { normalizeSearchText, searchScore, searchTerms } from './search'
import { shareUrl, SHARE_TARGETS } from './share'
import type { ChapterSummary, HomePopup, HomeSection, Inventory, RentalConfig, SalesConfig } from './types'
import { currentWeekday, weekdayCode, weekdayFromCode } from './weekday'

describe('paging (SPEC §9: 20 a page, ranking capped at 200)', () => {
  it('pages by pageNo or seqNo, 20 at a time', () => {
    expect(PAGE_SIZE).toBe(20)
    expect(pageRequest({})).toEqual({ offset: 0, limit: 20, pageNo: 1 })
    expect(pageRequest({ pageNo: 3 })).toEqual({ offset: 40, limit: 20, pageNo: 3 })
    expect(pageRequest({ seqNo: 40 })).toEqual({ offset: 40, limit: 20, pageNo: 3 })
    expect(pageRequest({ pageSize: 500 }).limit).toBe(50)
  })
  it('stops the ranking at 200', () => {
    expect(RANKING_CAP).toBe(200)
    expect(pageRequest({ pageNo: 10, cap: RANKING_CAP })).toEqual({ offset: 180, limit: 20, pageNo: 10 })
    expect(pageRequest({ pageNo: 11, cap: RANKING_CAP }).limit).toBe(0)
    expect(pageResult(pageRequest({ pageNo: 10, cap: 200 }), 20, true, 200)).toEqual({ hasNext: false, seqNo: 200, currentPageNo: 10 })
  })
  it('says hasNext from one extra row, and null past the last page (the SPEC §8 internal error)', () => {
    expect(pageResult(pageRequest({ pageNo: 1 }), 20, true)).toEqual({ hasNext: true, seqNo: 20, currentPageNo: 1 })
    expect(pageResult(pageRequest({ pageNo: 2 }), 5, false)).toEqual({ hasNext: false, seqNo: 25, currentPageNo: 2 })
    expect(pageResult(pageRequest({ pageNo: 1 }), 0, false)).toEqual({ hasNext: false, seqNo: null, currentPageNo: 1 })
    expect(pageResult(pageRequest({ pageNo: 3 }), 0, false)).toBeNull()
    expect(nextPageNo({ hasNext: true, seqNo: 20, currentPageNo: 1 })).toBe(2)
    expect(nextPageNo({ hasNext: false, seqNo: 25, currentPageNo: 2 })).toBeNull()
  })
})

describe('weekday (SPEC §9 offsets ja +9h, en -3h, fr +4h, tw +15h; week starts Monday)', () => {
  // 2026-11-19 is a Thursday.
  it.each([
    ['2026-11-19T23:00:00Z', 'ja', 5],
    ['2026-11-19T23:00:00Z', 'en', 4],
    ['2026-11-19T23:00:00Z', 'fr', 5],
    ['2026-11-19T08:59:00Z', 'tw', 4],
    ['2026-11-19T09:00:00Z', 'tw', 5],
    ['2026-11-19T02:00:00Z', 'en', 3],
    ['2026-11-19T14:59:00Z', 'ja', 4],
    ['2026-11-19T15:00:00Z', 'ja', 5],
    ['2026-11-22T20:00:00Z', 'fr', 1],
    ['2026-11-22T20:00:00Z', 'en', 7],
  ] as const)('%s in %s is weekday %i', (iso, lang, weekday) => {
    expect(currentWeekday(new Date(iso), lang)).toBe(weekday)
  })
  it('codes weekdays mon..sun', () => {
    expect(weekdayCode(1)).toBe('mon')
    expect(weekdayCode(7)).toBe('sun')
    expect(weekdayFromCode('sun')).toBe(7)
    expect(weekdayFromCode('funday')).toBeNull()
  })
})

const section = (id: number, elementUiType: string, shuffleGroup = ''): HomeSection => ({
  id,
  sectionUiType: 'default',
  elementUiType,
  shuffleGroup,
  title: `s${id}`,
  additionalText: '',
  urlScheme: '',
  urlHttp: '',
  elements: [],
})

describe('home (SPEC §4 shuffle groups and cache)', () => {
  it('shows one random section per (type, shuffleGroup) group, in the group’s place, and keeps the others', () => {
    const sections = [
      section(1, 'content_rank'),
      section(2, 'banner_list_content_big_group', 'A'),
      section(3, 'banner_list_content_big_group', 'A'),
      section(4, 'content_list'),
      section(5, 'banner_list_group', 'B'),
      section(6, 'banner_list_group', 'B'),
      section(7, 'banner_list_content_big_group', 'B'),
    ]
    expect(pickShuffledSections(sections, () => 0).map((s) => s.id)).toEqual([1, 2, 4, 5, 7])
    expect(pickShuffledSections(sections, () => 0.99).map((s) => s.id)).toEqual([1, 3, 4, 6, 7])
  })
  it('an operator preview shows the section it names in its group, whatever the draw', () => {
    const sections = [section(1, 'content_rank'), section(2, 'banner_list_group', 'A'), section(3, 'banner_list_group', 'A'), section(4, 'content_list')]
    expect(pickShuffledSections(sections, () => 0, 3).map((s) => s.id)).toEqual([1, 3, 4])
    expect(pickShuffledSections(sections, () => 0, 99).map((s) => s.id)).toEqual([1, 2, 4])
    expect(pickShuffledSections(sections, () => 0, 4).map((s) => s.id)).toEqual([1, 2, 4])
  })
  it('computes the aspect ratio from width and height when both exist', () => {
    expect(elementAspectRatio({ width: 640, height: 320 })).toBe(2)
    expect(elementAspectRatio({ width: 640, height: 0 })).toBeNull()
  })
  it('keeps the home until the earliest badge expireAt, or 10 minutes', () => {
    const loaded = Date.parse('2026-11-20T00:00:00Z')
    const withBadge = (expireAt: string | null) => ({
      topBanner: null,
      sections: [{ ...section(1, 'content_list'), elements: [{ badge: { type: 'NEW' as const, expireAt } } as never] }],
    })
    expect(HOME_CACHE_MS).toBe(600_000)
    expect(homeCacheUntil(withBadge(null), loaded)).toBe(loaded + 600_000)
    expect(homeCacheUntil(withBadge('2026-11-20T00:04:00Z'), loaded)).toBe(loaded + 240_000)
    expect(homeCacheUntil(withBadge('2026-11-21T00:00:00Z'), loaded)).toBe(loaded + 600_000)
  })
})

const popup = (id: number, over: Partial<HomePopup> = {}): HomePopup => ({
  id,
  area: 'home',
  page: 'main',
  uiType: 'content',
  category: 'event',
  title: `p${id}`,
  description: '',
  themeColor: '#000',
  htmlUrl: null,
  imgUrl: null,
  width: null,
  height: null,
  repeatInterval: 3600,
  appLinkUrl: null,
  webLinkUrl: null,
  repeatable: true,
  ...over,
})

describe('popups (SPEC §3)', () => {
  const where = { area: 'home', page: 'main' }
  it('shows by area and page, rotating after the last index', () => {
    const popups = [popup(1), popup(2, { page: 'free' }), popup(3)]
    expect(nextPopup(popups, where, EMPTY_POPUP_MEMORY, 0)?.popup.id).toBe(1)
    const after = rememberShown(EMPTY_POPUP_MEMORY, popups[0]!, 0, 0)
    expect(nextPopup(popups, where, after, 1000)?.popup.id).toBe(3)
    expect(nextPopup(popups, { area: 'home', page: 'free' }, after, 1000)?.popup.id).toBe(2)
  })
  it('honours repeatable and repeatInterval, and skip', () => {
    const once = popup(1, { repeatable: false })
    const shown = rememberShown(EMPTY_POPUP_MEMORY, once, 0, 0)
    expect(popupDue(once, shown, 10 ** 12)).toBe(false)
    const hourly = popup(2)
    const shownHourly = rememberShown(EMPTY_POPUP_MEMORY, hourly, 0, 0)
    expect(popupDue(hourly, shownHourly, 3_599_000)).toBe(false)
    expect(popupDue(hourly, shownHourly, 3_600_000)).toBe(true)
    expect(popupDue(hourly, rememberSkipped(EMPTY_POPUP_MEMORY, hourly), 0)).toBe(false)
    // A changed rule is a different popup: the old memory no longer applies.
    expect(samePopupRule(hourly, { repeatable: true, repeatInterval: 60 })).toBe(false)
    expect(popupDue({ ...hourly, repeatInterval: 60 }, rememberSkipped(EMPTY_POPUP_MEMORY, hourly), 0)).toBe(true)
  })
})

const sales = (over: Partial<SalesConfig> = {}): SalesConfig => ({
  free: false,
  rentableRemained: null,
  rentAllowedWith: [],
  purchaseAllowedWith: ['coin'],
  event: null,
  originalPrice: 4,
  price: 4,
  coinBackPrice: 0,
  originalRentalPrice: -1,
  rentalPrice: -1,
  ...over,
})
const chapter = (over: Partial<ChapterSummary> = {}): Pick<ChapterSummary, 'salesConfig' | 'activity' | 'hasTrial' | 'aborted'> => ({
  salesConfig: sales(),
  activity: { unlocked: false, rented: false, rentRemained: 0 },
  hasTrial: false,
  aborted: false,
  ...over,
})
const inv = (freeReads: number, remained: number, tickets = 0, subscribe = false): Inventory => ({
  coin: { freeAmount: 0, purchasedAmount: 0, total: 0 },
  readForFree: { amount: freeReads, recoverRemained: remained },
  ticket: { amount: tickets },
  rentWithSubscribe: subscribe,
})
const rental: RentalConfig = { gaugeUsable: true, recoverInterval: 82_800, rentalPeriod: 259_200 }

describe('purchase options (SPEC §4)', () => {
  it('free goes to the viewer; signed-out goes to login; unlocked or rented goes to the viewer', () => {
    expect(purchaseDecision({ chapter: chapter({ salesConfig: sales({ free: true }) }), signedIn: false, inventory: null, rentalConfig: rental })).toEqual({
      kind: 'viewer',
    })
    expect(purchaseDecision({ chapter: chapter(), signedIn: false, inventory: null, rentalConfig: rental })).toEqual({ kind: 'login' })
    expect(
      purchaseDecision({
        chapter: chapter({ activity: { unlocked: true, rented: false, rentRemained: 0 } }),
        signedIn: true,
        inventory: null,
        rentalConfig: rental,
      }),
    ).toEqual({ kind: 'viewer' })
    expect(
      purchaseDecision({
        chapter: chapter({ activity: { unlocked: false, rented: true, rentRemained: 10 } }),
        signedIn: true,
        inventory: null,
        rentalConfig: rental,
      }),
    ).toEqual({ kind: 'viewer' })
    expect(purchaseDecision({ chapter: chapter({ aborted: true }), signedIn: true, inventory: null, rentalConfig: rental })).toEqual({ kind: 'aborted' })
    // Issue 35: a signed-out tap on a withdrawn chapter says so; it does not ask to sign in to buy what is not sold.
    expect(purchaseDecision({ chapter: chapter({ aborted: true }), signedIn: false, inventory: null, rentalConfig: rental })).toEqual({ kind: 'aborted' })
    expect(purchaseDecision({ chapter: chapter(), signedIn: false, inventory: null, rentalConfig: rental })).toEqual({ kind: 'login' })
  })
  it('preview only for a non-rent chapter with a trial; buy with coin when price >= 0', () => {
    expect(accessOptions(chapter({ hasTrial: true }), inv(1, 0), rental).map((o) => o.kind)).toEqual(['preview', 'buyWithCoin'])
    const rentChapter = chapter({
      hasTrial: true,
      salesConfig: sales({ rentAllowedWith: ['gauge', 'ticket', 'coin'], rentalPrice: 2, originalRentalPrice: 2 }),
    })
    expect(accessOptions(rentChapter, inv(1, 0), rental).map((o) => o.kind)).toEqual(['freeRead', 'rentWithCoin', 'buyWithCoin'])
  })
  it('offers coin buttons only for the payment kinds the chapter allows, as the API accepts them', () => {
    // A price alone is not enough: coin must be among purchaseAllowedWith / rentAllowedWith (SPEC §3).
    const noCoin = chapter({ salesConfig: sales({ purchaseAllowedWith: [], rentAllowedWith: ['ticket'], rentalPrice: 2 }) })
    expect(accessOptions(noCoin, inv(1, 0, 1), rental).map((o) => o.kind)).toEqual(['ticket'])
    expect(canBuyWithCoin(sales({ price: 0 }))).toBe(true)
    expect(canBuyWithCoin(sales({ price: -1 }))).toBe(false)
    expect(canRentWith(sales({ rentAllowedWith: ['coin'], rentalPrice: -1 }), 'coin', true)).toBe(false)
    expect(canRentWith(sales({ rentAllowedWith: ['gauge'] }), 'gauge', false)).toBe(false)
    expect(canRentWith(sales({ rentAllowedWith: ['ticket'] }), 'subscribe', false)).toBe(true)
  })
  it('free-read with a full gauge, wait-for-free with its percent and countdown otherwise, ticket, subscribe, rent', () => {
    const rentChapter = chapter({ salesConfig: sales({ rentAllowedWith: ['gauge', 'ticket', 'coin'], rentalPrice: 2, originalRentalPrice: 3, price: -1 }) })
    expect(accessOptions(rentChapter, inv(0, 20_700, 2, true), rental)).toEqual([
      { kind: 'waitForFree', percent: 75 },
      { kind: 'waitForFreeRemaining', seconds: 20_700 },
      { kind: 'ticket', amount: 2 },
      { kind: 'subscribe' },
      { kind: 'rentWithCoin', price: 2, originalPrice: 3, periodSeconds: 259_200 },
    ])
    expect(accessOptions(rentChapter, inv(0, 0, 0, false), { ...rental, gaugeUsable: false }).map((o) => o.kind)).toEqual(['rentWithCoin'])
    // Ads (app-only on the web) are offered on rent chapters of titles with ads.
    expect(accessOptions(rentChapter, inv(1, 0), rental, { adsEnabled: true }).map((o) => o.kind)).toEqual(['freeRead', 'watchAd', 'rentWithCoin'])
  })
  it('the gauge refills recoverInterval seconds after its last use', () => {
    const now = new Date('2026-11-20T12:00:00Z')
    expect(gaugeAfterUse(null, now, 82_800)).toEqual({ amount: 1, recoverRemained: 0 })
    expect(gaugeAfterUse(new Date('2026-11-20T06:00:00Z'), now, 82_800)).toEqual({ amount: 0, recoverRemained: 82_800 - 21_600 })
    expect(gaugeAfterUse(new Date('2026-11-19T12:00:00Z'), now, 82_800)).toEqual({ amount: 1, recoverRemained: 0 })
  })
})

describe('labels (SPEC §3)', () => {
  it('lists the title badge, then FIN, HIATUS, EXCLUSIVE and Mature from its state', () => {
    expect(contentBadges({ badge: 'HOT', status: 'completed', exclusive: true, mature: false })).toEqual(['HOT', 'FIN', 'EXCLUSIVE'])
    expect(contentBadges({ badge: 'FIN', status: 'completed', exclusive: false, mature: true })).toEqual(['FIN', 'MATURE'])
    expect(contentBadges({ badge: null, status: 'hiatus', exclusive: false, mature: false })).toEqual(['HIATUS'])
  })
  it('marks rent-only chapters', () => {
    expect(rentalOnly({ free: false, price: -1, rentalPrice: 2 })).toBe(true)
    expect(rentalOnly({ free: false, price: 4, rentalPrice: 2 })).toBe(false)
  })
})

describe('search text', () => {
  it('folds width, case and hiragana, cuts to 50 characters and splits terms', () => {
    expect(normalizeSearchText('ＭＯＯＮ　Ｂｌａｄｅ')).toBe('moon blade')
    expect(normalizeSearchText('つきの')).toBe(normalizeSearchText('ツキノ'))
    expect(normalizeSearchText('ｶﾀﾅ')).toBe('カタナ')
    expect(searchTerms('  moon  blade moon ')).toEqual(['moon', 'blade'])
    expect(searchTerms('あ'.repeat(80))[0]).toHaveLength(50)
  })
  it('ranks exact titles over prefixes over contains over authors over keywords; all terms must match', () => {
    const fields = { names: ['月下の剣姫', 'Moonlit Blade Princess'], authors: ['Lin Xiaoyue'], keywords: ['fantasy action'] }
    expect(searchScore(['moonlit', 'blade', 'princess'], fields)).toBe(100 + 60 + 40 + 40)
    expect(searchScore(['moonlit'], fields)).toBe(60)
    expect(searchScore(['剣姫'], fields)).toBe(40)
    expect(searchScore(['xiaoyue'], fields)).toBe(25)
    expect(searchScore(['fantasy'], fields)).toBe(10)
    expect(searchScore(['fantasy', 'zombie'], fields)).toBe(0)
  })
})

describe('share (SPEC §2)', () => {
  const data = { link: 'https://koma.example/comic/5?x=1&y=2', text: 'Read “Moon” on Koma!', tags: ['#Koma', 'Fantasy'] }
  it('encodes the link for every target', () => {
    for (const target of SHARE_TARGETS)
      expect(shareUrl(target, data)).toContain(
        target === 'whatsapp' || target === 'email'
          ? encodeURIComponent('https://koma.example/comic/5?x=1&y=2')
          : 'https%3A%2F%2Fkoma.example%2Fcomic%2F5%3Fx%3D1%26y%3D2',
      )
    expect(shareUrl('x', data)).toContain('hashtags=Koma%2CFantasy')
  })
  it('sends Facebook and X to the external browser in the app web view', () => {
    expect(shareUrl('facebook', data, { appWebView: true })).toMatch(/^koma:\/\/external-browser\?url=https%3A%2F%2Fwww\.facebook\.com/)
    expect(shareUrl('line', data, { appWebView: true })).toMatch(/^https:\/\/social-plugins\.line\.me/)
  })
})

describe('mature dialogs (SPEC §4 outcomes)', () => {
  it('adult check: yes → target; no → previous, or home after login; cancel → home on adult paths, else back', () => {
    expect(adultCheckDestination('yes', { target: '/comic/40', current: '/', previous: '/' })).toEqual({ kind: 'target' })
    expect(adultCheckDestination('no', { target: '/comic/40', current: '/comic/40', previous: '/menu/all_comic/new' })).toEqual({ kind: 'back' })
    expect(adultCheckDestination('no', { target: '/comic/40', current: '/comic/40', previous: '/en/login?redirect=%2Fcomic%2F40' })).toEqual({ kind: 'home' })
    expect(adultCheckDestination('cancel', { target: '/en/menu/all_comic/adult', current: '/en', previous: '/en' })).toEqual({ kind: 'home' })
    expect(adultCheckDestination('cancel', { target: '/comic/40', current: '/comic/40', previous: '/' })).toEqual({ kind: 'back' })
    expect(isAdultPath('/fr/menu/all_comic/adult?currentItemCode=x')).toBe(true)
  })
  it('accept mature: yes → target, no → back', () => {
    expect(acceptMatureDestination('yes', { previous: null })).toEqual({ kind: 'target' })
    expect(acceptMatureDestination('no', { previous: '/x' })).toEqual({ kind: 'back' })
  })
  it('reading a mature title: a valid verification (1 year) and the setting on (SPEC §6, §9); nothing self-declared', () => {
    const now = new Date('2026-12-03T00:00:00Z')
    const member = (verifiedAt: string | null, acceptMature: boolean) => ({
      guest: false,
      acceptMature,
      adultVerifiedAt: verifiedAt ? new Date(verifiedAt) : null,
    })
    expect(matureReading(null, now)).toBe('signIn')
    expect(matureReading({ guest: true, acceptMature: true, adultVerifiedAt: new Date('2026-11-01T00:00:00Z') }, now)).toBe('signIn')
    expect(matureReading(member(null, true), now)).toBe('verify')
    expect(matureReading(member(null, false), now)).toBe('verify')
    expect(matureReading(member('2026-06-01T00:00:00Z', false), now)).toBe('accept')
    expect(matureReading(member('2026-06-01T00:00:00Z', true), now)).toBe('allowed')
    // A year after the verification it has lapsed: verify again, even with the setting on.
    expect(matureReading(member('2025-12-03T00:00:01Z', true), now)).toBe('allowed')
    expect(matureReading(member('2025-12-03T00:00:00Z', true), now)).toBe('verify')
  })
})

describe('image variants (SPEC §9 presets × densities 1 and 2)', () => {
  it('snaps widths up to a preset and accepts densities 1 and 2 only', () => {
    expect(imageVariant('192', undefined)).toEqual({ preset: 320, density: 1, pixels: 320 })
    expect(imageVariant('700', '2')).toEqual({ preset: 768, density: 2, pixels: 1536 })
    expect(imageVariant(undefined, undefined)).toEqual({ preset: 1536, density: 1, pixels: 1536 })
    expect(imageVariant('99999', '2')).toEqual({ preset: 1536, density: 2, pixels: 3072 })
    expect(imageVariant('abc', undefined)).toBeNull()
    expect(imageVariant('320', '3')).toBeNull()
    expect(imageSources('/api/image/3', 192)).toEqual({ src: '/api/image/3?w=320', srcSet: '/api/image/3?w=320 1x, /api/image/3?w=640 2x' })
    expect(imageSources('/api/image/3', 1200).srcSet).toBe('/api/image/3?w=1280 1x, /api/image/3?w=1280&dpr=2 2x')
  })
})

describe('GET /{type}/{id}/{unit}', () => {
  it('knows the two units of SPEC §3 chapterUnit', () => {
    expect(isChapterUnit('chapter')).toBe(true)
    expect(isChapterUnit('volume')).toBe(true)
    for (const bad of ['chapters', 'Volume', '', 'episode', undefined, 1]) expect(isChapterUnit(bad)).toBe(false)
  })

  it('groups consecutive chapters of a volume; a chapter without one stands alone', () => {
    const c = (id: number, volumeId: number | null) => ({ id, volumeId })
    expect(volumesOf([c(1, 10), c(2, 10), c(3, 11), c(4, null), c(5, null), c(6, 10)])).toEqual([
      { volumeId: 10, chapterIds: [1, 2] },
      { volumeId: 11, chapterIds: [3] },
      { volumeId: null, chapterIds: [4] },
      { volumeId: null, chapterIds: [5] },
      { volumeId: 10, chapterIds: [6] },
    ])
    expect(volumesOf([])).toEqual([])
  })
})
