import { endpoints, HEADERS, type AuditPage, type Chapter, type ContentDetail, type Endpoint, type OpsChapterPages, type OpsPage } from '@koma/contracts/server'
import type { LightMyRequestResponse } from 'fastify'
import { createTestApp, type OptionalIfNoParams, type TestApp } from '../../test/testApp'
import { callAs, freshCallers, type Caller, type Who } from '../../test/world'

jest.setTimeout(180_000)

/**
 * Described comic pages (issue 37): the seed describes every demo page, an operator rewrites one
 * page's descriptions (audited), and readers get the description in their language as the page's
 * text, with the title described throughout only while every page has one.
 */
let t: TestApp
let callers: Record<Who, Caller>
let title: { type: 'comic' | 'magazine_comic'; id: number; chapterId: number }

beforeAll(async () => {
  t = await createTestApp()
  callers = await freshCallers(t)
  const row = await t.db
    .selectFrom('contents as c')
    .innerJoin('chapters as ch', 'ch.content_id', 'c.id')
    .select(['c.id', 'c.type', 'ch.id as chapterId'])
    .where('c.mature', '=', false)
    .where('c.status', '!=', 'coming_soon')
    .where('c.hidden_at', 'is', null)
    .where('ch.free', '=', true)
    .orderBy('c.id')
    .orderBy('ch.sort')
    .executeTakeFirstOrThrow()
  title = { type: row.type as 'comic', id: Number(row.id), chapterId: Number(row.chapterId) }
})
afterAll(async () => {
  await t?.close()
})

const as = <E extends Endpoint<unknown, unknown, unknown, unknown>>(who: Who, endpoint: E, ...options: OptionalIfNoParams<E>) =>
  callAs(t, callers[who], endpoint, ...options)
const resultOf = <T>(response: LightMyRequestResponse): T => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`)
  return (response.json() as { result: T }).result
}
const inLanguage = (lang: 'ja' | 'en' | 'fr') => ({ headers: { [HEADERS.language]: lang } })
const readChapter = async (lang: 'ja' | 'en' | 'fr') =>
  resultOf<Chapter>(
    await as('member', endpoints.chapter, {
      params: { type: title.type, id: title.id, chapterId: title.chapterId, salesType: 'product' },
      ...inLanguage(lang),
    }),
  )
const described = async (lang: 'ja' | 'en' | 'fr') =>
  resultOf<ContentDetail>(await as('visitor', endpoints.content, { params: { type: title.type, id: title.id }, ...inLanguage(lang) })).described

describe('described comic pages', () => {
  it('gives readers each seeded page’s description in their language, and the title the described label', async () => {
    const [en, fr, ja] = [await readChapter('en'), await readChapter('fr'), await readChapter('ja')]
    expect(en.images.length).toBeGreaterThan(0)
    for (const image of en.images) expect(image.description).toMatch(/^A (vertical strip|page) of \d+ panels\. Panel 1: /)
    for (const image of fr.images) expect(image.description).toMatch(/^Une (bande verticale|page) de \d+ cases\. Case 1 : /)
    for (const image of ja.images) expect(image.description).toMatch(/^\d+コマの/)
    expect(await described('en')).toBe(true)
    expect(await described('ja')).toBe(true)
  })

  it('lets an operator rewrite one page’s descriptions, audited, and readers read the new text', async () => {
    const pages = resultOf<OpsChapterPages>(await as('operator', endpoints.opsChapterPages, { params: { id: String(title.chapterId) } }))
    expect(pages.contentId).toBe(title.id)
    const second = pages.pages[1]!
    expect(second.sort).toBe(2)
    expect(second.descriptions.en).toMatch(/^A /)
    const body = {
      descriptionJa: '少女が駅で手を振る。「またね！」',
      descriptionEn: 'A girl waves at the station. “See you!”',
      descriptionFr: 'Une fille fait signe à la gare. « À plus ! »',
    }
    const saved = resultOf<OpsPage>(await as('operator', endpoints.opsPageDescription, { params: { id: String(title.chapterId), sort: '2' }, body }))
    expect(saved.descriptions).toEqual({ ja: body.descriptionJa, en: body.descriptionEn, fr: body.descriptionFr })
    expect((await readChapter('en')).images[1]?.description).toBe(body.descriptionEn)
    expect((await readChapter('fr')).images[1]?.description).toBe(body.descriptionFr)
    expect((await readChapter('ja')).images[1]?.description).toBe(body.descriptionJa)

    const audit = resultOf<AuditPage>(await as('operator', endpoints.opsAudit, { query: { action: 'page.description' } }))
    const entry = audit.entries.find((candidate) => candidate.target === `chapter:${title.chapterId}:page:2`)
    expect(entry).toBeDefined()
    expect(JSON.stringify(entry?.before)).toContain(second.descriptions.en.slice(0, 40))
    expect(JSON.stringify(entry?.after)).toContain('See you!')
  })

  it('falls back to no description where a language is left empty, and the title is then no longer described throughout in it', async () => {
    const saved = resultOf<OpsPage>(
      await as('operator', endpoints.opsPageDescription, {
        params: { id: String(title.chapterId), sort: '1' },
        body: { descriptionJa: 'ページ1', descriptionEn: '   ', descriptionFr: 'Page une' },
      }),
    )
    expect(saved.descriptions.en).toBe('')
    const en = await readChapter('en')
    expect(en.images[0]).not.toHaveProperty('description')
    expect(await described('en')).toBe(false)
    expect(await described('fr')).toBe(true)
  })

  it('refuses what is not a description: too long, control characters, a page or chapter that does not exist', async () => {
    const put = (sort: string, body: Record<string, string>, id = String(title.chapterId)) =>
      as('operator', endpoints.opsPageDescription, { params: { id, sort }, body })
    const tooLong = await put('1', { descriptionEn: 'x'.repeat(2001) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().fields).toEqual([expect.objectContaining({ field: 'descriptionEn' })])
    expect((await put('1', { descriptionFr: 'bip\u0007' })).statusCode).toBe(400)
    expect((await put('999', { descriptionEn: 'A page' })).statusCode).toBe(404)
    expect((await put('0', { descriptionEn: 'A page' })).statusCode).toBe(404)
    expect((await put('1', { descriptionEn: 'A page' }, '987654321')).statusCode).toBe(404)
    expect((await as('operator', endpoints.opsChapterPages, { params: { id: 'abc' } })).statusCode).toBe(404)
    // Nothing was written by the refused calls.
    expect((await readChapter('fr')).images[0]?.description).toBe('Page une')
  })

  it('is for operators only', async () => {
    for (const who of ['visitor', 'guest', 'member'] as const) {
      const response = await as(who, endpoints.opsPageDescription, { params: { id: String(title.chapterId), sort: '1' }, body: { descriptionEn: 'Hijacked' } })
      expect([401, 403]).toContain(response.statusCode)
    }
    expect((await readChapter('fr')).images[0]?.description).toBe('Page une')
  })
})
