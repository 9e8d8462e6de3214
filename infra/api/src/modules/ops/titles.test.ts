import { endpoints, type ContentType, type Endpoint, type OpsTitle } from '@koma/contracts/server'
import type { LightMyRequestResponse } from 'fastify'
import { createTestApp, type OptionalIfNoParams, type TestApp } from '../../test/testApp'
import { callAs, freshCallers, type Caller, type Who } from '../../test/world'

jest.setTimeout(180_000)

/**
 * Titles operators hide and label (issue 17): a hidden title is unknown to readers everywhere
 * (home, lists, rankings, search, library, its pages and comments answer 404) while the console
 * still shows it; genres and the badge are edited with the catalogue's own vocabulary. Who may
 * call is checked per role here and for every endpoint by the access matrix.
 */
let t: TestApp
let callers: Record<Who, Caller>
let title: { type: ContentType; id: number; chapterId: number; name: string; genre: string; homeElements: number[] }

beforeAll(async () => {
  t = await createTestApp()
  callers = await freshCallers(t)
  // The most read title on the home page: in the ranking's first page, its genre's list, search.
  const row = await t.db
    .selectFrom('home_elements as e')
    .innerJoin('home_sections as s', 's.id', 'e.section_id')
    .innerJoin('contents as c', 'c.id', 'e.content_id')
    .innerJoin('content_texts as ct', (join) => join.onRef('ct.content_id', '=', 'c.id').on('ct.lang', '=', 'en'))
    .innerJoin('chapters as ch', 'ch.content_id', 'c.id')
    .select(['c.id', 'c.type', 'ct.name', 'ch.id as chapterId'])
    .where('s.mature', '=', false)
    .where('c.mature', '=', false)
    .where('c.status', '!=', 'coming_soon')
    .where('ch.free', '=', true)
    .orderBy('c.total_views', 'desc')
    .orderBy('ch.sort')
    .executeTakeFirstOrThrow()
  const id = Number(row.id)
  const genre = await t.db
    .selectFrom('content_genres as cg')
    .innerJoin('genres as g', 'g.id', 'cg.genre_id')
    .select('g.code')
    .where('cg.content_id', '=', id)
    .orderBy('g.id')
    .executeTakeFirstOrThrow()
  const elements = await t.db.selectFrom('home_elements').select('id').where('content_id', '=', id).execute()
  title = { type: row.type, id, chapterId: Number(row.chapterId), name: row.name, genre: genre.code, homeElements: elements.map((e) => Number(e.id)) }
})
afterAll(async () => {
  await t?.close()
})

const as = <E extends Endpoint<unknown, unknown, unknown, unknown>>(who: keyof typeof callers, endpoint: E, ...options: OptionalIfNoParams<E>) =>
  callAs(t, callers[who], endpoint, ...options)
const resultOf = <T>(response: LightMyRequestResponse): T => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`)
  return (response.json() as { result: T }).result
}

/** Where a reader (signed out and signed in) finds the title: each place, present or not. */
async function whereReadersSeeIt(): Promise<Record<string, boolean>> {
  const listed = (response: LightMyRequestResponse) => resultOf<{ contents: { id: number }[] }>(response).contents.some((c) => c.id === title.id)
  const home = resultOf<{ sections: { elements: { id: number }[] }[]; topBanner: { elements: { id: number }[] } | null }>(
    await as('visitor', endpoints.home, { params: { lang: 'en' } }),
  )
  const homeIds = [...home.sections, ...(home.topBanner ? [home.topBanner] : [])].flatMap((section) => section.elements.map((e) => e.id))
  const content = { params: { type: title.type, id: title.id } }
  const chapter = { params: { type: title.type, id: title.id, chapterId: title.chapterId, salesType: 'product' as const } }
  const library = resultOf<{ items: { content: { id: number } }[] }>(await as('member', endpoints.library, { params: { tab: 'subscribed' } }))
  const sitemap = resultOf<{ titles: { id: number }[] }>(await as('visitor', endpoints.sitemapTitles))
  return {
    home: title.homeElements.some((id) => homeIds.includes(id)),
    ranking: listed(await as('visitor', endpoints.menuList, { params: { holder: 'all_comic', code: 'ranking' } })),
    genre: listed(await as('member', endpoints.menuGenre, { params: { holder: 'all_comic', genre: title.genre } })),
    search: listed(await as('member', endpoints.search, { body: { query: title.name } })),
    library: library.items.some((item) => item.content.id === title.id),
    sitemap: sitemap.titles.some((entry) => entry.id === title.id),
    pageSignedOut: (await as('visitor', endpoints.content, content)).statusCode === 200,
    pageSignedIn: (await as('member', endpoints.content, content)).statusCode === 200,
    chapter: (await as('member', endpoints.chapter, chapter)).statusCode === 200,
    comments: (await as('visitor', endpoints.chapterComments, chapter)).statusCode === 200,
  }
}
const everywhere = (shown: boolean) =>
  Object.fromEntries(
    ['home', 'ranking', 'genre', 'search', 'library', 'sitemap', 'pageSignedOut', 'pageSignedIn', 'chapter', 'comments'].map((place) => [place, shown]),
  )

describe('hiding a title', () => {
  it('only an operator who confirmed the second factor may hide, unhide or relabel a title', async () => {
    const calls = [
      (who: keyof typeof callers) => as(who, endpoints.opsTitleVisibility, { params: { id: title.id, action: 'unhide' } }),
      (who: keyof typeof callers) => as(who, endpoints.opsTitleLabels, { params: { id: title.id }, body: { genres: title.genre } }),
      (who: keyof typeof callers) => as(who, endpoints.opsGenres),
    ]
    for (const call of calls) {
      expect((await call('visitor')).statusCode).toBe(401)
      expect((await call('guest')).statusCode).toBe(403)
      expect((await call('member')).statusCode).toBe(403)
      expect((await call('operator')).statusCode).toBe(200)
    }
  })

  it('takes it from readers everywhere at once, caches included; the console still shows it; unhiding brings it back', async () => {
    expect((await as('member', endpoints.subscribe, { params: { type: title.type, id: title.id } })).statusCode).toBe(200)
    // Fill the shared caches (home, lists, the signed-out episode list, the search index) first.
    expect(await whereReadersSeeIt()).toEqual(everywhere(true))

    const hidden = resultOf<OpsTitle>(await as('operator', endpoints.opsTitleVisibility, { params: { id: title.id, action: 'hide' } }))
    expect(hidden.hiddenAt).toEqual(expect.any(String))
    expect(await whereReadersSeeIt()).toEqual(everywhere(false))
    // Its pages answer as for no such title (SPEC §8 404, "comic cannot be found").
    const page = await as('member', endpoints.content, { params: { type: title.type, id: title.id }, locale: 'fr' })
    expect(page.statusCode).toBe(404)
    expect(page.json()).toMatchObject({ code: 404, message: expect.any(String) })
    // Nor can it be subscribed to again, rented or bought.
    expect((await as('member', endpoints.subscribe, { params: { type: title.type, id: title.id } })).statusCode).toBe(404)

    // The operator still finds it, marked hidden, by name and among the hidden ones.
    const found = resultOf<{ titles: { id: number; hiddenAt: string | null }[] }>(await as('operator', endpoints.opsTitles, { query: { query: title.name } }))
    expect(found.titles.find((entry) => entry.id === title.id)?.hiddenAt).toBe(hidden.hiddenAt)
    const onlyHidden = resultOf<{ titles: { id: number; hiddenAt: string | null }[] }>(await as('operator', endpoints.opsTitles, { query: { hidden: 'true' } }))
    expect(onlyHidden.titles.map((entry) => entry.id)).toEqual([title.id])
    expect(resultOf<OpsTitle>(await as('operator', endpoints.opsTitle, { params: { id: title.id } })).hiddenAt).toBe(hidden.hiddenAt)
    // An operator is a reader like any other outside the console.
    expect((await as('operator', endpoints.content, { params: { type: title.type, id: title.id } })).statusCode).toBe(404)

    // Hiding again keeps the first time.
    const again = resultOf<OpsTitle>(await as('operator', endpoints.opsTitleVisibility, { params: { id: title.id, action: 'hide' } }))
    expect(again.hiddenAt).toBe(hidden.hiddenAt)

    const shown = resultOf<OpsTitle>(await as('operator', endpoints.opsTitleVisibility, { params: { id: title.id, action: 'unhide' } }))
    expect(shown.hiddenAt).toBeNull()
    expect(await whereReadersSeeIt()).toEqual(everywhere(true))

    const audit = resultOf<{ entries: { action: string; target: string; before: unknown; after: unknown; actorId: number | null }[] }>(
      await as('operator', endpoints.opsAudit, { query: { action: 'title.' } }),
    )
    expect(audit.entries.slice(0, 3)).toEqual([
      expect.objectContaining({ action: 'title.unhide', target: `title:${title.id}`, before: { hiddenAt: hidden.hiddenAt }, after: { hiddenAt: null } }),
      expect.objectContaining({ action: 'title.hide', before: { hiddenAt: hidden.hiddenAt }, after: { hiddenAt: hidden.hiddenAt } }),
      expect.objectContaining({ action: 'title.hide', before: { hiddenAt: null }, after: { hiddenAt: hidden.hiddenAt }, actorId: callers.operator.userId }),
    ])
  })

  it('answers 404 for an action or a title that is none, 400 for a bad filter', async () => {
    expect((await as('operator', endpoints.opsTitleVisibility, { params: { id: title.id, action: 'delete' as 'hide' } })).statusCode).toBe(404)
    expect((await as('operator', endpoints.opsTitleVisibility, { params: { id: 987654321, action: 'hide' } })).statusCode).toBe(404)
    expect((await as('operator', endpoints.opsTitleVisibility, { params: { id: '01', action: 'hide' } })).statusCode).toBe(404)
    const filter = await as('operator', endpoints.opsTitles, { query: { hidden: 'yes' } })
    expect(filter.statusCode).toBe(400)
    expect(filter.json()).toMatchObject({ code: 400, message: expect.any(String) })
  })
})

describe('genres and badge', () => {
  it('lists the catalogue’s genres named in every language', async () => {
    const { genres } = resultOf<{ genres: { code: string; names: Record<string, string> }[] }>(await as('operator', endpoints.opsGenres))
    expect(genres.find((genre) => genre.code === 'horror')).toEqual({ code: 'horror', names: { ja: 'ホラー', en: 'Horror', fr: 'Horreur' } })
  })

  it('replaces the genres and the badge; readers see them in their language and in the genre menus', async () => {
    const before = resultOf<OpsTitle>(await as('operator', endpoints.opsTitle, { params: { id: title.id } }))
    const genres = before.genres.includes('horror') ? ['sports', 'mystery'] : ['horror', 'sports']
    const edited = await as('operator', endpoints.opsTitleLabels, { params: { id: title.id }, body: { genres: [...genres].reverse(), badge: 'HIGHLIGHT' } })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().result).toMatchObject({ genres, badge: 'HIGHLIGHT' })

    const page = resultOf<{ genres: { name: string }[]; badge: string | null }>(
      await as('member', endpoints.content, { params: { type: title.type, id: title.id }, locale: 'fr' }),
    )
    expect(page.badge).toBe('HIGHLIGHT')
    expect(page.genres.map((genre) => genre.name).sort()).toEqual(
      genres.map((code) => ({ horror: 'Horreur', sports: 'Sport', mystery: 'Mystère' })[code]).sort(),
    )
    const inGenre = async (genre: string) =>
      resultOf<{ contents: { id: number }[] }>(
        await as('visitor', endpoints.menuGenre, { params: { holder: 'all_comic', genre }, query: { pageSize: '100' } }),
      ).contents.some((c) => c.id === title.id)
    expect(await inGenre(genres[1]!)).toBe(true)
    for (const old of before.genres.filter((code) => !genres.includes(code))) expect(await inGenre(old)).toBe(false)

    // No badge: the title keeps only those its state gives it.
    const cleared = resultOf<OpsTitle>(await as('operator', endpoints.opsTitleLabels, { params: { id: title.id }, body: { genres, badge: '' } }))
    expect(cleared.badge).toBeNull()
    const audit = resultOf<{ entries: { action: string; before: unknown; after: unknown }[] }>(
      await as('operator', endpoints.opsAudit, { query: { action: 'title.labels' } }),
    )
    expect(audit.entries[1]).toMatchObject({ before: { genres: before.genres, badge: before.badge }, after: { genres, badge: 'HIGHLIGHT' } })
    expect(audit.entries[0]).toMatchObject({ after: { genres, badge: null } })
  })

  it('refuses unknown genres, none at all, and badges the catalogue derives, each field named in the operator’s language', async () => {
    const refused = await as('operator', endpoints.opsTitleLabels, {
      params: { id: title.id },
      body: { genres: ['horror', 'cooking'], badge: 'MATURE' },
      locale: 'ja',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual([
      { field: 'genres', message: 'genresが正しくありません。' },
      { field: 'badge', message: 'badgeが正しくありません。' },
    ])
    const none = await as('operator', endpoints.opsTitleLabels, { params: { id: title.id }, body: { badge: 'NEW' } })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ code: 400, fields: [{ field: 'genres', message: 'genres: please fill this in.' }] })
    expect((await as('operator', endpoints.opsTitleLabels, { params: { id: 987654321 }, body: { genres: 'horror' } })).statusCode).toBe(404)
  })
})
