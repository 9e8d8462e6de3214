import { chapterIsReadable, NO_ACTIVITY } from './access'
import { orderedAuthors } from './authors'
import { imageSources, presetWidth } from './images'
import { abbreviateCount, formatPrice } from './numbers'
import { chapterSalesState, gaugePercent } from './sales'
import type { Inventory, SalesConfig } from './types'

const sales = (over: Partial<SalesConfig> = {}): SalesConfig => ({
  free: false,
  rentableRemained: null,
  rentAllowedWith: [],
  purchaseAllowedWith: ['coin'],
  event: null,
  originalPrice: 4,
  price: 4,
  coinBackPrice: 0,
  originalRentalPrice: 2,
  rentalPrice: 2,
  ...over,
})
const inventory = (freeReads: number, tickets: number): Inventory => ({
  coin: { freeAmount: 0, purchasedAmount: 0, total: 0 },
  readForFree: { amount: freeReads, recoverRemained: freeReads > 0 ? 0 : 3600 },
  ticket: { amount: tickets },
  rentWithSubscribe: false,
})

describe('chapter sales state (SPEC §4 priority)', () => {
  it('purchased wins over everything', () => {
    expect(chapterSalesState({ salesConfig: sales({ free: true }), activity: { unlocked: true, rented: true, rentRemained: 9 }, inventory: null })).toBe(
      'purchased',
    )
  })
  it('free, or targeted-free under a free-increased event', () => {
    expect(chapterSalesState({ salesConfig: sales({ free: true }), activity: NO_ACTIVITY, inventory: null })).toBe('free')
    expect(
      chapterSalesState({ salesConfig: sales({ free: true, event: { type: 'free_increased', endAt: null } }), activity: NO_ACTIVITY, inventory: null }),
    ).toBe('targetFree')
  })
  it('remained while rent time remains (not once it has run out)', () => {
    expect(chapterSalesState({ salesConfig: sales(), activity: { unlocked: false, rented: true, rentRemained: 60 }, inventory: null })).toBe('remained')
    expect(chapterSalesState({ salesConfig: sales(), activity: { unlocked: false, rented: true, rentRemained: 0 }, inventory: null })).toBe('price')
  })
  it('gauge or ticket rentals: price when flagged, read-now with a free read or ticket, else wait-for-free, else price', () => {
    const gauge = sales({ rentAllowedWith: ['gauge', 'coin'] })
    const ticket = sales({ rentAllowedWith: ['ticket'] })
    expect(chapterSalesState({ salesConfig: gauge, activity: NO_ACTIVITY, inventory: inventory(1, 0), showPrice: true })).toBe('price')
    expect(chapterSalesState({ salesConfig: gauge, activity: NO_ACTIVITY, inventory: inventory(1, 0) })).toBe('readNow')
    expect(chapterSalesState({ salesConfig: ticket, activity: NO_ACTIVITY, inventory: inventory(0, 2) })).toBe('readNow')
    expect(chapterSalesState({ salesConfig: gauge, activity: NO_ACTIVITY, inventory: inventory(0, 0) })).toBe('waitForFree')
    expect(chapterSalesState({ salesConfig: ticket, activity: NO_ACTIVITY, inventory: inventory(1, 0) })).toBe('price')
    expect(chapterSalesState({ salesConfig: gauge, activity: NO_ACTIVITY, inventory: null })).toBe('waitForFree')
  })
  it('coin-only chapters show their price', () => {
    expect(chapterSalesState({ salesConfig: sales({ rentAllowedWith: ['coin'] }), activity: NO_ACTIVITY, inventory: inventory(1, 1) })).toBe('price')
  })
})

describe('gauge percent (SPEC §4)', () => {
  it('is 100 with a free read, else (interval - remained) / interval * 100', () => {
    expect(gaugePercent(inventory(1, 0), 82800)).toBe(100)
    expect(gaugePercent({ readForFree: { amount: 0, recoverRemained: 20700 } }, 82800)).toBe(75)
    expect(gaugePercent({ readForFree: { amount: 0, recoverRemained: 82800 } }, 82800)).toBe(0)
  })
})

describe('readable chapters', () => {
  it('free, owned, rented with time left, or a trial of a chapter that has one', () => {
    const base = { salesType: 'product' as const, hasTrial: false, activity: NO_ACTIVITY }
    expect(chapterIsReadable({ ...base, salesConfig: { free: true } })).toBe(true)
    expect(chapterIsReadable({ ...base, salesConfig: { free: false } })).toBe(false)
    expect(chapterIsReadable({ ...base, salesConfig: { free: false }, activity: { unlocked: true, rented: false, rentRemained: 0 } })).toBe(true)
    expect(chapterIsReadable({ ...base, salesConfig: { free: false }, activity: { unlocked: false, rented: true, rentRemained: 5 } })).toBe(true)
    expect(chapterIsReadable({ ...base, salesConfig: { free: false }, activity: { unlocked: false, rented: true, rentRemained: 0 } })).toBe(false)
    expect(chapterIsReadable({ ...base, salesType: 'trial', hasTrial: true, salesConfig: { free: false } })).toBe(true)
    expect(chapterIsReadable({ ...base, salesType: 'trial', hasTrial: false, salesConfig: { free: true } })).toBe(false)
  })
})

describe('number abbreviation (SPEC §9)', () => {
  it.each([
    [999, 'en', '999'],
    [1000, 'en', '1K'],
    [1999, 'en', '1.9K'],
    [2_500_000, 'en', '2.5M'],
    [12_345, 'fr', '12,3K'],
    [9_999, 'ja', '9,999'],
    [12_345, 'ja', '1.2万'],
    [123_456_789, 'ja', '1.2億'],
  ] as const)('%i in %s → %s', (count, locale, expected) => {
    expect(abbreviateCount(count, locale)).toBe(expected)
  })
  it('formats prices with thousands separators: USD for en/fr, yen for ja', () => {
    expect(formatPrice(499, 'USD', 'en')).toBe('$4.99')
    expect(formatPrice(4999, 'USD', 'en')).toBe('$49.99')
    expect(formatPrice(6100, 'JPY', 'ja')).toBe('￥6,100')
    expect(formatPrice(123456, 'USD', 'en')).toBe('$1,234.56')
  })
})

describe('authors', () => {
  it('follow the SPEC §3 role order and leave out "other"', () => {
    const list = orderedAuthors([
      { name: 'C', role: 'colorist' },
      { name: 'O', role: 'other' },
      { name: 'W', role: 'writer' },
      { name: 'A', role: 'artist' },
    ])
    expect(list.map((author) => author.name)).toEqual(['W', 'A', 'C'])
  })
})

describe('image presets (SPEC §9)', () => {
  it('rounds up to a preset for densities 1 and 2', () => {
    expect(presetWidth(100)).toBe(320)
    expect(presetWidth(700)).toBe(768)
    expect(presetWidth(5000)).toBe(1536)
    expect(imageSources('/api/image/3', 192)).toEqual({ src: '/api/image/3?w=320', srcSet: '/api/image/3?w=320 1x, /api/image/3?w=640 2x' })
  })
})
