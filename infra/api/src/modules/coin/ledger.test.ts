import { createTestApp, type TestApp } from '../../test/testApp'
import { registerMember } from '../../test/account'
import { bookExpiries, coinBalance, creditCoins, ledgerSum, spendCoins } from './ledger'

jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const HOUR = 3_600_000
const at = (iso: string) => new Date(iso)

async function newMember(): Promise<{ memberId: number; cookies: Record<string, string> }> {
  const member = await registerMember(t)
  return { memberId: member.userId, cookies: member.cookies }
}

describe('coin ledger', () => {
  it('credits once per (reason, ref) and never lets purchased coins expire', async () => {
    const { memberId } = await newMember()
    const now = at('2026-11-21T00:00:00Z')
    const first = await t.db.transaction().execute((trx) =>
      creditCoins(trx, {
        memberId,
        coinType: 'purchased',
        amount: 100,
        expiresAt: at('2026-11-22T00:00:00Z'),
        reason: 'order',
        ref: `order-${memberId}`,
        now,
        also: [{ coinType: 'free', amount: 10, expiresAt: at('2026-12-21T00:00:00Z') }],
      }),
    )
    const again = await t.db
      .transaction()
      .execute((trx) => creditCoins(trx, { memberId, coinType: 'purchased', amount: 100, expiresAt: null, reason: 'order', ref: `order-${memberId}`, now }))
    expect(first.credited).toBe(true)
    expect(again.credited).toBe(false)
    expect(await coinBalance(t.db, memberId, now)).toEqual({ free: 10, bonus: 0, purchased: 100, total: 110 })
    // A year later the free bonus has expired; purchased coins have not.
    expect(await coinBalance(t.db, memberId, at('2027-11-21T00:00:00Z'))).toEqual({ free: 0, bonus: 0, purchased: 100, total: 100 })
  })

  it('spends expiring free/bonus coins soonest first, then non-expiring free/bonus, then purchased', async () => {
    const { memberId } = await newMember()
    const now = at('2026-11-21T00:00:00Z')
    await t.db.transaction().execute(async (trx) => {
      await creditCoins(trx, { memberId, coinType: 'purchased', amount: 50, expiresAt: null, reason: 'order', ref: `p-${memberId}`, now })
      await creditCoins(trx, { memberId, coinType: 'bonus', amount: 5, expiresAt: null, reason: 'coupon', ref: `b-${memberId}`, now })
      await creditCoins(trx, {
        memberId,
        coinType: 'free',
        amount: 4,
        expiresAt: new Date(now.getTime() + 72 * HOUR),
        reason: 'gift',
        ref: `late-${memberId}`,
        now,
      })
      await creditCoins(trx, {
        memberId,
        coinType: 'bonus',
        amount: 3,
        expiresAt: new Date(now.getTime() + 24 * HOUR),
        reason: 'gift',
        ref: `soon-${memberId}`,
        now,
      })
      await creditCoins(trx, {
        memberId,
        coinType: 'free',
        amount: 7,
        expiresAt: new Date(now.getTime() - HOUR),
        reason: 'gift',
        ref: `gone-${memberId}`,
        now: new Date(now.getTime() - 48 * HOUR),
      })
    })
    expect(await coinBalance(t.db, memberId, now)).toEqual({ free: 4, bonus: 8, purchased: 50, total: 62 })
    // 5 coins: the 3 expiring tomorrow, then 2 of the 4 expiring in three days.
    const first = await t.db.transaction().execute((trx) => spendCoins(trx, { memberId, amount: 5, reason: 'unlock', ref: `s1-${memberId}`, now }))
    expect(first.spent).toEqual({ free: 2, bonus: 3, purchased: 0 })
    // 9 coins: the last 2 expiring, all 5 non-expiring bonus, then 2 purchased.
    const second = await t.db.transaction().execute((trx) => spendCoins(trx, { memberId, amount: 9, reason: 'unlock', ref: `s2-${memberId}`, now }))
    expect(second.spent).toEqual({ free: 2, bonus: 5, purchased: 2 })
    expect(second.balance).toEqual({ free: 0, bonus: 0, purchased: 48, total: 48 })
    // The expired 7 were booked as an expiry before spending: the ledger sums to the balance.
    expect(await ledgerSum(t.db, memberId)).toBe(48)
    const expiry = await t.db.selectFrom('coin_movements').selectAll().where('member_id', '=', memberId).where('kind', '=', 'expire').execute()
    expect(expiry).toHaveLength(1)
    // Too few coins: 402, and nothing is written.
    await expect(
      t.db.transaction().execute((trx) => spendCoins(trx, { memberId, amount: 49, reason: 'unlock', ref: `s3-${memberId}`, now })),
    ).rejects.toMatchObject({ status: 402 })
    expect(await ledgerSum(t.db, memberId)).toBe(48)
  })

  it('books the remainder of expired grants exactly once', async () => {
    const { memberId } = await newMember()
    const now = at('2026-11-21T00:00:00Z')
    await t.db.transaction().execute(async (trx) => {
      await creditCoins(trx, { memberId, coinType: 'free', amount: 10, expiresAt: new Date(now.getTime() + HOUR), reason: 'gift', ref: `e1-${memberId}`, now })
      await spendCoins(trx, { memberId, amount: 4, reason: 'unlock', ref: `e2-${memberId}`, now })
    })
    const later = new Date(now.getTime() + 2 * HOUR)
    expect(await coinBalance(t.db, memberId, later)).toEqual({ free: 0, bonus: 0, purchased: 0, total: 0 })
    expect(await t.db.transaction().execute((trx) => bookExpiries(trx, memberId, later))).toBe(6)
    expect(await t.db.transaction().execute((trx) => bookExpiries(trx, memberId, later))).toBe(0)
    expect(await ledgerSum(t.db, memberId)).toBe(0)
  })
})
