import fs from 'node:fs'
import { CHAPTER_ABORTED_CODE, READ_FINISH_POSITION } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../../test/testApp'
import { findChapter, SEEDED, signIn } from '../../test/fixtures'
import { buildEpub } from './epub/build'
import { EpubError, parseEpub } from './epub/parse'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { importEpubTitle, importImageFolder } from './importer'

jest.setTimeout(90_000)

let t: TestApp
let cookies: Record<string, string>
let memberId: number
beforeAll(async () => {
  t = await createTestApp()
  cookies = await signIn(t)
  memberId = Number((await t.db.selectFrom('members').select('id').where('email', '=', SEEDED.email).executeTakeFirstOrThrow()).id)
})
afterAll(async () => {
  await t?.close()
})

const SAMPLES = '/work/shared/epub-samples'
const samplesDir = [SAMPLES, `${__dirname}/../../../../../../shared/epub-samples`].find((dir) => fs.existsSync(dir))

async function novel(language: 'ja' | 'en' | 'fr') {
  const rows = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .innerJoin('chapter_epubs as e', 'e.chapter_id', 'ch.id')
    .innerJoin('epub_files as f', 'f.id', 'e.epub_id')
    .select(['ch.id as chapterId', 'c.id as contentId', 'ch.free', 'ch.has_trial', 'c.reading_direction', 'f.language'])
    .where('e.sales_type', '=', 'product')
    .where('f.language', '=', language)
    .orderBy('ch.sort')
    .execute()
  return rows
}

describe('chapter', () => {
  it('serves tall strips in bands that add up to the page, and the bands render', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false, type: 'comic' })
    const chapter = (await t.call('GET', `/api/${type}/${contentId}/chapter/${chapterId}/product`)).json().result
    expect(chapter.orientation).toBe('vertical')
    const tall = chapter.images.find((image: { tiles?: unknown[] }) => image.tiles)
    expect(tall).toBeDefined()
    expect(tall.tiles.reduce((sum: number, tile: { height: number }) => sum + tile.height, 0)).toBe(tall.height)
    const band = await t.call('GET', `${tall.tiles[1].url}&w=320`, { headers: { accept: 'image/webp' } })
    expect(band.statusCode).toBe(200)
    expect(band.headers['content-type']).toBe('image/webp')
    expect((await t.call('GET', tall.tiles[0].url.replace(/\/tile\/0\/\d+\?/, '/tile/0/99?'))).statusCode).toBe(404)
    expect((await t.call('GET', `/api/image/1/tile/x/2`)).statusCode).toBe(404)
  })

  it('gives the next chapter with its access state for the end of the chapter', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false, type: 'comic' })
    const chapter = (await t.call('GET', `/api/${type}/${contentId}/chapter/${chapterId}/product`)).json().result
    expect(chapter.nextChapter).toMatchObject({ salesConfig: expect.any(Object), activity: { unlocked: false, rented: false, rentRemained: 0 }, hasTrial: expect.any(Boolean) })
  })

  it('refuses an aborted chapter the reader neither owns nor rents with its own code, and opens it once owned', async () => {
    const aborted = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'c.id as contentId', 'c.type'])
      .where('ch.aborted', '=', true)
      .executeTakeFirstOrThrow()
    const url = `/api/${aborted.type}/${aborted.contentId}/chapter/${aborted.id}/product`
    for (const who of [undefined, cookies]) {
      const refused = await t.call('GET', url, { cookies: who })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe(CHAPTER_ABORTED_CODE)
    }
    await t.db.insertInto('chapter_access').values({ member_id: memberId, chapter_id: Number(aborted.id), content_id: Number(aborted.contentId), kind: 'owned', via: 'coin', expires_at: null }).execute()
    const opened = await t.call('GET', url, { cookies })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().result.aborted).toBe(true)
  })
})

describe('read progress', () => {
  it('saves where a member is, resumes it on the chapter, and finishes at position 10000', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false, type: 'magazine_comic' })
    const base = `/api/${type}/${contentId}/chapter/${chapterId}`
    const saved = await t.call('POST', `${base}/read`, { cookies, body: { href: '4', type: 'image/x-koma-page', progression: '0.5', totalProgression: '0.35', position: '4' } })
    expect(saved.json()).toEqual({ result: { saved: true } })
    const chapter = (await t.call('GET', `${base}/product`, { cookies })).json().result
    expect(chapter.progress).toEqual({ href: '4', type: 'image/x-koma-page', progression: 0.5, totalProgression: 0.35, position: 4, finished: false })
    expect((await t.call('POST', `${base}/read/finished`, { cookies, body: { href: '12', type: 'image/x-koma-page' } })).statusCode).toBe(200)
    const row = await t.db.selectFrom('read_progress').selectAll().where('member_id', '=', memberId).where('chapter_id', '=', chapterId).executeTakeFirstOrThrow()
    expect([row.position, row.finished, Number(row.total_progression)]).toEqual([READ_FINISH_POSITION, true, 1])
    // Reading it again keeps it finished (the episode list's read mark does not flicker).
    await t.call('POST', `${base}/read`, { cookies, body: { href: '1', type: 'image/x-koma-page', progression: '0', totalProgression: '0', position: '1' } })
    const again = await t.db.selectFrom('read_progress').select(['position', 'finished']).where('member_id', '=', memberId).where('chapter_id', '=', chapterId).executeTakeFirstOrThrow()
    expect(again).toEqual({ position: 1, finished: true })
    // Signed out, the chapter carries no progress.
    expect((await t.call('GET', `${base}/product`)).json().result.progress).toBeNull()
  })

  it('answers bad input with SPEC §8 statuses, never a 500', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false })
    const base = `/api/${type}/${contentId}/chapter/${chapterId}`
    const good = { href: '1', type: 't', progression: '0', totalProgression: '0', position: '1' }
    expect((await t.call('POST', `${base}/read`, { body: good })).statusCode).toBe(401)
    expect((await t.call('POST', `${base}/read`, { cookies, body: { ...good, progression: '2' } })).statusCode).toBe(400)
    expect((await t.call('POST', `${base}/read`, { cookies, body: { ...good, position: 'x' } })).statusCode).toBe(400)
    expect((await t.call('POST', `${base}/read`, { cookies, body: { type: 't' } })).statusCode).toBe(400)
    expect((await t.call('POST', `/api/${type}/${contentId}/chapter/999999/read`, { cookies, body: good })).statusCode).toBe(404)
    expect((await t.call('POST', `/api/${type}/${contentId}/chapter/007/read`, { cookies, body: good })).statusCode).toBe(404)
    expect((await t.call('POST', `/api/novel/${contentId}/chapter/${chapterId}/read/finished`, { cookies })).statusCode).toBe(404)
  })
})

describe('EPUB novels', () => {
  it('the seed writes real EPUBs: Japanese vertical right to left, English and French left to right', async () => {
    const [ja, en, fr] = await Promise.all([novel('ja'), novel('en'), novel('fr')])
    expect([ja.length, en.length, fr.length]).toEqual([3, 3, 3])
    expect(ja[0].reading_direction).toBe('rtl')
    expect(en[0].reading_direction).toBe('ltr')
    const chapter = (await t.call('GET', `/api/comic/${ja[0].contentId}/chapter/${ja[0].chapterId}/product`)).json().result
    expect(chapter).toMatchObject({ chapterFileFormat: 'epub', epub: { layout: 'reflowable', readingProgression: 'rtl', language: 'ja' } })
    expect(chapter.epub.positions).toBeGreaterThan(3)
  })

  it('serves the Readium manifest with a positions list, and the files it names', async () => {
    const [first] = await novel('ja')
    const publication = await t.call('GET', `/api/comic/${first.contentId}/chapter/epub`, { query: { chapterId: String(first.chapterId), chapterFileSalesType: 'product' } })
    expect(publication.statusCode).toBe(200)
    const { manifest, positions } = publication.json().result
    expect(manifest.metadata).toMatchObject({ conformsTo: ['https://readium.org/webpub-manifest/profiles/epub'], readingProgression: 'rtl', layout: 'reflowable', language: 'ja' })
    const self = manifest.links.find((link: { rel: string }) => link.rel === 'self').href
    expect(self).toBe(`/api/comic/${first.contentId}/chapter/${first.chapterId}/product/epub/manifest.json`)
    expect(positions[0]).toMatchObject({ href: manifest.readingOrder[0].href, locations: { position: 1, totalProgression: 0 } })
    const base = self.replace(/manifest\.json$/, '')
    const doc = await t.call('GET', `${base}${manifest.readingOrder[1].href}`)
    expect(doc.statusCode).toBe(200)
    expect(doc.headers['content-type']).toContain('application/xhtml+xml')
    expect(doc.body).toContain('xml:lang="ja"')
    expect(doc.headers['content-security-policy']).toContain('sandbox')
    const css = await t.call('GET', `${base}OEBPS/style.css`)
    expect(css.body).toContain('vertical-rl')
    expect((await t.call('GET', `${base}OEBPS/nothing.xhtml`)).statusCode).toBe(404)
    expect((await t.call('GET', `${base}../../../etc/passwd`)).statusCode).toBe(404)
  })

  it('a trial reads only its first part; the full book stays locked', async () => {
    const [, second] = await novel('en')
    expect([second.free, second.has_trial]).toEqual([false, true])
    const full = await t.call('GET', `/api/comic/${second.contentId}/chapter/epub`, { query: { chapterId: String(second.chapterId), chapterFileSalesType: 'product' } })
    expect(full.statusCode).toBe(401)
    const trial = (await t.call('GET', `/api/comic/${second.contentId}/chapter/epub`, { query: { chapterId: String(second.chapterId), chapterFileSalesType: 'trial' } })).json().result
    expect(trial.manifest.readingOrder.length).toBe(1)
    expect(trial.positions.at(-1).locations.position).toBe(trial.positions.length)
    expect(trial.manifest.metadata.numberOfPages).toBe(trial.positions.length)
    // Once owned, the full book: every document, more positions than the trial.
    await t.db.insertInto('chapter_access').values({ member_id: memberId, chapter_id: Number(second.chapterId), content_id: Number(second.contentId), kind: 'owned', via: 'coin', expires_at: null }).execute()
    const product = (await t.call('GET', `/api/comic/${second.contentId}/chapter/epub`, { cookies, query: { chapterId: String(second.chapterId), chapterFileSalesType: 'product' } })).json().result
    expect(product.manifest.readingOrder.length).toBeGreaterThan(trial.manifest.readingOrder.length)
    expect(product.positions.length).toBeGreaterThan(trial.positions.length)
    const base = `/api/comic/${second.contentId}/chapter/${second.chapterId}/trial/epub/`
    expect((await t.call('GET', `${base}${trial.manifest.readingOrder[0].href}`)).statusCode).toBe(200)
    expect((await t.call('GET', `${base}OEBPS/section-3.xhtml`)).statusCode).toBe(404)
    expect((await t.call('GET', `/api/comic/${second.contentId}/chapter/${second.chapterId}/product/epub/OEBPS/section-3.xhtml`)).statusCode).toBe(401)
    expect((await t.call('GET', `/api/comic/${second.contentId}/chapter/epub`, { query: { chapterId: 'x', chapterFileSalesType: 'trial' } })).statusCode).toBe(404)
    expect((await t.call('GET', `/api/comic/${second.contentId}/chapter/epub`, { query: { chapterId: String(second.chapterId), chapterFileSalesType: 'full' } })).statusCode).toBe(404)
  })
})

describe('EPUB import', () => {
  const samples = samplesDir ? fs.readdirSync(samplesDir).filter((name) => name.endsWith('.epub')) : []
  it('finds the four real publications', () => {
    expect(samples.sort()).toEqual(['childrens-literature.epub', 'kusamakura-japanese-vertical-writing.epub', 'moby-dick.epub', 'page-blanche.epub'])
  })

  it.each([
    ['moby-dick.epub', 'Moby-Dick', 'reflowable', 'ltr'],
    ['childrens-literature.epub', "Children's Literature", 'reflowable', 'ltr'],
    ['page-blanche.epub', 'Page Blanche', 'fixed', 'ltr'],
    ['kusamakura-japanese-vertical-writing.epub', '草枕', 'reflowable', 'rtl'],
  ])('imports %s and serves it to read', async (file, title, layout, progression) => {
    const imported = await importEpubTitle(t.db, fs.readFileSync(`${samplesDir}/${file}`), new Date())
    expect(imported.title).toBe(title)
    const chapter = (await t.call('GET', `/api/comic/${imported.contentId}/chapter/${imported.chapterId}/product`)).json().result
    expect(chapter.epub).toMatchObject({ layout, readingProgression: progression })
    expect(chapter.readingDirection).toBe(progression)
    const { manifest } = (await t.call('GET', `/api/comic/${imported.contentId}/chapter/epub`, { query: { chapterId: String(imported.chapterId), chapterFileSalesType: 'product' } })).json().result
    const base = `/api/comic/${imported.contentId}/chapter/${imported.chapterId}/product/epub/`
    for (const link of [manifest.readingOrder[0], manifest.readingOrder.at(-1), ...manifest.resources.slice(0, 3)]) {
      expect([link.href, (await t.call('GET', `${base}${link.href}`)).statusCode]).toEqual([link.href, 200])
    }
    if (file.startsWith('kusamakura')) {
      // Its package lists two audio files the archive lacks: they are left out, the book reads.
      expect(JSON.stringify(manifest)).not.toContain('.mp3')
    }
  })

  it('refuses damaged and non-EPUB files with a clear reason', () => {
    expect(() => parseEpub(Buffer.from('just some text'))).toThrow(new EpubError('This file is not an EPUB: it is not a zip archive.'))
    const book = buildEpub({ identifier: 'x', title: 'T', author: 'A', language: 'en', vertical: false, sections: [{ title: 'One', paragraphs: ['Hello.'] }], modified: new Date('2026-01-01T00:00:00Z') })
    expect(() => parseEpub(book.subarray(0, book.length - 60))).toThrow(/damaged/)
    expect(parseEpub(book).manifest.readingOrder.length).toBe(1)
  })
})

describe('comic import from a folder of images', () => {
  async function folderOf(size: { width: number; height: number }, count: number): Promise<string> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-import-test-'))
    for (let i = 0; i < count; i++) {
      await sharp({ create: { width: size.width, height: size.height, channels: 3, background: { r: 40 * i, g: 120, b: 200 } } })
        .png()
        .toFile(path.join(folder, `page-${i + 1}.png`))
    }
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a page')
    return folder
  }

  it('makes a right-to-left paged comic of book-shaped pages, in natural file order', async () => {
    const folder = await folderOf({ width: 600, height: 900 }, 11)
    const imported = await importImageFolder(t.db, folder, new Date(), { title: 'Scans' })
    const chapter = (await t.call('GET', `/api/comic/${imported.contentId}/chapter/${imported.chapterId}/product`)).json().result
    expect([chapter.orientation, chapter.readingDirection, chapter.images.length]).toEqual(['paged', 'rtl', 11])
    expect(chapter.images[0]).toMatchObject({ width: 600, height: 900 })
    expect((await t.call('GET', `${chapter.images[10].url}&w=320`)).statusCode).toBe(200)
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('makes a vertical strip of tall pages, served in bands', async () => {
    const folder = await folderOf({ width: 400, height: 1600 }, 2)
    const imported = await importImageFolder(t.db, folder, new Date())
    const chapter = (await t.call('GET', `/api/comic/${imported.contentId}/chapter/${imported.chapterId}/product`)).json().result
    expect([chapter.orientation, chapter.readingDirection]).toEqual(['vertical', 'ttb'])
    expect(chapter.images[0].tiles.length).toBe(4)
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('refuses a folder without pages', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-import-empty-'))
    await expect(importImageFolder(t.db, folder, new Date())).rejects.toThrow(EpubError)
    fs.rmSync(folder, { recursive: true, force: true })
  })
})
