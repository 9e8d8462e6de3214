import { endpoints } from '@koma/contracts/server'
import { buildApp } from '../../app'
import { createClock } from '../../clock'
import { loadConfig } from '../../config'
import { atLeast } from '../../test/lists'
import { createTestApp, urlOf, type TestApp } from '../../test/testApp'
import { guest, registerMember } from '../../test/account'
import { creditCoins, ledgerSum } from './ledger'
import { creditTickets } from './stock'

jest.setTimeout(180_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  t?.clock.setFakeTime(null)
  await t?.close()
})

interface Member {
  memberId: number
  cookies: Record<string, string>
}

async function newMember(coins: { purchased?: number; free?: number } = {}): Promise<Member> {
  const member = await registerMember(t)
  const now = t.clock.now()
  await t.db.transaction().execute(async (trx) => {
    if (coins.purchased)
      await creditCoins(trx, {
        memberId: member.userId,
        coinType: 'purchased',
        amount: coins.purchased,
        expiresAt: null,
        reason: 'order',
        ref: `test-p-${member.userId}`,
        now,
      })
    if (coins.free)
      await creditCoins(trx, {
        memberId: member.userId,
        coinType: 'free',
        amount: coins.free,
        expiresAt: new Date(now.getTime() + 30 * 86_400_000),
        reason: 'gift',
        ref: `test-f-${member.userId}`,
        now,
      })
  })
  return { memberId: member.userId, cookies: member.cookies }
}

async function token(member: Member): Promise<string> {
  const response = await t.call(endpoints.coinTransactionToken, { cookies: member.cookies })
  expect(response.statusCode).toBe(200)
  return response.json().result.token as string
}

type ChapterRow = { id: number; contentId: number; type: 'comic' | 'magazine_comic'; price: number; rentalPrice: number; rentAllowed: string[]; sort: number }

async function chapters(where: 'buy' | 'gauge' | 'coinRent'): Promise<ChapterRow[]> {
  let query = t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id', 'c.id as contentId', 'c.type', 'ch.price', 'ch.rental_price as rentalPrice', 'ch.rent_allowed_with as rentAllowed', 'ch.sort'])
    .where('c.mature', '=', false)
    .where('ch.free', '=', false)
    .where('ch.aborted', '=', false)
    .orderBy('c.id')
    .orderBy('ch.sort')
  if (where === 'buy') query = query.where('ch.price', '>=', 1)
  if (where === 'gauge') query = query.where('c.gauge_usable', '=', true).where(({ eb, val }) => eb(val('gauge'), '=', eb.fn.any('ch.rent_allowed_with')))
  if (where === 'coinRent') query = query.where('ch.rental_price', '>=', 1).where(({ eb, val }) => eb(val('coin'), '=', eb.fn.any('ch.rent_allowed_with')))
  return (await query.execute()).map((row) => ({ ...row, id: Number(row.id), contentId: Number(row.contentId) })) as ChapterRow[]
}

const inventory = async (member: Member, chapter: ChapterRow) =>
  (await t.call(endpoints.content, { params: { type: chapter.type, id: chapter.contentId }, cookies: member.cookies })).json().result.inventory

describe('transaction tokens and unlock', () => {
  it('needs a signed-in reader for a token', async () => {
    expect((await t.call(endpoints.coinTransactionToken)).statusCode).toBe(401)
  })

  it('unlocks a chapter once; the same token replayed charges nothing; a used token cannot buy another chapter', async () => {
    const [chapter, other] = atLeast(await chapters('buy'), 2, 'chapters to buy')
    const member = await newMember({ purchased: chapter.price + other.price + 5 })
    const tok = await token(member)
    const body = { token: tok, price: String(chapter.price), coinBackPrice: '0' }
    const first = await t.call(endpoints.chapterUnlock, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: member.cookies,
      body,
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().result).toMatchObject({
      kind: 'owned',
      chapterIds: [chapter.id],
      spent: { purchased: chapter.price },
      coin: { total: other.price + 5 },
    })
    const replay = await t.call(endpoints.chapterUnlock, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: member.cookies,
      body,
    })
    expect(replay.statusCode).toBe(200)
    expect(await ledgerSum(t.db, member.memberId)).toBe(other.price + 5)
    const reuse = await t.call(endpoints.chapterUnlock, {
      params: { type: other.type, id: other.contentId, chapterId: other.id },
      cookies: member.cookies,
      body: { ...body, price: String(other.price) },
    })
    expect(reuse.statusCode).toBe(409)
    expect(reuse.json().message).toBe('The transaction could not be processed.')
    // Another reader cannot use my token.
    const stranger = await newMember({ purchased: 100 })
    expect(
      (
        await t.call(endpoints.chapterUnlock, {
          params: { type: other.type, id: other.contentId, chapterId: other.id },
          cookies: stranger.cookies,
          body: { token: await token(member), price: String(other.price) },
        })
      ).statusCode,
    ).toBe(400)
    // The chapter opens in the viewer and the list marks it unlocked.
    expect(
      (
        await t.call(endpoints.chapter, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' },
          cookies: member.cookies,
        })
      ).statusCode,
    ).toBe(200)
    const listed = (await t.call(endpoints.content, { params: { type: chapter.type, id: chapter.contentId }, cookies: member.cookies }))
      .json()
      .result.chapters.find((c: { id: number }) => c.id === chapter.id)
    expect(listed.activity.unlocked).toBe(true)
    // Buying it again is refused without a charge.
    const again = await t.call(endpoints.chapterUnlock, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: member.cookies,
      body: { token: await token(member), price: String(chapter.price) },
    })
    expect(again.statusCode).toBe(409)
    expect(await ledgerSum(t.db, member.memberId)).toBe(other.price + 5)
  })

  it('refuses too few coins with 402 and leaves the token usable; refuses a stale price; checks its input', async () => {
    const [chapter] = atLeast(await chapters('buy'), 1, 'chapters to buy')
    const member = await newMember({ free: chapter.price - 1 })
    const tok = await token(member)
    const short = await t.call(endpoints.chapterUnlock, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: member.cookies,
      body: { token: tok, price: String(chapter.price) },
      locale: 'fr',
    })
    expect(short.statusCode).toBe(402)
    expect(short.json().message).toBe('Vous n’avez pas assez de pièces.')
    expect(
      (
        await t.call(endpoints.chapterUnlock, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
          cookies: member.cookies,
          body: { token: tok, price: String(chapter.price + 1) },
        })
      ).statusCode,
    ).toBe(409)
    expect(
      (
        await t.call(endpoints.chapterUnlock, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
          cookies: member.cookies,
          body: { token: tok, price: 'abc' },
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await t.call(endpoints.chapterUnlock, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
          cookies: member.cookies,
          body: { token: 'nope', price: String(chapter.price) },
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await t.call(endpoints.chapterUnlock, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: '99999999' },
          cookies: member.cookies,
          body: { token: tok, price: '1' },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await t.call('POST', `/api/comic/abc/chapter/${chapter.id}/unlock`, { cookies: member.cookies, body: { token: tok, price: '1' } })).statusCode,
    ).toBe(404)
    await t.db.transaction().execute((trx) =>
      creditCoins(trx, {
        memberId: member.memberId,
        coinType: 'bonus',
        amount: 1,
        expiresAt: null,
        reason: 'coupon',
        ref: `topup-${member.memberId}`,
        now: t.clock.now(),
      }),
    )
    const paid = await t.call(endpoints.chapterUnlock, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: member.cookies,
      body: { token: tok, price: String(chapter.price) },
    })
    expect(paid.statusCode).toBe(200)
    expect(paid.json().result.spent).toEqual({ free: chapter.price - 1, bonus: 1, purchased: 0 })
  })

  it('unlocks several chapters at once for their total, all or nothing', async () => {
    const all = atLeast(await chapters('buy'), 1, 'chapters to buy')
    const title = atLeast(all.filter((chapter) => chapter.contentId === all[0].contentId).slice(0, 3), 3, 'chapters to buy of one title')
    const total = title.reduce((sum, chapter) => sum + chapter.price, 0)
    const member = await newMember({ purchased: total + 2 })
    const ids = title.map((chapter) => String(chapter.id))
    // A wrong total, or too few coins, changes nothing.
    expect(
      (
        await t.call(endpoints.chapterUnlockAll, {
          params: { type: title[0].type, id: title[0].contentId },
          cookies: member.cookies,
          body: { token: await token(member), chapterIds: ids, price: String(total - 1) },
        })
      ).statusCode,
    ).toBe(409)
    const poor = await newMember({ purchased: total - 1 })
    expect(
      (
        await t.call(endpoints.chapterUnlockAll, {
          params: { type: title[0].type, id: title[0].contentId },
          cookies: poor.cookies,
          body: { token: await token(poor), chapterIds: ids, price: String(total) },
        })
      ).statusCode,
    ).toBe(402)
    expect(await t.db.selectFrom('chapter_access').select('chapter_id').where('member_id', '=', poor.memberId).execute()).toHaveLength(0)
    const done = await t.call(endpoints.chapterUnlockAll, {
      params: { type: title[0].type, id: title[0].contentId },
      cookies: member.cookies,
      body: { token: await token(member), chapterIds: ids, price: String(total) },
    })
    expect(done.statusCode).toBe(200)
    expect(done.json().result.chapterIds.sort()).toEqual(title.map((chapter) => chapter.id).sort())
    const owned = await t.db.selectFrom('chapter_access').select('chapter_id').where('member_id', '=', member.memberId).where('kind', '=', 'owned').execute()
    expect(owned.map((row) => Number(row.chapter_id)).sort()).toEqual(title.map((chapter) => chapter.id).sort())
    expect(await ledgerSum(t.db, member.memberId)).toBe(2)
    // One movement, in the ledger's word for it (the browser's unlockAll: domain/coinWords.ts COIN_SPEND_REASON), as the history says it.
    const spends = await t.db.selectFrom('coin_movements').select('reason').where('member_id', '=', member.memberId).where('kind', '=', 'spend').execute()
    expect(spends.map((row) => row.reason)).toEqual(['unlock_all'])
    const history = (await t.call(endpoints.coinHistory, { params: { tab: 'used' }, cookies: member.cookies })).json().result.history
    expect(history.map((entry: { reason: string }) => entry.reason)).toEqual(['unlock_all'])
    // A chapter of another title, or none, is refused.
    expect(
      (
        await t.call(endpoints.chapterUnlockAll, {
          params: { type: title[0].type, id: title[0].contentId },
          cookies: member.cookies,
          body: { token: await token(member), chapterIds: [String(all.at(-1)?.id)], price: '1' },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await t.call(endpoints.chapterUnlockAll, {
          params: { type: title[0].type, id: title[0].contentId },
          cookies: member.cookies,
          body: { token: await token(member), price: '0' },
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await t.call(endpoints.chapterUnlockAll, {
          params: { type: title[0].type, id: title[0].contentId },
          cookies: member.cookies,
          body: { token: await token(member), chapterIds: ['abc'], price: '1' },
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await t.call(endpoints.chapterUnlockAll, {
          params: { type: title[0].type, id: title[0].contentId },
          cookies: member.cookies,
          body: { token: await token(member), chapterIds: ['9999999999999999'], price: '1' },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await t.call(endpoints.chapterUnlockAll, {
          params: { type: title[0].type, id: title[0].contentId },
          cookies: member.cookies,
          body: { token: await token(member), chapterIds: ids, price: '-3' },
        })
      ).statusCode,
    ).toBe(400)
  })

  it('50 concurrent unlocks by one reader with coins for 10: exactly 10 succeed and the ledger balances', async () => {
    const picked = (await chapters('buy')).slice(0, 50)
    expect(picked).toHaveLength(50)
    await t.db
      .updateTable('chapters')
      .set({ price: 3, original_price: 3, coin_back_price: 0 })
      .where(
        'id',
        'in',
        picked.map((chapter) => chapter.id),
      )
      .execute()
    const member = await newMember({ purchased: 12, free: 18 })
    const tokens = await Promise.all(picked.map(() => token(member)))
    const responses = await Promise.all(
      picked.map((chapter, i) =>
        t.call(endpoints.chapterUnlock, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
          cookies: member.cookies,
          body: { token: tokens[i], price: '3' },
        }),
      ),
    )
    const codes = responses.map((response) => response.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(10)
    expect(codes.filter((code) => code === 402)).toHaveLength(40)
    const owned = await t.db.selectFrom('chapter_access').select('chapter_id').where('member_id', '=', member.memberId).where('kind', '=', 'owned').execute()
    expect(owned).toHaveLength(10)
    expect(await ledgerSum(t.db, member.memberId)).toBe(0)
    const spends = await t.db.selectFrom('coin_movements').select('id').where('member_id', '=', member.memberId).where('kind', '=', 'spend').execute()
    expect(spends).toHaveLength(10)
  })
})

describe('rentals', () => {
  it('rents with coins for the rental period; renting again answers 208 and charges nothing; it expires by the clock', async () => {
    const [chapter] = atLeast(await chapters('coinRent'), 1, 'chapters to rent with coins')
    const member = await newMember({ purchased: chapter.rentalPrice * 2 })
    const first = await t.call(endpoints.chapterRentWithCoin, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: member.cookies,
      body: { token: await token(member), rentalPrice: String(chapter.rentalPrice) },
    })
    expect(first.statusCode).toBe(200)
    const { expiresAt } = first.json().result
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBeGreaterThan(259_000_000)
    const again = await t.call(endpoints.chapterRentWithCoin, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: member.cookies,
      body: { token: await token(member), rentalPrice: String(chapter.rentalPrice) },
    })
    expect(again.statusCode).toBe(208)
    expect(again.json().result.already).toBe(true)
    expect(await ledgerSum(t.db, member.memberId)).toBe(chapter.rentalPrice)
    expect(
      (
        await t.call(endpoints.chapter, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' },
          cookies: member.cookies,
        })
      ).statusCode,
    ).toBe(200)
    t.clock.setFakeTime(new Date(Date.parse(expiresAt) + 1000))
    try {
      expect(
        (
          await t.call(endpoints.chapter, {
            params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' },
            cookies: member.cookies,
          })
        ).statusCode,
      ).toBe(403)
      const renewed = await t.call(endpoints.chapterRentWithCoin, {
        params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
        cookies: member.cookies,
        body: { token: await token(member), rentalPrice: String(chapter.rentalPrice) },
      })
      expect(renewed.statusCode).toBe(200)
      expect(await ledgerSum(t.db, member.memberId)).toBe(0)
    } finally {
      t.clock.setFakeTime(null)
    }
  })

  it('rents with a ticket of the title (or any title) until none are left', async () => {
    const [chapter, second, third] = atLeast(
      (await chapters('gauge')).filter((c, _, list) => c.contentId === list[0]?.contentId && c.rentAllowed.includes('ticket')),
      3,
      'gauge chapters of one title',
    )
    const member = await newMember()
    const now = t.clock.now()
    await t.db.transaction().execute(async (trx) => {
      await creditTickets(trx, {
        memberId: member.memberId,
        contentId: chapter.contentId,
        amount: 1,
        expiresAt: new Date(now.getTime() + 86_400_000),
        reason: 'gift',
        ref: `tk1-${member.memberId}`,
        now,
      })
      await creditTickets(trx, { memberId: member.memberId, contentId: null, amount: 1, expiresAt: null, reason: 'gift', ref: `tk2-${member.memberId}`, now })
      // Another title's ticket does not count here.
      await creditTickets(trx, {
        memberId: member.memberId,
        contentId: chapter.contentId + 1,
        amount: 5,
        expiresAt: null,
        reason: 'gift',
        ref: `tk3-${member.memberId}`,
        now,
      })
    })
    expect((await inventory(member, chapter)).ticket.amount).toBe(2)
    const rent = async (c: ChapterRow) =>
      t.call(endpoints.chapterRentWithTicket, {
        params: { type: c.type, id: c.contentId, chapterId: c.id },
        cookies: member.cookies,
        body: { token: await token(member) },
      })
    expect((await rent(chapter)).statusCode).toBe(200)
    expect((await rent(second)).statusCode).toBe(200)
    expect((await inventory(member, chapter)).ticket.amount).toBe(0)
    const none = await rent(third)
    expect(none.statusCode).toBe(409)
    expect(none.json().message).toBe('Not enough tickets for rental.')
    // The expiring title ticket went first.
    const used = await t.db
      .selectFrom('ticket_ledger')
      .select(['expires_at'])
      .where('member_id', '=', member.memberId)
      .where('amount', '<', 0)
      .orderBy('id')
      .execute()
    expect(used[0]!.expires_at).not.toBeNull()
    expect(used[1]!.expires_at).toBeNull()
  })

  it('rents with a full gauge, which empties and refills over (fake) time; faketime moves the clock', async () => {
    const [chapter, second] = atLeast(
      (await chapters('gauge')).filter((c, _, list) => c.contentId === list[0]?.contentId),
      2,
      'gauge chapters of one title',
    )
    const member = await newMember()
    expect((await inventory(member, chapter)).readForFree).toEqual({ amount: 1, recoverRemained: 0 })
    const rent = async (c: ChapterRow) =>
      t.call(endpoints.chapterRentWithGauge, {
        params: { type: c.type, id: c.contentId, chapterId: c.id },
        cookies: member.cookies,
        body: { token: await token(member) },
      })
    expect((await rent(chapter)).statusCode).toBe(200)
    const empty = (await inventory(member, chapter)).readForFree
    expect(empty.amount).toBe(0)
    expect(empty.recoverRemained).toBeGreaterThan(82_000)
    const early = await rent(second)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('The free-read gauge is not full yet.')
    const later = new Date(t.clock.now().getTime() + 82_800_000 + 60_000)
    const set = await t.call(endpoints.debugFaketimeSet, { query: { time: later.toISOString() } })
    expect(set.statusCode).toBe(200)
    try {
      expect((await inventory(member, chapter)).readForFree).toEqual({ amount: 1, recoverRemained: 0 })
      expect((await rent(second)).statusCode).toBe(200)
    } finally {
      expect((await t.call(endpoints.debugFaketimeClear)).statusCode).toBe(200)
    }
    expect(Math.abs(t.clock.offsetMs())).toBe(0)
    expect((await t.call(endpoints.debugFaketimeSet, { query: { time: 'yesterday-ish' } })).statusCode).toBe(400)
    // Times that would break every date the API writes are refused, not applied.
    for (const time of ['9999999999999999', '99999999999', '1e400', '275760-09-13T00:00:00Z']) {
      expect((await t.call(endpoints.debugFaketimeSet, { query: { time } })).statusCode).toBe(400)
    }
    expect(t.clock.offsetMs()).toBe(0)
  })

  it('moves the clock only for callers on this machine (a page cannot make a visitor move it)', async () => {
    const time = new Date(Date.now() + 86_400_000).toISOString()
    const remote = await t.call(endpoints.debugFaketimeSet, { query: { time }, ip: '203.0.113.9' })
    expect(remote.statusCode).toBe(403)
    expect((await t.call(endpoints.debugFaketimeClear, { ip: '203.0.113.9' })).statusCode).toBe(403)
    expect(t.clock.offsetMs()).toBe(0)
  })

  it('rents once per title with subscribe, which subscribes the reader', async () => {
    const [chapter, second] = atLeast(
      (await chapters('gauge')).filter((c, _, list) => c.contentId === list[0]?.contentId),
      2,
      'gauge chapters of one title',
    )
    const member = await newMember()
    expect((await inventory(member, chapter)).rentWithSubscribe).toBe(true)
    const rent = async (c: ChapterRow) =>
      t.call(endpoints.chapterRentWithSubscribe, {
        params: { type: c.type, id: c.contentId, chapterId: c.id },
        cookies: member.cookies,
        body: { token: await token(member) },
      })
    expect((await rent(chapter)).statusCode).toBe(200)
    const content = (await t.call(endpoints.content, { params: { type: chapter.type, id: chapter.contentId }, cookies: member.cookies })).json().result
    expect(content.subscribed).toBe(true)
    expect(content.inventory.rentWithSubscribe).toBe(false)
    expect((await rent(second)).statusCode).toBe(409)
  })
})

describe('reward grants and history', () => {
  it('books gifts, coupons and the daily bonus into coins and tickets', async () => {
    const member = await newMember()
    const [chapter] = atLeast(await chapters('gauge'), 1, 'gauge chapters')
    const bonus = await t.call(endpoints.dailyBonusClaim, { cookies: member.cookies })
    expect(bonus.statusCode).toBe(200)
    const coupon = await t.call(endpoints.couponRedeem, { cookies: member.cookies, body: { code: 'KOMA2026' } })
    expect(coupon.statusCode).toBe(200)
    const inv = await inventory(member, chapter)
    expect(inv.coin).toEqual({ freeAmount: 55, purchasedAmount: 0, total: 55 })
    // The history names the coupon in the reader's language.
    const received = (await t.call(endpoints.coinHistory, { params: { tab: 'distributed' }, cookies: member.cookies, locale: 'fr' })).json().result.history
    expect(received.map((entry: { reason: string; title: string | null }) => [entry.reason, entry.title])).toEqual([
      ['coupon', 'Code de bienvenue Koma 2026 : 50 pièces bonus'],
      ['daily_bonus', null],
    ])
    const grants = await t.db.selectFrom('reward_grants').selectAll().where('member_id', '=', member.memberId).execute()
    expect(grants.every((grant) => grant.booked_at !== null && grant.ledger_ref !== null)).toBe(true)
    // An unbooked grant (written before payments booked them) is booked on the next read.
    await t.db
      .insertInto('reward_grants')
      .values({
        member_id: member.memberId,
        source: 'gift',
        source_ref: `legacy-${member.memberId}`,
        kind: 'coin',
        coin_type: 'bonus',
        amount: 7,
        content_id: null,
        expires_at: null,
        created_at: t.clock.now(),
      })
      .execute()
    expect((await inventory(member, chapter)).coin.total).toBe(62)
    // The profile carries the same coins (SPEC §3 user profile inventory).
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).json().result.inventory.coin).toEqual({
      freeAmount: 62,
      purchasedAmount: 0,
      total: 62,
    })
  })

  it('lists used, distributed and all coins newest first, paged by lastRespondedSeqNo, with expiring coins', async () => {
    const picked = (await chapters('buy')).slice(0, 23)
    const member = await newMember({ purchased: 500, free: 10 })
    for (const chapter of picked) {
      const response = await t.call(endpoints.chapterUnlock, {
        params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
        cookies: member.cookies,
        body: { token: await token(member), price: String(chapter.price) },
      })
      expect(response.statusCode).toBe(200)
    }
    const used = (await t.call(endpoints.coinHistory, { params: { tab: 'used' }, cookies: member.cookies })).json().result
    expect(used.history).toHaveLength(20)
    expect(used.page.hasNext).toBe(true)
    expect(used.history[0]).toMatchObject({
      type: 'use',
      reason: 'unlock',
      price: picked[22]!.price,
      title: expect.any(String),
      description: expect.any(String),
    })
    const next = (
      await t.call(endpoints.coinHistory, { params: { tab: 'used' }, cookies: member.cookies, query: { lastRespondedSeqNo: String(used.page.seqNo) } })
    ).json().result
    expect(next.history).toHaveLength(3)
    expect(next.page.hasNext).toBe(false)
    expect(Math.max(...next.history.map((entry: { seqNo: number }) => entry.seqNo))).toBeLessThan(used.page.seqNo)
    const distributed = (await t.call(endpoints.coinHistory, { params: { tab: 'distributed' }, cookies: member.cookies })).json().result
    expect(distributed.history).toEqual([expect.objectContaining({ type: 'distribute', free: 10, purchased: 0, expireAt: expect.any(String), expired: false })])
    const all = (
      await t.call(endpoints.coinHistory, { params: { tab: 'all' }, cookies: member.cookies, query: { lastRespondedSeqNo: String(next.history[2].seqNo) } })
    ).json().result
    expect(all.history.map((entry: { type: string }) => entry.type).sort()).toEqual(['distribute', 'purchase'])
    expect((await t.call('GET', '/api/coin/history/bogus', { cookies: member.cookies })).statusCode).toBe(404)
    expect((await t.call(endpoints.coinHistory, { params: { tab: 'all' }, cookies: member.cookies, query: { lastRespondedSeqNo: '-1' } })).statusCode).toBe(400)
    expect((await t.call(endpoints.coinHistory, { params: { tab: 'all' } })).statusCode).toBe(401)
    // The free coins went first, so none expire; two more grants expire, soonest first.
    expect((await t.call(endpoints.coinExpire, { cookies: member.cookies })).json().result.expireCoins).toEqual([])
    const now = t.clock.now()
    await t.db.transaction().execute(async (trx) => {
      await creditCoins(trx, {
        memberId: member.memberId,
        coinType: 'free',
        amount: 4,
        expiresAt: new Date(now.getTime() + 5 * 86_400_000),
        reason: 'gift',
        ref: `x1-${member.memberId}`,
        now,
      })
      await creditCoins(trx, {
        memberId: member.memberId,
        coinType: 'free',
        amount: 6,
        expiresAt: new Date(now.getTime() + 2 * 86_400_000),
        reason: 'gift',
        ref: `x2-${member.memberId}`,
        now,
      })
    })
    const expire = (await t.call(endpoints.coinExpire, { cookies: member.cookies })).json().result
    expect(expire.expireCoins.map((entry: { amount: number }) => entry.amount)).toEqual([6, 4])
    expect(expire.coin).toEqual({ freeAmount: 10, purchasedAmount: expire.coin.total - 10, total: await ledgerSum(t.db, member.memberId) })
  })

  it('a guest can spend coins; signing in from the guest discards them with the guest (SPEC §4)', async () => {
    const g = await guest(t, 'coins-guest-device')
    const [chapter] = atLeast(await chapters('buy'), 1, 'chapters to buy')
    await t.db.transaction().execute((trx) =>
      creditCoins(trx, {
        memberId: g.userId,
        coinType: 'bonus',
        amount: chapter.price + 3,
        expiresAt: null,
        reason: 'coupon',
        ref: `guest-${g.userId}`,
        now: t.clock.now(),
      }),
    )
    const tok = (await t.call(endpoints.coinTransactionToken, { cookies: g.cookies })).json().result.token
    expect(
      (
        await t.call(endpoints.chapterUnlock, {
          params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
          cookies: g.cookies,
          body: { token: tok, price: String(chapter.price) },
        })
      ).statusCode,
    ).toBe(200)
    await t.db.deleteFrom('members').where('id', '=', g.userId).execute()
    for (const table of ['coin_ledger', 'coin_movements', 'coin_wallets', 'coin_transaction_tokens'] as const) {
      expect(await t.db.selectFrom(table).select('member_id').where('member_id', '=', g.userId).execute()).toHaveLength(0)
    }
  })

  it('has no faketime route in production', async () => {
    const config = { ...loadConfig({ DATA_DIR: t.dataDir, NODE_ENV: 'production' }), skipChecksum: true }
    const app = await buildApp({ db: t.db, clock: createClock(), config, objects: t.deps.objects })
    try {
      const response = await app.inject({ method: 'POST', url: urlOf(endpoints.debugFaketimeSet), query: { time: '1700000000000' } })
      expect(response.statusCode).toBe(404)
      expect((await app.inject({ method: 'DELETE', url: urlOf(endpoints.debugFaketimeClear) })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
