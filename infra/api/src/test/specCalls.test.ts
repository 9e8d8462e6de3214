import { COOKIES, endpoints, HEADERS, type ContentType } from '@koma/contracts/server'
import { createTestApp, type TestApp } from './testApp'
import { device, guest, registerMember } from './account'
import { creditCoins } from '../modules/coin/ledger'

/**
 * SPEC §7 calls of issue 15: GET /{type}/{id}/{unit}, POST /member/profile, POST /app/foregrounded
 * and GET /coin/expire/{x}. Who may call each is also in the access matrix; bad input is also
 * aimed at by the hostile-input suite. Runs on PGlite and, in `npm test`, on PostgreSQL.
 */
jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  t?.clock.setFakeTime(null)
  await t?.close()
})

const DAY = 86_400_000

async function title(where: { unit: 'chapter' | 'volume'; mature?: boolean }): Promise<{ type: ContentType; id: number }> {
  const row = await t.db
    .selectFrom('contents as c')
    .select(['c.type', 'c.id'])
    .where('c.chapter_unit', '=', where.unit)
    .where('c.mature', '=', where.mature ?? false)
    .where('c.status', '<>', 'coming_soon')
    .where((eb) => eb.exists(eb.selectFrom('chapters as ch').select('ch.id').whereRef('ch.content_id', '=', 'c.id')))
    .orderBy('c.id')
    .executeTakeFirstOrThrow()
  return { type: row.type as ContentType, id: Number(row.id) }
}

const expectSpecError = (response: { statusCode: number; json: () => unknown }, status: number) => {
  expect(response.statusCode).toBe(status)
  expect(response.json()).toMatchObject({ name: expect.any(String), code: status, message: expect.any(String) })
}

describe('GET /{type}/{id}/{unit}', () => {
  it("lists a title by volume: the episode list's chapters, grouped by volume in reading order", async () => {
    const volumeTitle = await title({ unit: 'volume' })
    const detail = (await t.call(endpoints.content, { params: { type: volumeTitle.type, id: volumeTitle.id } })).json().result
    const response = await t.call(endpoints.contentUnit, { params: { type: volumeTitle.type, id: volumeTitle.id, unit: 'volume' } })
    expect(response.statusCode).toBe(200)
    const list = response.json().result
    expect(list).toMatchObject({ type: volumeTitle.type, id: volumeTitle.id, unit: 'volume', chapterUnit: 'volume', activity: { lastReadChapterId: null } })
    expect(list.chapters).toEqual(detail.chapters)
    expect(list.volumes.flatMap((volume: { chapterIds: number[] }) => volume.chapterIds)).toEqual(detail.chapters.map((chapter: { id: number }) => chapter.id))
    for (const volume of list.volumes as { volumeId: number | null; chapterIds: number[] }[]) {
      for (const chapterId of volume.chapterIds)
        expect(detail.chapters.find((chapter: { id: number }) => chapter.id === chapterId).volumeId).toBe(volume.volumeId)
    }
  })

  it("lists a title by chapter without volumes, in the reader's language", async () => {
    const chapterTitle = await title({ unit: 'chapter' })
    const [en, fr] = await Promise.all(
      (['en', 'fr'] as const).map(
        async (locale) =>
          (await t.call(endpoints.contentUnit, { params: { type: chapterTitle.type, id: chapterTitle.id, unit: 'chapter' }, locale })).json().result,
      ),
    )
    expect(en).toMatchObject({ unit: 'chapter', chapterUnit: 'chapter', volumes: [] })
    expect(en.chapters.length).toBeGreaterThan(0)
    const frDetail = (await t.call(endpoints.content, { params: { type: chapterTitle.type, id: chapterTitle.id }, locale: 'fr' })).json().result
    expect(fr.chapters.map((chapter: { name: string }) => chapter.name)).toEqual(frDetail.chapters.map((chapter: { name: string }) => chapter.name))
  })

  it('answers SPEC §8 404s for a bad unit, id or type, never a 500', async () => {
    const { type, id } = await title({ unit: 'chapter' })
    for (const url of [
      `/api/${type}/${id}/episode`,
      `/api/${type}/${id}/Chapter`,
      `/api/${type}/${id}/chapters`,
      `/api/${type}/${id}/%00`,
      `/api/${type}/0${id}/chapter`,
      `/api/${type}/99999999/volume`,
      `/api/novel/${id}/chapter`,
      `/api/${type === 'comic' ? 'magazine_comic' : 'comic'}/${id}/chapter`,
      `/api/${type}/${'9'.repeat(40)}/chapter`,
    ]) {
      expectSpecError(await t.call('GET', url), 404)
    }
  })

  it('keeps mature titles behind SPEC §8 451 (verification) for a reader who is not a verified adult, whatever they claim (issue 33)', async () => {
    const mature = await title({ unit: 'chapter', mature: true }).catch(() => title({ unit: 'volume', mature: true }))
    expectSpecError(await t.call(endpoints.contentUnit, { params: { type: mature.type, id: mature.id, unit: 'chapter' } }), 451)
    const says = { [HEADERS.acceptMature]: 'Y' }
    expectSpecError(await t.call(endpoints.contentUnit, { params: { type: mature.type, id: mature.id, unit: 'chapter' }, headers: says }), 451)
    const member = await registerMember(t)
    expectSpecError(
      await t.call(endpoints.contentUnit, { params: { type: mature.type, id: mature.id, unit: 'volume' }, cookies: member.cookies, headers: says }),
      451,
    )
  })
})

describe('GET /coin/expire/{x}', () => {
  it("lists the caller's own coins expiring within x days", async () => {
    const member = await registerMember(t)
    const now = t.clock.now()
    await t.db.transaction().execute(async (trx) => {
      await creditCoins(trx, {
        memberId: member.userId,
        coinType: 'free',
        amount: 3,
        expiresAt: new Date(now.getTime() + 2 * DAY),
        reason: 'gift',
        ref: `x2-${member.userId}`,
        now,
      })
      await creditCoins(trx, {
        memberId: member.userId,
        coinType: 'free',
        amount: 11,
        expiresAt: new Date(now.getTime() + 20 * DAY + 1000),
        reason: 'gift',
        ref: `x20-${member.userId}`,
        now,
      })
      await creditCoins(trx, { memberId: member.userId, coinType: 'purchased', amount: 50, expiresAt: null, reason: 'order', ref: `xp-${member.userId}`, now })
    })
    const all = (await t.call(endpoints.coinExpire, { cookies: member.cookies })).json().result
    const within = async (days: string) => {
      const response = await t.call(endpoints.coinExpireWithin, { params: { days }, cookies: member.cookies })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      return response.json().result as { days: number; expireCoins: { amount: number; expireAt: string }[]; coin: unknown }
    }
    const week = await within('7')
    expect(week.days).toBe(7)
    expect(week.coin).toEqual(all.coin)
    expect(week.expireCoins).toContainEqual({ amount: 3, expireAt: new Date(now.getTime() + 2 * DAY).toISOString() })
    expect(week.expireCoins.some((entry) => entry.amount === 11)).toBe(false)
    for (const entry of week.expireCoins) expect(new Date(entry.expireAt).getTime()).toBeLessThanOrEqual(now.getTime() + 7 * DAY)
    const month = await within('30')
    expect(month.expireCoins).toEqual(all.expireCoins.filter((entry: { expireAt: string }) => new Date(entry.expireAt).getTime() <= now.getTime() + 30 * DAY))
    expect(month.expireCoins.some((entry) => entry.amount === 11)).toBe(true)
    expect((await within('365')).days).toBe(365)
  })

  it('refuses a visitor before reading x, and answers 404 to a bad window', async () => {
    expectSpecError(await t.call(endpoints.coinExpireWithin, { params: { days: '30' } }), 401)
    expectSpecError(await t.call(endpoints.coinExpireWithin, { params: { days: '0' } }), 401)
    const member = await registerMember(t)
    for (const bad of ['0', '366', '030', '-1', '1.5', 'soon', '%20', '9'.repeat(30)])
      expectSpecError(await t.call(endpoints.coinExpireWithin, { params: { days: bad }, cookies: member.cookies }), 404)
  })

  it("answers a guest with the guest's own list", async () => {
    const visitor = await guest(t, 'spec-calls-expire-guest')
    const response = await t.call(endpoints.coinExpireWithin, { params: { days: '30' }, cookies: visitor.cookies, headers: device('spec-calls-expire-guest') })
    expect(response.statusCode).toBe(200)
    expect(response.json().result.days).toBe(30)
  })
})

describe('POST /member/profile', () => {
  it("answers the caller's own profile with its expiring coins, and records the language", async () => {
    const member = await registerMember(t)
    const now = t.clock.now()
    await t.db.transaction().execute((trx) =>
      creditCoins(trx, {
        memberId: member.userId,
        coinType: 'free',
        amount: 4,
        expiresAt: new Date(now.getTime() + 3 * DAY),
        reason: 'gift',
        ref: `p-${member.userId}`,
        now,
      }),
    )
    const got = (await t.call(endpoints.profile, { cookies: member.cookies })).json().result
    const response = await t.call(endpoints.profileRefresh, { cookies: member.cookies, locale: 'fr', body: { userId: '1', nickname: 'someone-else' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const posted = response.json().result
    const { expireCoins, ...profile } = posted
    // What was sent is ignored: the same profile as GET, of the caller.
    expect(profile).toEqual(got)
    expect(posted.userId).toBe(member.userId)
    const expiring = (await t.call(endpoints.coinExpire, { cookies: member.cookies })).json().result.expireCoins
    expect(expireCoins).toEqual(expiring)
    expect(expireCoins).toContainEqual({ amount: 4, expireAt: new Date(now.getTime() + 3 * DAY).toISOString() })
    const row = await t.db.selectFrom('members').select(['locale', 'nickname']).where('id', '=', member.userId).executeTakeFirstOrThrow()
    expect(row.locale).toBe('fr')
    expect(row.nickname).toBe(got.nickname)
  })

  it('refuses a visitor and a signed-out session (401), answers a guest as a guest', async () => {
    expectSpecError(await t.call(endpoints.profileRefresh), 401)
    expectSpecError(await t.call(endpoints.profileRefresh, { cookies: { [COOKIES.session]: 'forged' } }), 401)
    const member = await registerMember(t)
    expect((await t.call(endpoints.signout, { cookies: member.cookies })).statusCode).toBe(200)
    expectSpecError(await t.call(endpoints.profileRefresh, { cookies: member.cookies }), 401)
    const visitor = await guest(t, 'spec-calls-profile-guest')
    const response = await t.call(endpoints.profileRefresh, { cookies: visitor.cookies, headers: device('spec-calls-profile-guest') })
    expect(response.statusCode).toBe(200)
    expect(response.json().result).toMatchObject({ userId: visitor.userId, guest: true, expireCoins: expect.any(Array) })
  })
})

describe('POST /app/foregrounded', () => {
  it("answers the caller's own badges, daily bonus and coins, and marks the session seen", async () => {
    const member = await registerMember(t)
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date('2026-01-01T00:00:00Z') })
      .where('member_id', '=', member.userId)
      .execute()
    const first = await t.call(endpoints.appForegrounded, { cookies: member.cookies })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    const state = first.json().result
    const [count, bonus, expire] = await Promise.all(
      [endpoints.inboxCount, endpoints.dailyBonus, endpoints.coinExpire].map(
        async (endpoint) => (await t.call(endpoint, { cookies: member.cookies })).json().result,
      ),
    )
    expect(state).toEqual({
      now: expect.any(String),
      guest: false,
      inbox: count,
      dailyBonus: { today: bonus.today, claimable: !bonus.claimedToday },
      coin: expire.coin,
    })
    expect(Math.abs(new Date(state.now).getTime() - t.clock.now().getTime())).toBeLessThan(60_000)
    expect(state.dailyBonus.claimable).toBe(true)
    const session = await t.db.selectFrom('sessions').select('last_seen_at').where('member_id', '=', member.userId).executeTakeFirstOrThrow()
    expect(new Date(session.last_seen_at).getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime())

    expect((await t.call(endpoints.dailyBonusClaim, { cookies: member.cookies })).statusCode).toBe(200)
    const after = (await t.call(endpoints.appForegrounded, { cookies: member.cookies })).json().result
    expect(after.dailyBonus.claimable).toBe(false)
    expect(after.coin.total).toBe(state.coin.total + 5)
  })

  it("follows the API clock: the next day's bonus is claimable again", async () => {
    const member = await registerMember(t)
    expect((await t.call(endpoints.dailyBonusClaim, { cookies: member.cookies })).statusCode).toBe(200)
    expect((await t.call(endpoints.appForegrounded, { cookies: member.cookies })).json().result.dailyBonus.claimable).toBe(false)
    t.clock.setFakeTime(new Date(t.clock.now().getTime() + DAY + 60_000))
    try {
      expect((await t.call(endpoints.appForegrounded, { cookies: member.cookies })).json().result.dailyBonus.claimable).toBe(true)
    } finally {
      t.clock.setFakeTime(null)
    }
  })

  it('refuses a visitor (401) and answers a guest as a guest', async () => {
    expectSpecError(await t.call(endpoints.appForegrounded), 401)
    const visitor = await guest(t, 'spec-calls-foreground-guest')
    const response = await t.call(endpoints.appForegrounded, { cookies: visitor.cookies, headers: device('spec-calls-foreground-guest') })
    expect(response.statusCode).toBe(200)
    expect(response.json().result.guest).toBe(true)
  })
})
