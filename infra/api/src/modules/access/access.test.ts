import { endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../../test/testApp'
import { findChapter, SEEDED, signIn } from '../../test/fixtures'
import { first } from '../../test/lists'

jest.setTimeout(60_000)

let t: TestApp
let cookies: Record<string, string>
let memberId: number
beforeAll(async () => {
  t = await createTestApp()
  cookies = await signIn(t)
  memberId = (await t.db.selectFrom('members').select('id').where('email', '=', SEEDED.email).executeTakeFirstOrThrow()).id
})
afterAll(async () => {
  await t?.close()
})

const grant = (chapterId: number, contentId: number, kind: 'owned' | 'rented', expiresAt: Date | null) =>
  t.db
    .insertInto('chapter_access')
    .values({ member_id: memberId, chapter_id: chapterId, content_id: contentId, kind, via: 'coin', expires_at: expiresAt })
    .execute()

describe('chapter access', () => {
  it('opens an owned paid chapter and marks it unlocked in the episode list', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: false, mature: false })
    expect((await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' }, cookies })).statusCode).toBe(403)
    await grant(chapterId, contentId, 'owned', null)
    expect((await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' }, cookies })).statusCode).toBe(200)
    const content = (await t.call(endpoints.content, { params: { type, id: contentId }, cookies })).json().result
    const listed = content.chapters.find((chapter: { id: number }) => chapter.id === chapterId)
    expect(listed.activity).toEqual({ unlocked: true, rented: false, rentRemained: 0 })
    // Someone else's access is not mine: signed out, the same chapter is locked.
    expect((await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' } })).statusCode).toBe(401)
  })

  it('opens a rental until it expires, by the API clock', async () => {
    const rows = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'c.id as contentId', 'c.type'])
      .where('ch.free', '=', false)
      .where('c.mature', '=', false)
      .orderBy('ch.id', 'desc')
      .limit(1)
      .execute()
    const { id: chapterId, contentId, type } = first(rows, 'paid chapters')
    await grant(chapterId, contentId, 'rented', new Date(t.clock.now().getTime() + 3600_000))
    expect((await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' }, cookies })).statusCode).toBe(200)
    const listed = (await t.call(endpoints.content, { params: { type, id: contentId }, cookies }))
      .json()
      .result.chapters.find((chapter: { id: number }) => chapter.id === chapterId)
    expect(listed.activity.rented).toBe(true)
    expect(listed.activity.rentRemained).toBeGreaterThan(3500)
    expect(listed.activity.rentRemained).toBeLessThanOrEqual(3600)
    t.clock.setFakeTime(new Date(t.clock.now().getTime() + 2 * 3600_000))
    expect((await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' }, cookies })).statusCode).toBe(403)
    t.clock.setFakeTime(null)
  })

  it('reports the last read chapter for "continue reading"', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false })
    await t.db
      .insertInto('read_progress')
      .values({
        member_id: memberId,
        chapter_id: chapterId,
        content_id: contentId,
        position: 3,
        href: '',
        type: '',
        progression: 0,
        total_progression: 0,
        finished: false,
      })
      .execute()
    expect((await t.call(endpoints.content, { params: { type, id: contentId }, cookies })).json().result.activity.lastReadChapterId).toBe(chapterId)
    expect((await t.call(endpoints.content, { params: { type, id: contentId } })).json().result.activity.lastReadChapterId).toBeNull()
  })
})
