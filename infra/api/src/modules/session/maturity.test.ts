import { endpoints, HEADERS, text } from '@koma/contracts/server'
import { registerMember, uniqueEmail } from '../../test/account'
import { createTestApp, type TestApp } from '../../test/testApp'

jest.setTimeout(120_000)

/**
 * Issue 33: a mature title is read only by a member whose adult verification is valid (1 year,
 * SPEC §9) and whose mature setting is on (SPEC §6). The accept-mature header and cookie are the
 * reader's own say-so: they may reveal such titles in lists, never open one.
 */
let t: TestApp
let title: { type: 'comic' | 'magazine_comic'; id: number; chapterId: number; keyVisualId: number | null; coverId: number; pageId: number }
let novel: { type: 'comic' | 'magazine_comic'; id: number; chapterId: number }

const SAYS_ADULT = { headers: { [HEADERS.acceptMature]: 'Y' }, cookies: { koma_accept_mature: 'Y' } }

beforeAll(async () => {
  t = await createTestApp()
  const row = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['c.id', 'c.type', 'ch.id as chapterId'])
    .where('c.mature', '=', true)
    .where('ch.free', '=', true)
    .where('c.chapter_file_format', '=', 'image')
    .where('c.status', '!=', 'coming_soon')
    .orderBy('c.id')
    .orderBy('ch.sort')
    .executeTakeFirstOrThrow()
  const images = await t.db.selectFrom('content_images').select(['type', 'image_id']).where('content_id', '=', row.id).execute()
  const page = await t.db.selectFrom('chapter_pages').select('image_id').where('chapter_id', '=', row.chapterId).orderBy('sort').executeTakeFirstOrThrow()
  title = {
    type: row.type,
    id: Number(row.id),
    chapterId: Number(row.chapterId),
    keyVisualId: Number(images.find((image) => image.type === 'key_visual')?.image_id ?? 0) || null,
    coverId: Number(images.find((image) => image.type === 'cover')?.image_id),
    pageId: Number(page.image_id),
  }
  // A novel made mature here (the seed has no mature novel): its EPUB files are the class under test.
  const book = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['c.id', 'c.type', 'ch.id as chapterId'])
    .where('c.chapter_file_format', '=', 'epub')
    .where('ch.free', '=', true)
    .orderBy('c.id')
    .executeTakeFirstOrThrow()
  await t.db.updateTable('contents').set({ mature: true }).where('id', '=', book.id).execute()
  novel = { type: book.type, id: Number(book.id), chapterId: Number(book.chapterId) }
})
afterAll(async () => {
  await t?.close()
})

/** A new member, with their verification and setting as given (straight into the row: the sandbox flow has its own tests). */
async function member(verifiedDaysAgo: number | null, acceptMature: boolean): Promise<Record<string, string>> {
  const made = await registerMember(t, { email: uniqueEmail('adult') })
  const verifiedAt = verifiedDaysAgo === null ? null : new Date(t.clock.now().getTime() - verifiedDaysAgo * 86_400_000)
  await t.db.updateTable('members').set({ adult_verified_at: verifiedAt, accept_mature: acceptMature }).where('id', '=', made.userId).execute()
  return made.cookies
}

const readingCalls = () => [
  { what: 'episode list', call: (o: object) => t.call(endpoints.content, { params: { type: title.type, id: title.id }, ...o }) },
  { what: 'episodes by unit', call: (o: object) => t.call(endpoints.contentUnit, { params: { type: title.type, id: title.id, unit: 'chapter' }, ...o }) },
  {
    what: 'chapter',
    call: (o: object) => t.call(endpoints.chapter, { params: { type: title.type, id: title.id, chapterId: title.chapterId, salesType: 'product' }, ...o }),
  },
  {
    what: 'comments',
    call: (o: object) => t.call(endpoints.chapterComments, { params: { type: title.type, id: title.id, chapterId: title.chapterId }, ...o }),
  },
  {
    what: 'EPUB manifest (the book frames’ call)',
    call: (o: object) =>
      t.call(endpoints.epubResource, {
        params: { type: novel.type, id: novel.id, chapterId: novel.chapterId, salesType: 'product', '*': 'manifest.json' },
        ...o,
      }),
  },
  {
    what: 'EPUB publication',
    call: (o: object) =>
      t.call(endpoints.chapterEpub, {
        params: { type: novel.type, id: novel.id },
        query: { chapterId: String(novel.chapterId), chapterFileSalesType: 'product' },
        ...o,
      }),
  },
]

describe('reading a mature title (issue 33)', () => {
  it('a visitor saying Y by header and cookie gets 451 "sign in and verify", in their language, on every reading call', async () => {
    for (const { what, call } of readingCalls()) {
      const answer = await call({ ...SAYS_ADULT, locale: 'ja' })
      expect([what, answer.statusCode]).toEqual([what, 451])
      expect(answer.json().message).toBe(text('adultSignInRequired', 'ja'))
    }
  })

  it('a guest gets the same; an unverified member 451 (verify), even with the setting forced on; a verified member with it off 428', async () => {
    const guest = await t.call(endpoints.guestSession, { headers: { [HEADERS.clientUid]: 'maturity-guest-1' } })
    const guestCookies = { ...SAYS_ADULT.cookies, koma_session: guest.cookies.find((c) => c.name === 'koma_session')?.value ?? '' }
    const unverified = await member(null, true)
    const off = await member(10, false)
    for (const { what, call } of readingCalls()) {
      expect([what, (await call({ headers: SAYS_ADULT.headers, cookies: guestCookies })).statusCode]).toEqual([what, 451])
      const refused = await call({ ...SAYS_ADULT, cookies: { ...SAYS_ADULT.cookies, ...unverified } })
      expect([what, refused.statusCode, refused.json().message]).toEqual([what, 451, text('adultVerificationRequired', 'en')])
      expect([what, (await call({ ...SAYS_ADULT, cookies: { ...SAYS_ADULT.cookies, ...off } })).statusCode]).toEqual([what, 428])
    }
  })

  it('a verified member with mature on reads it, with no header at all, until the verification is a year old', async () => {
    const adult = await member(364, true)
    for (const { what, call } of readingCalls()) expect([what, (await call({ cookies: adult })).statusCode]).toEqual([what, 200])
    const lapsed = await member(366, true)
    for (const { what, call } of readingCalls())
      expect([what, (await call({ ...SAYS_ADULT, cookies: { ...SAYS_ADULT.cookies, ...lapsed } })).statusCode]).toEqual([what, 451])
  })

  it('its pages, thumbnails and key visual go to that member alone, privately; its cover stays public for lists', async () => {
    const adult = await member(30, true)
    const chapter = await t.call(endpoints.chapter, {
      params: { type: title.type, id: title.id, chapterId: title.chapterId, salesType: 'product' },
      cookies: adult,
    })
    const pageUrl = `${(chapter.json().result.images as { url: string }[])[0]?.url}&w=320`
    expect(chapter.json().result.mature).toBe(true)
    const page = await t.call('GET', pageUrl, { cookies: adult })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('private, no-cache')
    // The signed URL handed to someone else, who says they are an adult: refused.
    expect((await t.call('GET', pageUrl, SAYS_ADULT)).statusCode).toBe(451)
    const thumbnail = await t.db.selectFrom('chapters').select('thumbnail_image_id').where('id', '=', title.chapterId).executeTakeFirstOrThrow()
    for (const id of [thumbnail.thumbnail_image_id, title.keyVisualId].filter((value): value is number => Boolean(value))) {
      expect((await t.call('GET', `/api/image/${id}?w=320`, SAYS_ADULT)).statusCode).toBe(451)
      expect((await t.call('GET', `/api/image/${id}?w=320`, { cookies: adult })).statusCode).toBe(200)
    }
    const cover = await t.call('GET', `/api/image/${title.coverId}?w=320`)
    expect(cover.statusCode).toBe(200)
    expect(cover.headers['cache-control']).toMatch(/^public/)
    // A page by its bare id is still the 404 of a missing image, for the adult too.
    expect((await t.call('GET', `/api/image/${title.pageId}?w=320`, { cookies: adult })).statusCode).toBe(404)
  })

  it('lists still show mature titles to a reader who said Y (SPEC §4), and unlocking one follows the reading rule', async () => {
    const adult = await t.call(endpoints.homeMature, { params: { lang: 'en' }, ...SAYS_ADULT })
    expect(adult.statusCode).toBe(200)
    const unverified = await member(null, false)
    const unlock = await t.call(endpoints.chapterUnlock, {
      params: { type: title.type, id: title.id, chapterId: title.chapterId },
      body: { token: 'x'.repeat(20), price: '0' },
      ...SAYS_ADULT,
      cookies: { ...SAYS_ADULT.cookies, ...unverified },
    })
    expect(unlock.statusCode).toBe(451)
  })
})
