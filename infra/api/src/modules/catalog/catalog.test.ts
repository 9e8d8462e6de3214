import zlib from 'node:zlib'
import { HEADERS, type ContentList, type ListContent, endpoints } from '@koma/contracts/server'
import { createTestApp, type EndpointCallOptions, type TestApp, urlOf } from '../../test/testApp'
import { signIn } from '../../test/fixtures'
import { atLeast } from '../../test/lists'
import { SEED_NOW } from '../../test/template'

jest.setTimeout(120_000)

let t: TestApp
let cookies: Record<string, string>
let memberId: number
beforeAll(async () => {
  t = await createTestApp()
  cookies = await signIn(t)
  memberId = Number((await t.db.selectFrom('members').select('id').where('email', '=', 'reader@koma.example').executeTakeFirstOrThrow()).id)
})
afterAll(async () => {
  await t?.close()
})

/** A menu of all_comic (GET /menu/all_comic/{code}), its answer's result; anything but a 200 fails. */
const list = async (code: string, options: Omit<EndpointCallOptions<typeof endpoints.menuList>, 'params'> = {}): Promise<ContentList> => {
  const response = await t.call(endpoints.menuList, { ...options, params: { holder: 'all_comic', code } })
  if (response.statusCode !== 200) throw new Error(`${code}: ${response.statusCode} ${response.body}`)
  return response.json().result
}
const mature = { [HEADERS.acceptMature]: 'Y' }

describe('menus (GET /menu/all_comic/{code})', () => {
  it.each(['new', 'ranking', 'free', 'daily', 'completed', 'store', 'genre'])(
    '%s lists released, non-mature titles with a title and the page',
    async (code) => {
      const result = await list(code)
      expect(result.code).toBe(code)
      expect(result.title).toEqual(expect.any(String))
      expect(result.contents.length).toBeGreaterThan(0)
      for (const content of result.contents) {
        expect(content.mature).toBe(false)
        expect(content.status).not.toBe('coming_soon')
      }
      expect(result.page).toMatchObject({ currentPageNo: 1, hasNext: expect.any(Boolean) })
    },
  )

  it('names the menu in the reader language', async () => {
    expect((await list('ranking', { locale: 'ja' })).title).toBe('ランキング')
    expect((await list('ranking', { locale: 'fr' })).title).toBe('Classement')
  })

  it('ranks by views with a rank on each title', async () => {
    const ranking = await list('ranking')
    expect(ranking.listUiType).toBe('rank')
    expect(ranking.contents.map((c) => c.rank)).toEqual(ranking.contents.map((_, i) => i + 1))
    const views = ranking.contents.map((c) => c.totalViews)
    expect([...views].sort((a, b) => b - a)).toEqual(views)
  })

  it('filters: completed titles only, gauge titles for free, the genre chosen', async () => {
    expect((await list('completed')).contents.every((c) => c.status === 'completed')).toBe(true)
    const free = await list('free')
    const gauge = await t.db.selectFrom('contents').select('id').where('gauge_usable', '=', true).execute()
    expect(free.contents.every((c) => gauge.some((row) => Number(row.id) === c.id))).toBe(true)
    expect(free.topBanner.elements.length).toBeGreaterThan(0)
    const genre = (await t.call(endpoints.menuGenre, { params: { holder: 'all_comic', genre: 'romance' } })).json().result as ContentList
    expect(genre.currentItemCode).toBe('romance')
    expect(genre.items.map((item) => item.code)).toContain('fantasy')
    expect(genre.contents.every((c) => c.genres.some((g) => g.name === 'Romance'))).toBe(true)
    expect((await list('genre', { query: { currentItemCode: 'horror' } })).currentItemCode).toBe('horror')
  })

  it('404s an unknown menu or holder', async () => {
    expect((await t.call(endpoints.menuList, { params: { holder: 'all_comic', code: 'bestsellers' } })).statusCode).toBe(404)
    expect((await t.call(endpoints.menuList, { params: { holder: 'other', code: 'new' } })).statusCode).toBe(404)
  })
})

describe('paging (20 a page, pageNo or seqNo)', () => {
  it('pages the content catalog of 25 titles: 20, then 5, then the SPEC §8 internal error', async () => {
    const catalog = await t.db.selectFrom('collections').select('id').where('kind', '=', 'catalog').executeTakeFirstOrThrow()
    const first = (await t.call(endpoints.contentCatalog, { params: { id: catalog.id } })).json().result
    expect(first.contents).toHaveLength(20)
    expect(first.page).toEqual({ hasNext: true, seqNo: 20, currentPageNo: 1 })
    const second = (await t.call(endpoints.contentCatalog, { params: { id: catalog.id }, query: { pageNo: '2' } })).json().result
    expect(second.contents).toHaveLength(5)
    expect(second.page).toEqual({ hasNext: false, seqNo: 25, currentPageNo: 2 })
    const bySeq = (await t.call(endpoints.contentCatalog, { params: { id: catalog.id }, query: { seqNo: '20' } })).json().result
    expect(bySeq.contents.map((c: ListContent) => c.id)).toEqual(second.contents.map((c: ListContent) => c.id))
    const ids = new Set([...first.contents, ...second.contents].map((c: ListContent) => c.id))
    expect(ids.size).toBe(25)
    const past = await t.call(endpoints.contentCatalog, { params: { id: catalog.id }, query: { pageNo: '3' } })
    expect(past.statusCode).toBe(404)
    expect(past.json()).toEqual({ name: 'noMorePages', code: 404, message: 'There are no more items to show.', hasNextPage: false })
  })

  it('refuses malformed paging with a clear 400, never a database error', async () => {
    for (const query of [{ pageNo: '0' }, { pageNo: 'abc' }, { pageSize: '-1' }, { seqNo: '1e3' }] as Record<string, string>[]) {
      const response = await t.call(endpoints.menuList, { params: { holder: 'all_comic', code: 'new' }, query, locale: 'fr' })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toMatch(/n'est pas valide/)
    }
  })

  it('caps the ranking at 200 titles', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => ({
      type: 'comic' as const,
      orientation: 'vertical' as const,
      status: 'ongoing' as const,
      theme_color: '#123456',
      total_views: 900_000_000_000 - i,
    }))
    // Columns left out take their database defaults.
    await t.db
      .insertInto('contents')
      .values(rows as never)
      .execute()
    const page10 = await list('ranking', { query: { pageNo: '10' } })
    expect(page10.contents).toHaveLength(20)
    expect(page10.contents[19]?.rank).toBe(200)
    expect(page10.page).toEqual({ hasNext: false, seqNo: 200, currentPageNo: 10 })
    const page11 = await t.call(endpoints.menuList, { params: { holder: 'all_comic', code: 'ranking' }, query: { pageNo: '11' } })
    expect(page11.statusCode).toBe(404)
    expect(page11.json().hasNextPage).toBe(false)
    // Other lists are not capped.
    const new11 = await list('new', { query: { pageNo: '11' } })
    expect(new11.contents.length).toBeGreaterThan(0)
    await t.db.deleteFrom('contents').where('theme_color', '=', '#123456').execute()
  })
})

describe('daily (SPEC §9 weekday offsets, week starts Monday)', () => {
  afterEach(() => t.clock.setFakeTime(null))

  it('defaults to today in the reader language: Thursday 23:00 UTC is Friday in ja and fr, Thursday in en', async () => {
    t.clock.setFakeTime(new Date('2026-11-19T23:00:00Z'))
    expect((await list('daily', { locale: 'ja' })).currentItemCode).toBe('fri')
    expect((await list('daily', { locale: 'fr' })).currentItemCode).toBe('fri')
    expect((await list('daily', { locale: 'en' })).currentItemCode).toBe('thu')
  })

  it('lists the ongoing titles published on the chosen weekday, with weekday tabs from Monday', async () => {
    const daily = await list('daily', { query: { currentItemCode: 'tue' }, locale: 'ja' })
    expect(daily.items.map((item) => item.code)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
    expect(daily.items[0]?.label).toBe('月')
    const expected = await t.db.selectFrom('contents').select('id').where('status', '=', 'ongoing').where('mature', '=', false).execute()
    const tuesday = await t.db.selectFrom('contents').select(['id', 'publish_days']).where('status', '=', 'ongoing').where('mature', '=', false).execute()
    const ids = tuesday
      .filter((row) => row.publish_days.includes(2))
      .map((row) => Number(row.id))
      .sort((a, b) => a - b)
    expect(expected.length).toBeGreaterThan(ids.length)
    expect(daily.contents.map((c) => c.id).sort((a, b) => a - b)).toEqual(ids)
  })
})

describe('adult menu and mature content', () => {
  it('needs a session (401), then accepted mature content (428), then lists mature titles', async () => {
    expect((await t.call(endpoints.menuList, { params: { holder: 'all_comic', code: 'adult' }, headers: mature })).statusCode).toBe(401)
    expect((await t.call(endpoints.menuList, { params: { holder: 'all_comic', code: 'adult' }, cookies })).statusCode).toBe(428)
    const adult = await list('adult', { cookies, headers: mature })
    expect(adult.contents.length).toBe(3)
    expect(adult.contents.every((c) => c.mature)).toBe(true)
  })

  it('accept-mature for a member needs adult verification (451), then turns the profile setting on (no header needed)', async () => {
    const other = await createTestApp()
    try {
      const session = await signIn(other)
      expect((await other.call(endpoints.homeMature, { params: { lang: 'en' }, cookies: session })).statusCode).toBe(428)
      expect((await other.call(endpoints.matureAccept, { params: { value: 'on' } })).statusCode).toBe(401)
      expect((await other.call(endpoints.matureAccept, { params: { value: 'on' }, cookies: session })).statusCode).toBe(451)
      await other.db.updateTable('members').set({ adult_verified_at: other.clock.now() }).where('email', '=', 'reader@koma.example').execute()
      expect((await other.call(endpoints.matureAccept, { params: { value: 'on' }, cookies: session })).json().result).toMatchObject({ acceptMature: true })
      const home = (await other.call(endpoints.homeMature, { params: { lang: 'en' }, cookies: session })).json().result
      const ordinary = (await other.call(endpoints.home, { params: { lang: 'en' } })).json().result
      expect(home.sections.length).toBeGreaterThan(ordinary.sections.length)
    } finally {
      await other.close()
    }
  })

  it('events carry the mature flag: mature events only for readers who accepted', async () => {
    const plain = (await t.call(endpoints.events, { params: { prefix: 'all_comic' } })).json().result
    expect(plain.mature).toBe(false)
    expect(plain.events.length).toBeGreaterThan(0)
    expect(plain.events.every((event: { mature: boolean }) => !event.mature)).toBe(true)
    const withMature = (await t.call(endpoints.events, { params: { prefix: 'all_comic' }, headers: mature })).json().result
    expect(withMature.mature).toBe(true)
    expect(withMature.events.some((event: { mature: boolean }) => event.mature)).toBe(true)
    expect((await t.call(endpoints.events, { params: { prefix: 'other' } })).statusCode).toBe(404)
  })
})

describe('promotions and content catalogs', () => {
  it('serve their texts, art and titles; unknown ids 404', async () => {
    const promotion = await t.db.selectFrom('collections').select('id').where('kind', '=', 'promotion').executeTakeFirstOrThrow()
    const result = (await t.call(endpoints.promotion, { params: { id: promotion.id }, locale: 'ja' })).json().result
    expect(result.title).toMatch(/無料/)
    expect(result.image).toMatchObject({ url: expect.stringMatching(/^\/api\/image\/\d+$/) })
    expect(result.image.width / result.image.height).toBeCloseTo(16 / 9, 2)
    expect(result.contents.length).toBeGreaterThan(0)
    expect((await t.call(endpoints.promotion, { params: { id: '999999' } })).statusCode).toBe(404)
    expect((await t.call('GET', '/api/menu/promotion/abc')).statusCode).toBe(404)
    // A catalog id is not a promotion.
    const catalog = await t.db.selectFrom('collections').select('id').where('kind', '=', 'catalog').executeTakeFirstOrThrow()
    expect((await t.call(endpoints.promotion, { params: { id: catalog.id } })).statusCode).toBe(404)
  })

  it('a promotion outside its period is a campaign that is not running: 400 in the reader language (SPEC §8 campaign rules)', async () => {
    const promotion = await t.db
      .selectFrom('collections')
      .select(['id', 'start_at', 'end_at'])
      .where('kind', '=', 'promotion')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const now = t.clock.now().getTime()
    try {
      await t.db
        .updateTable('collections')
        .set({ start_at: new Date(now - 10 * 86_400_000), end_at: new Date(now - 1000) })
        .where('id', '=', promotion.id)
        .execute()
      const ended = await t.call(endpoints.promotion, { params: { id: promotion.id }, locale: 'fr' })
      expect(ended.statusCode).toBe(400)
      expect(ended.json()).toEqual({ name: 'campaignUnavailable', code: 400, message: 'Cette campagne n’a pas lieu en ce moment.' })
      await t.db
        .updateTable('collections')
        .set({ start_at: new Date(now + 86_400_000), end_at: null })
        .where('id', '=', promotion.id)
        .execute()
      expect((await t.call(endpoints.promotion, { params: { id: promotion.id }, locale: 'ja' })).json()).toEqual({
        name: 'campaignUnavailable',
        code: 400,
        message: 'このキャンペーンは現在開催されていません。',
      })
      await t.db
        .updateTable('collections')
        .set({ start_at: new Date(now - 1000), end_at: new Date(now + 86_400_000) })
        .where('id', '=', promotion.id)
        .execute()
      expect((await t.call(endpoints.promotion, { params: { id: promotion.id } })).statusCode).toBe(200)
      // A content catalog has no period.
      const catalog = await t.db.selectFrom('collections').select(['id', 'end_at']).where('kind', '=', 'catalog').executeTakeFirstOrThrow()
      await t.db
        .updateTable('collections')
        .set({ end_at: new Date(now - 1000) })
        .where('id', '=', catalog.id)
        .execute()
      expect((await t.call(endpoints.contentCatalog, { params: { id: catalog.id } })).statusCode).toBe(200)
      await t.db.updateTable('collections').set({ end_at: catalog.end_at }).where('id', '=', catalog.id).execute()
    } finally {
      await t.db.updateTable('collections').set({ start_at: promotion.start_at, end_at: promotion.end_at }).where('id', '=', promotion.id).execute()
    }
  })
})

describe('search (POST /search)', () => {
  const search = async (query: string, options: { locale?: 'ja' | 'en' | 'fr'; pageNo?: string; headers?: Record<string, string> } = {}) => {
    const response = await t.call(endpoints.search, {
      body: { query, ...(options.pageNo ? { pageNo: options.pageNo } : {}) },
      locale: options.locale,
      headers: options.headers,
    })
    return { status: response.statusCode, body: response.json() }
  }

  it('finds a title by its name in every language, shown in the reader language', async () => {
    for (const [query, locale, name] of [
      ['Moonlit Blade', 'en', 'Moonlit Blade Princess'],
      ['月下の剣姫', 'ja', '月下の剣姫'],
      ['剣姫', 'ja', '月下の剣姫'],
      ['lame de lune', 'fr', 'La Princesse à la lame de lune'],
      ['月下', 'en', 'Moonlit Blade Princess'],
    ] as const) {
      const { status, body } = await search(query, { locale })
      expect([query, status]).toEqual([query, 200])
      expect([query, body.result.contents[0]?.name]).toEqual([query, name])
    }
  })

  it('folds width, case and kana: hiragana finds katakana titles', async () => {
    const katakana = await t.db.selectFrom('content_texts').select(['content_id', 'name']).where('lang', '=', 'ja').execute()
    const title = katakana.find((row) => /^[\u30a1-\u30f6ー・]{4,}/.test(row.name))
    expect(title).toBeDefined()
    const word = (title!.name.match(/^[\u30a1-\u30f6ー]{4,}/) as RegExpMatchArray)[0]
    const hiragana = word.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    const { body } = await search(hiragana, { locale: 'ja' })
    expect(body.result.contents.map((c: ListContent) => c.id)).toContain(Number(title!.content_id))
    expect((await search('ＭＯＯＮＬＩＴ')).body.result.contents[0].name).toBe('Moonlit Blade Princess')
  })

  it('matches authors and keywords, ranks title matches first', async () => {
    const author = await t.db.selectFrom('author_texts').select(['author_id', 'name']).where('lang', '=', 'en').executeTakeFirstOrThrow()
    const credited = await t.db.selectFrom('content_authors').select('content_id').where('author_id', '=', author.author_id).execute()
    const byAuthor = (await search(author.name)).body.result
    expect(byAuthor.contents.length).toBeGreaterThan(0)
    const creditedIds = credited.map((row) => Number(row.content_id))
    expect(creditedIds).toContain(byAuthor.contents[0].id)
    const romance = (await search('romance')).body.result
    expect(romance.total).toBeGreaterThan(3)
    const princess = (await search('princess')).body.result
    expect(princess.contents[0].name).toMatch(/princess/i)
  })

  it('cuts the query to 50 characters, pages by 20, refuses an empty query with a message', async () => {
    const long = `${'moon'.repeat(20)}`
    expect((await search(long)).body.result.query).toHaveLength(50)
    const empty = await search('   ', { locale: 'ja' })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('作品名・作者名・キーワードを入力してください。')
    const broad = (await search('e')).body.result
    expect(broad.contents).toHaveLength(20)
    expect(broad.page.hasNext).toBe(true)
    const next = (await search('e', { pageNo: '2' })).body.result
    expect(next.contents.length).toBe(broad.total - 20 > 20 ? 20 : broad.total - 20)
    expect(next.contents.map((c: ListContent) => c.id).some((id: number) => broad.contents.some((c: ListContent) => c.id === id))).toBe(false)
  })

  it('keeps mature titles out unless accepted', async () => {
    const matureName = await t.db
      .selectFrom('contents as c')
      .innerJoin('content_texts as x', 'x.content_id', 'c.id')
      .select('x.name')
      .where('c.mature', '=', true)
      .where('x.lang', '=', 'en')
      .executeTakeFirstOrThrow()
    expect((await search(matureName.name)).body.result.contents.some((c: ListContent) => c.mature)).toBe(false)
    expect((await search(matureName.name, { headers: mature })).body.result.contents[0].name).toBe(matureName.name)
  })
})

describe('coming soon and release notifications', () => {
  afterEach(() => t.clock.setFakeTime(null))

  it('tells the time to release, the trial chapter, and keeps a member notification', async () => {
    // On the seed's clock: its first coming-soon title opens five days after SEED_NOW, a date the
    // real clock passes.
    const seedTime = new Date(SEED_NOW.getTime() + 3600_000)
    t.clock.setFakeTime(seedTime)
    const soon = await t.db
      .selectFrom('contents')
      .select(['id', 'type', 'published_at'])
      .where('status', '=', 'coming_soon')
      .orderBy('published_at')
      .executeTakeFirstOrThrow()
    const entry = (await t.call(endpoints.comingSoon, { params: { type: soon.type, id: soon.id } })).json().result
    expect(entry.publicationRemained).toBeGreaterThan(0)
    expect(entry.hasTrial).toBe(true)
    expect(entry.trialChapterId).toEqual(expect.any(Number))
    expect(entry.notification).toBe(false)
    expect(entry.content.description.length).toBeGreaterThan(10)
    t.clock.setFakeTime(new Date(new Date(soon.published_at).getTime() - 3600_000))
    expect((await t.call(endpoints.comingSoon, { params: { type: soon.type, id: soon.id } })).json().result.publicationRemained).toBe(3600)
    t.clock.setFakeTime(seedTime)

    expect((await t.call(endpoints.releaseNotificationOn, { params: { type: soon.type, id: soon.id } })).statusCode).toBe(401)
    expect((await t.call(endpoints.releaseNotificationOn, { params: { type: soon.type, id: soon.id }, cookies })).json().result).toEqual({ notification: true })
    expect((await t.call(endpoints.releaseNotificationOn, { params: { type: soon.type, id: soon.id }, cookies })).statusCode).toBe(200)
    expect((await t.call(endpoints.comingSoon, { params: { type: soon.type, id: soon.id }, cookies })).json().result.notification).toBe(true)
    expect((await t.call(endpoints.releaseNotificationOff, { params: { type: soon.type, id: soon.id }, cookies })).json().result).toEqual({
      notification: false,
    })
    expect((await t.call(endpoints.comingSoon, { params: { type: soon.type, id: soon.id }, cookies })).json().result.notification).toBe(false)
  })

  it('refuses a notification for a released title (409) and unknown titles (404)', async () => {
    const released = await t.db
      .selectFrom('contents')
      .select(['id', 'type'])
      .where('status', '=', 'ongoing')
      .where('mature', '=', false)
      .executeTakeFirstOrThrow()
    const response = await t.call(endpoints.releaseNotificationOn, { params: { type: released.type, id: released.id }, cookies, locale: 'fr' })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('Ce titre est déjà disponible.')
    expect((await t.call(endpoints.comingSoon, { params: { type: 'comic', id: '99999' } })).statusCode).toBe(404)
  })
})

describe('library', () => {
  const firstTitles = async (n: number) =>
    (
      await t.db.selectFrom('contents').select(['id', 'type']).where('mature', '=', false).where('status', '!=', 'coming_soon').orderBy('id').limit(n).execute()
    ).map((row) => ({ id: Number(row.id), type: row.type }))

  it('needs a session and a known tab', async () => {
    expect((await t.call(endpoints.library, { params: { tab: 'subscribed' } })).statusCode).toBe(401)
    expect((await t.call(endpoints.library, { params: { tab: 'favourites' }, cookies })).statusCode).toBe(404)
  })

  it('subscribes and unsubscribes; the episode list says so', async () => {
    const [a, b] = atLeast(await firstTitles(2), 2, 'titles')
    expect((await t.call(endpoints.subscribe, { params: { type: a.type, id: a.id }, cookies })).json().result).toEqual({ subscribed: true })
    await t.call(endpoints.subscribe, { params: { type: b.type, id: b.id }, cookies })
    const subscribed = (await t.call(endpoints.library, { params: { tab: 'subscribed' }, cookies })).json().result
    expect(subscribed.items.map((item: { content: { id: number } }) => item.content.id).sort()).toEqual([a.id, b.id].sort())
    expect((await t.call(endpoints.content, { params: { type: a.type, id: a.id }, cookies })).json().result.subscribed).toBe(true)
    await t.call(endpoints.unsubscribe, { params: { type: a.type, id: a.id }, cookies })
    expect((await t.call(endpoints.content, { params: { type: a.type, id: a.id }, cookies })).json().result.subscribed).toBe(false)
    expect((await t.call(endpoints.subscribe, { params: { type: 'comic', id: '99999' }, cookies })).statusCode).toBe(404)
  })

  it('lists recent reads newest first with the last chapter, and orders by title on request', async () => {
    const chapters = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'ch.content_id'])
      .where('c.mature', '=', false)
      .where('ch.sort', '=', 1)
      .orderBy('c.id')
      .limit(3)
      .execute()
    const base = Date.parse('2026-11-10T00:00:00Z')
    for (const [i, chapter] of chapters.entries()) {
      await t.db
        .insertInto('read_progress')
        .values({
          member_id: memberId,
          chapter_id: chapter.id,
          content_id: chapter.content_id,
          href: '',
          type: '',
          progression: 0.5,
          total_progression: 0.5,
          position: 2,
          finished: false,
          updated_at: new Date(base + i * 3600_000),
        })
        .execute()
    }
    const recent = (await t.call(endpoints.library, { params: { tab: 'recent' }, cookies })).json().result
    expect(recent.items.map((item: { content: { id: number } }) => item.content.id)).toEqual(chapters.map((c) => Number(c.content_id)).reverse())
    expect(recent.items[0].chapter).toMatchObject({ id: Number(chapters[2]!.id), name: expect.any(String) })
    const byTitle = (await t.call(endpoints.library, { params: { tab: 'recent' }, cookies, query: { order: 'title' } })).json().result
    const names = byTitle.items.map((item: { content: { name: string } }) => item.content.name)
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en')))
  })

  it('lists unlocked titles; hidden ones move to the hidden list and back', async () => {
    const paid = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'ch.content_id', 'c.type'])
      .where('ch.free', '=', false)
      .where('c.mature', '=', false)
      .orderBy('c.id')
      .limit(2)
      .execute()
    const [firstPaid] = atLeast(paid, 1, 'paid chapters')
    for (const chapter of paid)
      await t.db
        .insertInto('chapter_access')
        .values({
          member_id: memberId,
          chapter_id: chapter.id,
          content_id: chapter.content_id,
          kind: 'owned',
          via: 'coin',
          expires_at: null,
          created_at: new Date(),
        })
        .execute()
    const unlocked = (await t.call(endpoints.library, { params: { tab: 'unlocked' }, cookies })).json().result
    const contentId = Number(firstPaid.content_id)
    expect(unlocked.items.some((item: { content: { id: number }; unlockedCount: number }) => item.content.id === contentId && item.unlockedCount >= 1)).toBe(
      true,
    )
    expect((await t.call(endpoints.hide, { params: { type: firstPaid.type, id: contentId }, cookies })).json().result).toEqual({ hidden: true })
    const after = (await t.call(endpoints.library, { params: { tab: 'unlocked' }, cookies })).json().result
    expect(after.items.some((item: { content: { id: number } }) => item.content.id === contentId)).toBe(false)
    const hidden = (await t.call(endpoints.library, { params: { tab: 'unlocked' }, cookies, query: { hidden: 'true' } })).json().result
    expect(hidden.items.map((item: { content: { id: number }; hidden: boolean }) => [item.content.id, item.hidden])).toContainEqual([contentId, true])
    await t.call(endpoints.unhide, { params: { type: firstPaid.type, id: contentId }, cookies })
    expect(
      (await t.call(endpoints.library, { params: { tab: 'unlocked' }, cookies }))
        .json()
        .result.items.some((item: { content: { id: number } }) => item.content.id === contentId),
    ).toBe(true)
  })
})

describe('episode list access states', () => {
  it('gives a signed-in reader a full gauge on a gauge title, empty after a gauge rental, refilled 23 h later', async () => {
    const row = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'c.id as contentId', 'c.type'])
      .where('c.gauge_usable', '=', true)
      .where('c.mature', '=', false)
      .where('ch.free', '=', false)
      .where(({ eb, val }) => eb(val('gauge'), '=', eb.fn.any('ch.rent_allowed_with')))
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
    expect((await t.call(endpoints.content, { params: { type: row.type, id: row.contentId } })).json().result.inventory).toBeNull()
    expect((await t.call(endpoints.content, { params: { type: row.type, id: row.contentId }, cookies })).json().result.inventory.readForFree).toEqual({
      amount: 1,
      recoverRemained: 0,
    })
    const rentedAt = t.clock.now()
    await t.db
      .insertInto('chapter_access')
      .values({
        member_id: memberId,
        chapter_id: row.id,
        content_id: row.contentId,
        kind: 'rented',
        via: 'gauge',
        expires_at: new Date(rentedAt.getTime() + 259_200_000),
        created_at: rentedAt,
      })
      .execute()
    const after = (await t.call(endpoints.content, { params: { type: row.type, id: row.contentId }, cookies })).json().result
    expect(after.inventory.readForFree.amount).toBe(0)
    expect(after.inventory.readForFree.recoverRemained).toBeGreaterThan(82_700)
    const chapter = after.chapters.find((c: { id: number }) => c.id === Number(row.id))
    expect(chapter.activity).toMatchObject({ rented: true })
    t.clock.setFakeTime(new Date(rentedAt.getTime() + 82_800_000))
    expect((await t.call(endpoints.content, { params: { type: row.type, id: row.contentId }, cookies })).json().result.inventory.readForFree.amount).toBe(1)
    t.clock.setFakeTime(null)
  })
})

describe('home', () => {
  it('has popups by area and page, a campaign row, and a cache header bounded by the earliest badge', async () => {
    // The seed's badges run from its own "now" (2026-11-20T03:00Z) for a few days.
    t.clock.setFakeTime(new Date('2026-11-20T04:00:00Z'))
    const response = await t.call(endpoints.home, { params: { lang: 'en' } })
    const home = response.json().result
    expect(home.popups.length).toBeGreaterThanOrEqual(3)
    expect(home.popups.map((p: { page: string }) => p.page)).toEqual(expect.arrayContaining(['main', 'free']))
    expect(home.popups.find((p: { uiType: string }) => p.uiType === 'image').imgUrl).toMatch(/^\/api\/image\/\d+$/)
    expect(home.sections.some((s: { title: string }) => s.title === 'Campaigns now on')).toBe(true)
    const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1])
    expect(maxAge).toBeGreaterThan(0)
    expect(maxAge).toBeLessThanOrEqual(600)
    // An hour before the earliest badge expires, the home may be kept 10 minutes; a minute before, one.
    const expiries = [...home.sections, home.topBanner]
      .flatMap((s: { elements: { badge: { expireAt: string | null } | null }[] }) => s.elements)
      .map((e) => e.badge?.expireAt)
      .filter(Boolean)
      .map((iso) => Date.parse(iso as string))
    const earliest = Math.min(...expiries)
    t.clock.setFakeTime(new Date(earliest - 60_000))
    const soon = await t.call(endpoints.home, { params: { lang: 'en' } })
    const soonAge = Number(/max-age=(\d+)/.exec(String(soon.headers['cache-control']))?.[1])
    expect(soonAge).toBeGreaterThanOrEqual(55)
    expect(soonAge).toBeLessThanOrEqual(60)
    // Once a badge has expired it is no longer sent.
    t.clock.setFakeTime(new Date(earliest + 1000))
    const later = (await t.call(endpoints.home, { params: { lang: 'en' } })).json().result
    const badges = [...later.sections, later.topBanner]
      .flatMap((s: { elements: { badge: { expireAt: string | null } | null }[] }) => s.elements)
      .map((e) => e.badge?.expireAt)
      .filter(Boolean)
    expect(badges.every((iso) => Date.parse(iso as string) > earliest)).toBe(true)
    t.clock.setFakeTime(null)
  })

  it('is public, compressed once per cached home, and revalidates by ETag', async () => {
    const plain = await t.call(endpoints.home, { params: { lang: 'ja' } })
    expect(plain.headers['cache-control']).toMatch(/^public, max-age=\d+$/)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await t.call(endpoints.home, { params: { lang: 'ja' }, headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    const gz = await t.call(endpoints.home, { params: { lang: 'ja' }, headers: { 'accept-encoding': 'gzip' } })
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json())
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3)
    const again = await t.call(endpoints.home, { params: { lang: 'ja' }, headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(br.headers.etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    // Other representations' tags do not match.
    expect((await t.call(endpoints.home, { params: { lang: 'ja' }, headers: { 'if-none-match': String(br.headers.etag) } })).statusCode).toBe(200)
  })
})

describe('images (SPEC §9 presets × densities)', () => {
  it('renders the preset covering w at density 1 or 2, caches it, and refuses malformed values', async () => {
    const sharp = (await import('sharp')).default
    const image = await t.db.selectFrom('images').select('id').where('width', '=', 640).where('access', '=', 'public').orderBy('id').executeTakeFirstOrThrow()
    const one = await t.inject({
      method: 'GET',
      url: urlOf(endpoints.image, { imageId: image.id }),
      query: { w: '300' },
      headers: { accept: 'image/webp' },
    })
    expect(one.statusCode).toBe(200)
    expect((await sharp(one.rawPayload).metadata()).width).toBe(320)
    const two = await t.inject({
      method: 'GET',
      url: urlOf(endpoints.image, { imageId: image.id }),
      query: { w: '320', dpr: '2' },
      headers: { accept: 'image/webp' },
    })
    expect((await sharp(two.rawPayload).metadata()).width).toBe(640)
    expect(two.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const again = await t.inject({
      method: 'GET',
      url: urlOf(endpoints.image, { imageId: image.id }),
      query: { w: '320', dpr: '2' },
      headers: { accept: 'image/webp', 'if-none-match': String(two.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect((await t.inject({ method: 'GET', url: `/api/image/${image.id}?w=abc` })).statusCode).toBe(400)
    expect((await t.inject({ method: 'GET', url: `/api/image/${image.id}?w=320&dpr=3` })).statusCode).toBe(400)
  })
})

describe('sitemap titles (GET /sitemap/titles, for the edge)', () => {
  it('lists every non-mature title once, coming-soon ones on their coming-soon page, without SPEC §7 headers', async () => {
    const response = await t.inject({ method: 'GET', url: urlOf(endpoints.sitemapTitles) })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=600')
    const titles = response.json().result.titles as { type: string; id: number; page: string; updatedAt: string }[]
    const rows = await t.db.selectFrom('contents').select(['id', 'type', 'mature', 'status']).execute()
    const listed = new Map(titles.map((title) => [title.id, title]))
    expect(listed.size).toBe(titles.length)
    expect(rows.some((row) => row.mature)).toBe(true)
    expect(rows.some((row) => row.status === 'coming_soon' && !row.mature)).toBe(true)
    for (const row of rows) {
      const title = listed.get(row.id)
      if (row.mature) expect(title).toBeUndefined()
      else
        expect(title).toEqual({
          type: row.type,
          id: row.id,
          page: row.status === 'coming_soon' ? 'comingSoon' : 'episodes',
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        })
    }
  })
})
