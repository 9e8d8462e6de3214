import { HEADERS, endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../../test/testApp'
import { findChapter } from '../../test/fixtures'
import { device, guest, registerMember, sealed } from '../../test/account'

jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => t.clock.setFakeTime(null))

const page = (n: number) => ({ href: String(n), type: 'image/x-koma-page', progression: '0.5', totalProgression: String(n / 20), position: String(n) })

describe('your reading (issue 37 item 6)', () => {
  it('counts chapters, titles, sittings and days in the member’s zone, hands them a file, and goes with the account', async () => {
    const member = await registerMember(t, { headers: { [HEADERS.timezone]: 'Asia/Tokyo' } })
    const empty = (await t.call(endpoints.readingStats, { cookies: member.cookies })).json().result
    expect(empty).toMatchObject({ timeZone: 'Asia/Tokyo', chaptersRead: 0, minutesRead: 0, daysRead: 0, streak: { current: 0, longest: 0 }, genres: [] })

    const comic = await findChapter(t, { free: true, mature: false, type: 'comic' })
    const magazine = await findChapter(t, { free: true, mature: false, type: 'magazine_comic' })
    const read = async (at: string, chapter: typeof comic, n: number) => {
      t.clock.setFakeTime(new Date(at))
      const response = await t.call(endpoints.readProgress, {
        params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.chapterId },
        cookies: member.cookies,
        body: page(n),
      })
      expect(response.statusCode).toBe(200)
    }
    // 23:50 to 23:55 on 30 November in Tokyo: one sitting of five minutes.
    await read('2026-11-30T14:50:00Z', comic, 1)
    await read('2026-11-30T14:55:00Z', comic, 2)
    // 25 minutes later (past midnight in Tokyo): a new sitting, two minutes, the second title read to its end.
    await read('2026-11-30T15:20:00Z', magazine, 1)
    await read('2026-11-30T15:22:00Z', magazine, 3)
    const finished = await t.call(endpoints.readFinished, {
      params: { type: magazine.type, id: magazine.contentId, chapterId: magazine.chapterId },
      cookies: member.cookies,
      body: { href: '9', type: 'image/x-koma-page' },
    })
    expect(finished.statusCode).toBe(200)

    t.clock.setFakeTime(new Date('2026-11-30T15:30:00Z'))
    const stats = (await t.call(endpoints.readingStats, { cookies: member.cookies })).json().result
    expect(stats).toMatchObject({
      timeZone: 'Asia/Tokyo',
      today: '2026-12-01',
      chaptersRead: 2,
      chaptersFinished: 1,
      titlesRead: comic.contentId === magazine.contentId ? 1 : 2,
      minutesRead: 7,
      daysRead: 2,
      streak: { current: 2, longest: 2 },
      year: { year: 2026, chapters: 2, days: 2, minutes: 7, longestStreak: 2 },
    })
    expect(stats.months.slice(-2)).toEqual([
      { month: '2026-11', chapters: 1, days: 1, minutes: 5 },
      { month: '2026-12', chapters: 1, days: 1, minutes: 2 },
    ])
    const sittings = await t.db.selectFrom('reading_sittings').select(['started_at', 'last_at']).where('member_id', '=', member.userId).execute()
    expect(sittings).toHaveLength(2)

    // The reader's copy: an attachment named by their day, the figures and every row behind them.
    const file = await t.call(endpoints.readingExport, { cookies: member.cookies })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toBe('attachment; filename="koma-reading-2026-12-01.json"')
    expect(file.headers['cache-control']).toBe('no-store')
    const copy = file.json().result
    expect(copy.stats).toEqual(stats)
    expect(copy.chapters.map((row: { chapterId: number }) => row.chapterId)).toEqual([comic.chapterId, magazine.chapterId])
    // The fake clock runs on from where it was set: to the minute.
    const minute = (iso: string) => iso.slice(0, 16)
    expect(copy.sittings.map((s: { startedAt: string; lastAt: string }) => [minute(s.startedAt), minute(s.lastAt)])).toEqual([
      ['2026-11-30T14:50', '2026-11-30T14:55'],
      ['2026-11-30T15:20', '2026-11-30T15:22'],
    ])

    // Deleting the account deletes what they read.
    t.clock.setFakeTime(null)
    const deleted = await t.call(endpoints.deleteMember, {
      params: { userId: 'me' },
      cookies: member.cookies,
      body: { reason: 'privacy', ...(await sealed(t, { currentPassword: member.password })) },
    })
    expect(deleted.statusCode).toBe(200)
    expect(await t.db.selectFrom('read_progress').select('chapter_id').where('member_id', '=', member.userId).execute()).toEqual([])
    expect(await t.db.selectFrom('reading_sittings').select('id').where('member_id', '=', member.userId).execute()).toEqual([])
  })

  it('is nobody else’s: signed out 401, a guest 403, another member sees only their own', async () => {
    expect((await t.call(endpoints.readingStats)).statusCode).toBe(401)
    expect((await t.call(endpoints.readingExport)).statusCode).toBe(401)
    const visitor = await guest(t, 'reading-stats-guest')
    expect((await t.call(endpoints.readingStats, { cookies: visitor.cookies })).statusCode).toBe(403)
    expect((await t.call(endpoints.readingExport, { cookies: visitor.cookies })).statusCode).toBe(403)
    const reader = await registerMember(t, { headers: device('reading-stats-reader') })
    const comic = await findChapter(t, { free: true, mature: false, type: 'comic' })
    await t.call(endpoints.readProgress, {
      params: { type: comic.type, id: comic.contentId, chapterId: comic.chapterId },
      cookies: reader.cookies,
      body: page(1),
    })
    const other = await registerMember(t, { headers: device('reading-stats-other') })
    expect((await t.call(endpoints.readingStats, { cookies: reader.cookies })).json().result.chaptersRead).toBe(1)
    expect((await t.call(endpoints.readingStats, { cookies: other.cookies })).json().result.chaptersRead).toBe(0)
  })
})
