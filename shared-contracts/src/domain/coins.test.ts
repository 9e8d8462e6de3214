import {
  allocateSpend,
  COIN_SPEND_REASON,
  balanceOf,
  chapterSelectable,
  coinInventoryOf,
  expiringCoins,
  expiringWithin,
  EXPIRY_WINDOW_MAX_DAYS,
  parseExpiryWindowDays,
  spendingOrder,
  toggleSelectAll,
  unlockAllPrice,
  type CoinGrant,
} from './coins'
import { gaugeAfterUse } from './purchase'
import { gaugePercent } from './sales'
import type { ChapterSummary } from './types'

const now = new Date('2026-11-21T12:00:00Z')
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000)

const grants: CoinGrant[] = [
  { id: 1, coinType: 'purchased', remaining: 100, expiresAt: null },
  { id: 2, coinType: 'bonus', remaining: 5, expiresAt: null },
  { id: 3, coinType: 'free', remaining: 10, expiresAt: inDays(20) },
  { id: 4, coinType: 'free', remaining: 3, expiresAt: inDays(2) },
  { id: 5, coinType: 'free', remaining: 8, expiresAt: inDays(-1) },
  { id: 6, coinType: 'free', remaining: 4, expiresAt: null },
]

describe('SPEC §4 coin spending order', () => {
  it('spends expiring free or bonus soonest first, then non-expiring free or bonus, then purchased', () => {
    expect(spendingOrder(grants, now).map((grant) => grant.id)).toEqual([4, 3, 2, 6, 1])
  })

  it('allocates across grants in that order and never touches expired coins', () => {
    expect(allocateSpend(grants, 15, now).allocations).toEqual([
      { grantId: 4, coinType: 'free', amount: 3 },
      { grantId: 3, coinType: 'free', amount: 10 },
      { grantId: 2, coinType: 'bonus', amount: 2 },
    ])
    expect(allocateSpend(grants, 30, now).allocations.at(-1)).toEqual({ grantId: 1, coinType: 'purchased', amount: 8 })
  })

  it('reports the shortfall and allocates nothing when the live coins are too few', () => {
    expect(allocateSpend(grants, 125, now)).toEqual({ allocations: [], short: 3 })
  })

  it('counts the balance without expired coins; free in the inventory includes bonus', () => {
    const balance = balanceOf(grants, now)
    expect(balance).toEqual({ free: 17, bonus: 5, purchased: 100, total: 122 })
    expect(coinInventoryOf(balance)).toEqual({ freeAmount: 22, purchasedAmount: 100, total: 122 })
    // Exactly at expiry the coins are gone.
    expect(balanceOf([{ id: 1, coinType: 'free', remaining: 2, expiresAt: now }], now).total).toBe(0)
  })

  it('lists expiring coins by expiry, soonest first', () => {
    expect(expiringCoins([...grants, { id: 7, coinType: 'bonus', remaining: 1, expiresAt: inDays(2) }], now)).toEqual([
      { amount: 4, expireAt: inDays(2).toISOString() },
      { amount: 10, expireAt: inDays(20).toISOString() },
    ])
  })
})

describe('SPEC §4 gauge refill', () => {
  it('is full, then empty after use, refilling over the recover interval (23 h)', () => {
    const interval = 82_800
    const used = new Date(now.getTime() - 3600_000)
    const state = gaugeAfterUse(used, now, interval)
    expect(state).toEqual({ amount: 0, recoverRemained: interval - 3600 })
    expect(gaugePercent({ readForFree: state }, interval)).toBeCloseTo((3600 / interval) * 100)
    expect(gaugeAfterUse(used, new Date(used.getTime() + interval * 1000), interval)).toEqual({ amount: 1, recoverRemained: 0 })
    expect(gaugePercent({ readForFree: { amount: 1, recoverRemained: 0 } }, interval)).toBe(100)
  })
})

describe('SPEC §4 select multiple chapters', () => {
  const chapter = (id: number, patch: Partial<ChapterSummary['salesConfig']> = {}, activity: Partial<ChapterSummary['activity']> = {}, aborted = false) => ({
    id,
    aborted,
    activity: { unlocked: false, rented: false, rentRemained: 0, ...activity },
    salesConfig: {
      free: false,
      rentableRemained: null,
      rentAllowedWith: [],
      purchaseAllowedWith: ['coin' as const],
      event: null,
      originalPrice: 3,
      price: 3,
      coinBackPrice: 0,
      originalRentalPrice: -1,
      rentalPrice: -1,
      ...patch,
    },
  })

  it('picks coin-sold chapters that are not free, owned or aborted', () => {
    expect(chapterSelectable(chapter(1))).toBe(true)
    expect(chapterSelectable(chapter(2, { free: true }))).toBe(false)
    expect(chapterSelectable(chapter(3, {}, { unlocked: true }))).toBe(false)
    expect(chapterSelectable(chapter(4, {}, {}, true))).toBe(false)
    expect(chapterSelectable(chapter(5, { price: -1, purchaseAllowedWith: [] }))).toBe(false)
    // A rented chapter can still be bought for good.
    expect(chapterSelectable(chapter(6, {}, { rented: true, rentRemained: 100 }))).toBe(true)
    expect(unlockAllPrice([chapter(1), chapter(7, { price: 5 })])).toBe(8)
  })

  it('selects all selectable, or clears when all are selected', () => {
    expect([...toggleSelectAll([1, 2, 3], new Set([2]))]).toEqual([1, 2, 3])
    expect([...toggleSelectAll([1, 2, 3], new Set([1, 2, 3]))]).toEqual([])
    expect([...toggleSelectAll([], new Set())]).toEqual([])
  })
})

describe('GET /coin/expire/{x}: a window of days', () => {
  it('takes whole days from 1 to 365, in SPEC §5 number form', () => {
    expect(parseExpiryWindowDays('1')).toBe(1)
    expect(parseExpiryWindowDays('30')).toBe(30)
    expect(parseExpiryWindowDays(String(EXPIRY_WINDOW_MAX_DAYS))).toBe(365)
    for (const bad of ['0', '366', '999', '030', '-1', '1.5', '1e2', ' 7', '', 'soon', '9999999999999999999']) expect(parseExpiryWindowDays(bad)).toBeNull()
  })

  it('keeps what expires within the window, its end included', () => {
    const now = new Date('2026-11-20T00:00:00Z')
    const list = [
      { amount: 3, expireAt: '2026-11-21T00:00:00.000Z' },
      { amount: 5, expireAt: '2026-11-27T00:00:00.000Z' },
      { amount: 7, expireAt: '2026-11-27T00:00:00.001Z' },
    ]
    expect(expiringWithin(list, now, 1)).toEqual([list[0]])
    expect(expiringWithin(list, now, 7)).toEqual([list[0], list[1]])
    expect(expiringWithin(list, now, 30)).toEqual(list)
  })
})

describe('the money words (issue 36)', () => {
  it("names the ledger reason each access call spends coins for: the browser's unlockAll is the ledger's unlock_all", () => {
    expect(COIN_SPEND_REASON).toEqual({
      unlock: 'unlock',
      unlockAll: 'unlock_all',
      rentWithCoin: 'rent',
      rentWithTicket: null,
      rentWithGauge: null,
      rentWithSubscribe: null,
    })
  })
})
