import fs from 'node:fs'
import { strToU8, zipSync } from 'fflate'
import { CHAPTER_ABORTED_CODE, READ_FINISH_POSITION, endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp, urlOf } from '../../test/testApp'
import { findChapter, SEEDED, signIn } from '../../test/fixtures'
import { atLeast, first } from '../../test/lists'
import { positionsFromCounts } from '@koma/contracts/server'
import { testBooks } from '../../../../e2e/fixtures/books'
import { buildEpub } from './epub/build'
import { chapterEpubRow, COMPACT_POSITIONS, parsedBookLoads } from './epub/publication'
import { adobeKey, ADOBE_ALGORITHM, idpfKey, IDPF_ALGORITHM, xorHead } from './epub/fonts'
import { creatorRole, EpubError, IMAGE_CHARS, parseEpub, POSITION_CHARS, renderedLength } from './epub/parse'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { EPUB_SAMPLES } from '../../test/samples'
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

const samplesDir = EPUB_SAMPLES

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
    const chapter = (await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' } })).json().result
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
    const chapter = (await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' } })).json().result
    expect(chapter.nextChapter).toMatchObject({
      salesConfig: expect.any(Object),
      activity: { unlocked: false, rented: false, rentRemained: 0 },
      hasTrial: expect.any(Boolean),
    })
  })

  it('refuses an aborted chapter the reader neither owns nor rents with its own code, and opens it once owned', async () => {
    const aborted = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'c.id as contentId', 'c.type'])
      .where('ch.aborted', '=', true)
      .executeTakeFirstOrThrow()
    for (const who of [undefined, cookies]) {
      const refused = await t.call(endpoints.chapter, {
        params: { type: aborted.type, id: aborted.contentId, chapterId: aborted.id, salesType: 'product' },
        cookies: who,
      })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe(CHAPTER_ABORTED_CODE)
    }
    await t.db
      .insertInto('chapter_access')
      .values({ member_id: memberId, chapter_id: Number(aborted.id), content_id: Number(aborted.contentId), kind: 'owned', via: 'coin', expires_at: null })
      .execute()
    const opened = await t.call(endpoints.chapter, {
      params: { type: aborted.type, id: aborted.contentId, chapterId: aborted.id, salesType: 'product' },
      cookies,
    })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().result.aborted).toBe(true)
  })
})

describe('read progress', () => {
  it('saves where a member is, resumes it on the chapter, and finishes at position 10000', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false, type: 'magazine_comic' })
    const saved = await t.call(endpoints.readProgress, {
      params: { type, id: contentId, chapterId },
      cookies,
      body: { href: '4', type: 'image/x-koma-page', progression: '0.5', totalProgression: '0.35', position: '4' },
    })
    expect(saved.json()).toEqual({ result: { saved: true } })
    const chapter = (await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' }, cookies })).json().result
    expect(chapter.progress).toEqual({ href: '4', type: 'image/x-koma-page', progression: 0.5, totalProgression: 0.35, position: 4, finished: false })
    expect(
      (await t.call(endpoints.readFinished, { params: { type, id: contentId, chapterId }, cookies, body: { href: '12', type: 'image/x-koma-page' } }))
        .statusCode,
    ).toBe(200)
    const row = await t.db
      .selectFrom('read_progress')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('chapter_id', '=', chapterId)
      .executeTakeFirstOrThrow()
    expect([row.position, row.finished, Number(row.total_progression)]).toEqual([READ_FINISH_POSITION, true, 1])
    // Reading it again keeps it finished (the episode list's read mark does not flicker).
    await t.call(endpoints.readProgress, {
      params: { type, id: contentId, chapterId },
      cookies,
      body: { href: '1', type: 'image/x-koma-page', progression: '0', totalProgression: '0', position: '1' },
    })
    const again = await t.db
      .selectFrom('read_progress')
      .select(['position', 'finished'])
      .where('member_id', '=', memberId)
      .where('chapter_id', '=', chapterId)
      .executeTakeFirstOrThrow()
    expect(again).toEqual({ position: 1, finished: true })
    // Signed out, the chapter carries no progress.
    expect((await t.call(endpoints.chapter, { params: { type, id: contentId, chapterId, salesType: 'product' } })).json().result.progress).toBeNull()
  })

  it('answers bad input with SPEC §8 statuses, never a 500', async () => {
    const { contentId, chapterId, type } = await findChapter(t, { free: true, mature: false })
    const good = { href: '1', type: 't', progression: '0', totalProgression: '0', position: '1' }
    expect((await t.call(endpoints.readProgress, { params: { type, id: contentId, chapterId }, body: good })).statusCode).toBe(401)
    expect(
      (await t.call(endpoints.readProgress, { params: { type, id: contentId, chapterId }, cookies, body: { ...good, progression: '2' } })).statusCode,
    ).toBe(400)
    expect((await t.call(endpoints.readProgress, { params: { type, id: contentId, chapterId }, cookies, body: { ...good, position: 'x' } })).statusCode).toBe(
      400,
    )
    expect((await t.call(endpoints.readProgress, { params: { type, id: contentId, chapterId }, cookies, body: { type: 't' } })).statusCode).toBe(400)
    expect((await t.call(endpoints.readProgress, { params: { type, id: contentId, chapterId: '999999' }, cookies, body: good })).statusCode).toBe(404)
    // Paths the table cannot say (a zero-padded id, a content type that does not exist): raw.
    expect((await t.call('POST', `/api/${type}/${contentId}/chapter/007/read`, { cookies, body: good })).statusCode).toBe(404)
    expect((await t.call('POST', `/api/novel/${contentId}/chapter/${chapterId}/read/finished`, { cookies })).statusCode).toBe(404)
  })
})

describe('EPUB novels', () => {
  it('the seed writes real EPUBs: Japanese vertical right to left, English and French left to right', async () => {
    const [ja, en, fr] = await Promise.all([novel('ja'), novel('en'), novel('fr')])
    expect([ja.length, en.length, fr.length]).toEqual([3, 3, 3])
    const [firstJa] = atLeast(ja, 1, 'Japanese novel chapters')
    expect(firstJa.reading_direction).toBe('rtl')
    expect(en[0]?.reading_direction).toBe('ltr')
    const chapter = (
      await t.call(endpoints.chapter, { params: { type: 'comic', id: firstJa.contentId, chapterId: firstJa.chapterId, salesType: 'product' } })
    ).json().result
    expect(chapter).toMatchObject({ chapterFileFormat: 'epub', epub: { layout: 'reflowable', readingProgression: 'rtl', language: 'ja' } })
    expect(chapter.epub.positions).toBeGreaterThan(3)
  })

  it('serves the Readium manifest with a positions list, and the files it names', async () => {
    const [first] = atLeast(await novel('ja'), 1, 'Japanese novel chapters')
    const publication = await t.call(endpoints.chapterEpub, {
      params: { type: 'comic', id: first.contentId },
      query: { chapterId: String(first.chapterId), chapterFileSalesType: 'product' },
    })
    expect(publication.statusCode).toBe(200)
    const { manifest, positions } = publication.json().result
    expect(manifest.metadata).toMatchObject({
      conformsTo: ['https://readium.org/webpub-manifest/profiles/epub'],
      readingProgression: 'rtl',
      layout: 'reflowable',
      language: 'ja',
    })
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
    const [, second] = atLeast(await novel('en'), 2, 'English novel chapters')
    expect([second.free, second.has_trial]).toEqual([false, true])
    const full = await t.call(endpoints.chapterEpub, {
      params: { type: 'comic', id: second.contentId },
      query: { chapterId: String(second.chapterId), chapterFileSalesType: 'product' },
    })
    expect(full.statusCode).toBe(401)
    const trial = (
      await t.call(endpoints.chapterEpub, {
        params: { type: 'comic', id: second.contentId },
        query: { chapterId: String(second.chapterId), chapterFileSalesType: 'trial' },
      })
    ).json().result
    expect(trial.manifest.readingOrder.length).toBe(1)
    expect(trial.positions.at(-1).locations.position).toBe(trial.positions.length)
    expect(trial.manifest.metadata.numberOfPages).toBe(trial.positions.length)
    // Once owned, the full book: every document, more positions than the trial.
    await t.db
      .insertInto('chapter_access')
      .values({ member_id: memberId, chapter_id: Number(second.chapterId), content_id: Number(second.contentId), kind: 'owned', via: 'coin', expires_at: null })
      .execute()
    const product = (
      await t.call(endpoints.chapterEpub, {
        params: { type: 'comic', id: second.contentId },
        cookies,
        query: { chapterId: String(second.chapterId), chapterFileSalesType: 'product' },
      })
    ).json().result
    expect(product.manifest.readingOrder.length).toBeGreaterThan(trial.manifest.readingOrder.length)
    expect(product.positions.length).toBeGreaterThan(trial.positions.length)
    const base = urlOf(endpoints.epubResource, { type: 'comic', id: second.contentId, chapterId: second.chapterId, salesType: 'trial', '*': '' })
    expect((await t.call('GET', `${base}${trial.manifest.readingOrder[0].href}`)).statusCode).toBe(200)
    expect((await t.call('GET', `${base}OEBPS/section-3.xhtml`)).statusCode).toBe(404)
    expect(
      (
        await t.call(endpoints.epubResource, {
          params: { type: 'comic', id: second.contentId, chapterId: second.chapterId, salesType: 'product', '*': 'OEBPS/section-3.xhtml' },
        })
      ).statusCode,
    ).toBe(401)
    expect(
      (await t.call(endpoints.chapterEpub, { params: { type: 'comic', id: second.contentId }, query: { chapterId: 'x', chapterFileSalesType: 'trial' } }))
        .statusCode,
    ).toBe(404)
    expect(
      (
        await t.call(endpoints.chapterEpub, {
          params: { type: 'comic', id: second.contentId },
          query: { chapterId: String(second.chapterId), chapterFileSalesType: 'full' },
        })
      ).statusCode,
    ).toBe(404)
  })
})

describe('EPUB import', () => {
  const samples = samplesDir ? fs.readdirSync(samplesDir).filter((name) => name.endsWith('.epub')) : []
  it('finds the four real publications', () => {
    expect(samples.sort()).toEqual(['childrens-literature.epub', 'kusamakura-japanese-vertical-writing.epub', 'moby-dick.epub', 'page-blanche.epub'])
  })

  it.each([
    ['moby-dick.epub', 'Moby-Dick', 'reflowable', 'ltr'],
    // Its navigation document is also in its reading order: a document of the paid part.
    ['childrens-literature.epub', "Children's Literature", 'reflowable', 'ltr'],
    ['page-blanche.epub', 'Page Blanche', 'fixed', 'ltr'],
    ['kusamakura-japanese-vertical-writing.epub', '草枕', 'reflowable', 'rtl'],
  ])('imports %s and serves it to read', async (file, title, layout, progression) => {
    const imported = await importEpubTitle(t.db, t.deps.objects, fs.readFileSync(`${samplesDir}/${file}`), new Date())
    expect(imported.title).toBe(title)
    const chapter = (
      await t.call(endpoints.chapter, { params: { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product' } })
    ).json().result
    expect(chapter.epub).toMatchObject({ layout, readingProgression: progression })
    expect(chapter.readingDirection).toBe(progression)
    const { manifest } = (
      await t.call(endpoints.chapterEpub, {
        params: { type: 'comic', id: imported.contentId },
        query: { chapterId: String(imported.chapterId), chapterFileSalesType: 'product' },
      })
    ).json().result
    const base = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product', '*': '' })
    for (const link of [manifest.readingOrder[0], manifest.readingOrder.at(-1), ...manifest.resources.slice(0, 3)]) {
      expect([link.href, (await t.call('GET', `${base}${link.href}`)).statusCode]).toEqual([link.href, 200])
    }
    if (file.startsWith('kusamakura')) {
      // Its package lists two audio files the archive lacks: they are left out, the book reads.
      expect(JSON.stringify(manifest)).not.toContain('.mp3')
    }
  })

  it('refuses damaged and non-EPUB files with a clear reason', async () => {
    await expect(parseEpub(Buffer.from('just some text'))).rejects.toThrow(new EpubError('This file is not an EPUB: it is not a zip archive.'))
    const book = buildEpub({
      identifier: 'x',
      title: 'T',
      author: 'A',
      language: 'en',
      vertical: false,
      sections: [{ title: 'One', paragraphs: ['Hello.'] }],
      modified: new Date('2026-01-01T00:00:00Z'),
    })
    await expect(parseEpub(book.subarray(0, book.length - 60))).rejects.toThrow(/damaged/)
    expect((await parseEpub(book)).manifest.readingOrder.length).toBe(1)
  })

  it('names a zip that is no EPUB, a malformed package and a reading order pointing at missing files as such', async () => {
    const zip = (files: Record<string, string>, mimetype = true) =>
      zipSync({
        ...(mimetype ? { mimetype: [strToU8('application/epub+zip'), { level: 0 }] as [Uint8Array, { level: 0 }] } : {}),
        ...Object.fromEntries(Object.entries(files).map(([name, body]) => [name, strToU8(body)])),
      })
    await expect(parseEpub(zip({ 'photo.txt': 'hello' }, false))).rejects.toThrow(
      /^This file is not an EPUB: it is a zip archive with neither a mimetype nor a META-INF\/container.xml\.$/,
    )
    const container =
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
    const opf = (spine: string, metadata = '') =>
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf"><dc:identifier id="id">x</dc:identifier><dc:title>T</dc:title><dc:language>en</dc:language>${metadata}</metadata><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest><spine>${spine}</spine></package>`
    const doc = '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>a</title></head><body><p>a</p></body></html>'
    const whole = opf('<itemref idref="a"/><itemref idref="b"/>')
    await expect(
      parseEpub(zip({ 'META-INF/container.xml': container, 'book.opf': whole.slice(0, whole.indexOf('<spine>') + 20), 'a.xhtml': doc, 'b.xhtml': doc })),
    ).rejects.toThrow(/^This EPUB has a malformed package: the package document \(book\.opf\) is not well-formed XML/)
    await expect(parseEpub(zip({ 'META-INF/container.xml': container, 'book.opf': whole, 'a.xhtml': doc }))).rejects.toThrow(
      'This EPUB is damaged: its reading order names files the archive lacks (b.xhtml).',
    )
    await expect(
      parseEpub(zip({ 'META-INF/container.xml': container, 'book.opf': opf('<itemref idref="a"/><itemref idref="zz"/>'), 'a.xhtml': doc, 'b.xhtml': doc })),
    ).rejects.toThrow(/malformed package: its spine names items its manifest does not list \(zz\)/)
    expect(
      (await parseEpub(zip({ 'META-INF/container.xml': container, 'book.opf': whole, 'a.xhtml': doc, 'b.xhtml': doc }))).manifest.readingOrder,
    ).toHaveLength(2)
  })

  it('counts positions by the text a reader sees, not the markup around it', () => {
    const math = '<math xmlns="http://www.w3.org/1998/Math/MathML"><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></mrow></math>'
    const doc = (body: string) =>
      Buffer.from(
        `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title><style>p { color: red }</style></head><body>${body}</body></html>`,
      )
    // A page of formulas: kilobytes of markup, a few characters of text.
    const formulas = doc(Array.from({ length: 200 }, () => `<p class="formula">${math}</p>`).join(''))
    expect(formulas.length).toBeGreaterThan(20_000)
    // Readium counted 1024 bytes a position: over twenty here; the text is a few screens at most.
    expect(Math.ceil(renderedLength(formulas, 'application/xhtml+xml') / POSITION_CHARS)).toBeLessThanOrEqual(3)
    expect(renderedLength(doc('<p>吾輩は猫である。</p><p>名前はまだ無い。</p>'), 'application/xhtml+xml')).toBe(17)
    expect(renderedLength(doc('<p>One &amp; two</p><img src="a.png"/>'), 'application/xhtml+xml')).toBe(9 + IMAGE_CHARS)
  })

  it('gives every creator the role its MARC relator code names: translators, illustrators, editors and narrators are not writers', async () => {
    const container =
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
    const metadata =
      '<dc:creator id="c1">Natsume Soseki</dc:creator><meta refines="#c1" property="role" scheme="marc:relators">aut</meta>' +
      '<dc:creator id="c2">Ann Translator</dc:creator><meta refines="#c2" property="role" scheme="marc:relators">trl</meta>' +
      '<dc:creator id="c3">Ivy Illustrator</dc:creator><meta refines="#c3" property="role" scheme="marc:relators">ill</meta>' +
      '<dc:creator opf:role="edt">Ed Editor</dc:creator><dc:contributor opf:role="nrt">Nora Narrator</dc:contributor>' +
      '<dc:contributor opf:role="bkd">Bea Designer</dc:contributor><dc:creator>Plain Writer</dc:creator>'
    const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf"><dc:identifier id="id">x</dc:identifier><dc:title>T</dc:title><dc:language>en</dc:language>${metadata}</metadata><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/></spine></package>`
    const doc = '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>a</title></head><body><p>a</p></body></html>'
    const parsed = await parseEpub(
      zipSync({
        mimetype: [strToU8('application/epub+zip'), { level: 0 }],
        'META-INF/container.xml': strToU8(container),
        'book.opf': strToU8(opf),
        'a.xhtml': strToU8(doc),
      }),
    )
    expect(parsed.creators).toEqual(['Natsume Soseki', 'Plain Writer'])
    expect(parsed.manifest.metadata).toMatchObject({
      author: ['Natsume Soseki', 'Plain Writer'],
      translator: ['Ann Translator'],
      illustrator: ['Ivy Illustrator'],
      editor: ['Ed Editor'],
      narrator: ['Nora Narrator'],
      contributor: ['Bea Designer'],
    })
    expect(creatorRole('TRL')).toBe('translator')
    expect(creatorRole('xyz')).toBe('other')
    expect(creatorRole(undefined)).toBe('author')
  })
})

describe('big books', () => {
  it('a 2,000-document book sends a position count per document, not a locator per position', async () => {
    const book = first(testBooks(['big-2000']), 'test books').bytes
    const imported = await importEpubTitle(t.db, t.deps.objects, book, new Date())
    const response = await t.call(endpoints.chapterEpub, {
      params: { type: 'comic', id: imported.contentId },
      query: { chapterId: String(imported.chapterId), chapterFileSalesType: 'product' },
    })
    expect(response.statusCode).toBe(200)
    const { manifest, positions, positionCounts } = response.json().result
    expect(manifest.readingOrder).toHaveLength(2000)
    expect(positions).toEqual([])
    expect(positionCounts).toHaveLength(2000)
    const rebuilt = positionsFromCounts(manifest.readingOrder, positionCounts)
    expect(rebuilt.length).toBeGreaterThan(COMPACT_POSITIONS)
    expect(rebuilt[0]).toMatchObject({ href: manifest.readingOrder[0].href, locations: { position: 1, progression: 0, totalProgression: 0 } })
    expect(rebuilt.at(-1)!.href).toBe(manifest.readingOrder[1999].href)
    // What the reader downloads before its first page: the manifest, not megabytes of positions.
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(manifest).length + 20_000)
    expect(JSON.stringify(rebuilt).length).toBeGreaterThan(200_000)
  })
})

describe('stored positions', () => {
  it('are parsed once per book, not on every file the frames ask for; a trial still gets its own', async () => {
    const book = buildEpub({
      identifier: 'urn:koma:test:parsed-once',
      title: 'Parsed once',
      author: 'A',
      language: 'en',
      vertical: false,
      sections: [1, 2, 3].map((n) => ({ title: `Chapter ${n}`, paragraphs: [`Text ${n}.`] })),
      modified: new Date('2026-01-01T00:00:00Z'),
    })
    const imported = await importEpubTitle(t.db, t.deps.objects, book, new Date())
    const base = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product', '*': 'OEBPS/' })
    const before = parsedBookLoads()
    const publication = await t.call(endpoints.chapterEpub, {
      params: { type: 'comic', id: imported.contentId },
      query: { chapterId: String(imported.chapterId), chapterFileSalesType: 'product' },
    })
    expect(publication.json().result.positions).toHaveLength(3)
    for (const file of ['section-1.xhtml', 'section-2.xhtml', 'style.css', 'section-3.xhtml'])
      expect((await t.call('GET', `${base}${file}`)).statusCode).toBe(200)
    expect(parsedBookLoads() - before).toBe(1)
    // A trial's cut (its first document) is made on a copy: the full book stays whole.
    await t.db.deleteFrom('chapter_epubs').where('chapter_id', '=', imported.chapterId).where('sales_type', '=', 'trial').execute()
    const { epub_id } = await t.db.selectFrom('chapter_epubs').select('epub_id').where('chapter_id', '=', imported.chapterId).executeTakeFirstOrThrow()
    await t.db.insertInto('chapter_epubs').values({ chapter_id: imported.chapterId, sales_type: 'trial', epub_id, reading_order_limit: 1 }).execute()
    const trial = (await chapterEpubRow(t.deps, imported.chapterId, 'trial'))!
    expect([trial.positions.length, trial.manifest.readingOrder.length, trial.manifest.toc.length]).toEqual([1, 1, 1])
    const again = await t.call(endpoints.chapterEpub, {
      params: { type: 'comic', id: imported.contentId },
      query: { chapterId: String(imported.chapterId), chapterFileSalesType: 'product' },
    })
    expect(again.json().result.positions).toHaveLength(3)
    expect(again.json().result.manifest.readingOrder).toHaveLength(3)
    expect(parsedBookLoads() - before).toBe(1)
  })
})

describe('SVG pages', () => {
  it('reads each SVG page of the reading order through an XHTML page of ours, whose raster images load; a trial only its own', async () => {
    const png = await sharp({ create: { width: 4, height: 6, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const container =
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
    const pages = [1, 2, 3]
    const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">svg-pages</dc:identifier><dc:title>SVG pages</dc:title><dc:language>en</dc:language><meta property="rendition:layout">pre-paginated</meta></metadata><manifest>${pages.map((n) => `<item id="p${n}" href="pages/p${n}.svg" media-type="image/svg+xml"/><item id="i${n}" href="images/i${n}.png" media-type="image/png"/>`).join('')}</manifest><spine>${pages.map((n) => `<itemref idref="p${n}"/>`).join('')}</spine></package>`
    const svg = (n: number) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 400 600"><image width="400" height="600" xlink:href="../images/i${n}.png"/><text x="20" y="40">Page ${n}</text></svg>`
    const files: Record<string, Uint8Array> = { 'META-INF/container.xml': strToU8(container), 'OPS/book.opf': strToU8(opf) }
    for (const n of pages) {
      files[`OPS/pages/p${n}.svg`] = strToU8(svg(n))
      files[`OPS/images/i${n}.png`] = new Uint8Array(png)
    }
    const imported = await importEpubTitle(t.db, t.deps.objects, zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], ...files }), new Date())
    const query = (salesType: string) => ({ query: { chapterId: String(imported.chapterId), chapterFileSalesType: salesType } })
    const { manifest, positions } = (await t.call(endpoints.chapterEpub, { params: { type: 'comic', id: imported.contentId }, ...query('product') })).json()
      .result
    expect(manifest.readingOrder.map((link: { href: string; type: string }) => [link.href, link.type])).toEqual(
      pages.map((n) => [`OPS/pages/p${n}.svg.page.xhtml`, 'application/xhtml+xml']),
    )
    expect(positions.map((position: { href: string }) => position.href)).toEqual(manifest.readingOrder.map((link: { href: string }) => link.href))
    const base = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product', '*': '' })
    const page = await t.call('GET', `${base}OPS/pages/p2.svg.page.xhtml`)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^application\/xhtml\+xml/)
    expect(page.body).toContain('<meta name="viewport" content="width=400, height=600"/>')
    expect(page.body).toContain('<image width="400" height="600" xlink:href="../images/i2.png"/>')
    expect(page.body).not.toContain('<!DOCTYPE')
    // The image it loads, relative to the page as to the SVG.
    expect((await t.call('GET', `${base}OPS/images/i2.png`)).statusCode).toBe(200)
    // Only SVG documents of the reading order have a page.
    expect((await t.call('GET', `${base}OPS/images/i2.png.page.xhtml`)).statusCode).toBe(404)
    // The trial reads its first page and what it loads, not the paid pages.
    const trial = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'trial', '*': '' })
    expect((await t.call('GET', `${trial}OPS/pages/p1.svg.page.xhtml`)).statusCode).toBe(200)
    expect((await t.call('GET', `${trial}OPS/images/i1.png`)).statusCode).toBe(200)
    expect((await t.call('GET', `${trial}OPS/pages/p3.svg.page.xhtml`)).statusCode).toBe(404)
    expect((await t.call('GET', `${trial}OPS/images/i3.png`)).statusCode).toBe(404)
  })
})

describe('obfuscated fonts', () => {
  /** A book with two embedded fonts, one obfuscated by each algorithm, as encryption.xml says. */
  function fontBook(identifier: string, font: Uint8Array): Uint8Array {
    const container =
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
    const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="isbn">9780000000000</dc:identifier><dc:identifier id="uid"> ${identifier} </dc:identifier><dc:title>Fonts</dc:title><dc:language>en</dc:language></metadata><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="f1" href="fonts/idpf.otf" media-type="font/otf"/><item id="f2" href="fonts/adobe.otf" media-type="font/otf"/><item id="f3" href="fonts/plain.otf" media-type="font/otf"/></manifest><spine><itemref idref="a"/></spine></package>`
    const encryption = `<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
<enc:EncryptedData><enc:EncryptionMethod Algorithm="${IDPF_ALGORITHM}"/><enc:CipherData><enc:CipherReference URI="OPS/fonts/idpf.otf"/></enc:CipherData></enc:EncryptedData>
<enc:EncryptedData><enc:EncryptionMethod Algorithm="${ADOBE_ALGORITHM}"/><enc:CipherData><enc:CipherReference URI="OPS/fonts/adobe.otf"/></enc:CipherData></enc:EncryptedData></encryption>`
    const doc = '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>a</title></head><body><p>a</p></body></html>'
    return zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8(container),
      'META-INF/encryption.xml': strToU8(encryption),
      'OPS/book.opf': strToU8(opf),
      'OPS/a.xhtml': strToU8(doc),
      'OPS/fonts/idpf.otf': xorHead(font, idpfKey(identifier), 1040),
      'OPS/fonts/adobe.otf': xorHead(font, adobeKey([identifier])!, 1024),
      'OPS/fonts/plain.otf': font,
    })
  }

  it('serves fonts obfuscated by the IDPF and Adobe algorithms as the fonts they are', async () => {
    const font = new Uint8Array(3000).map((_, i) => (i * 37 + 11) % 256)
    const identifier = 'urn:uuid:0f3a4c2e-9b1d-4e6f-8a7b-1c2d3e4f5a6b'
    const imported = await importEpubTitle(t.db, t.deps.objects, fontBook(identifier, font), new Date())
    const base = urlOf(endpoints.epubResource, {
      type: 'comic',
      id: imported.contentId,
      chapterId: imported.chapterId,
      salesType: 'product',
      '*': 'OPS/fonts/',
    })
    for (const name of ['idpf', 'adobe', 'plain']) {
      const response = await t.call('GET', `${base}${name}.otf`)
      expect([name, response.statusCode]).toEqual([name, 200])
      expect([name, Buffer.compare(response.rawPayload, Buffer.from(font))]).toEqual([name, 0])
    }
    // The package files, encryption.xml included, are still never served.
    expect(
      (
        await t.call(endpoints.epubResource, {
          params: { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product', '*': 'META-INF/encryption.xml' },
        })
      ).statusCode,
    ).toBe(404)
  })
})

/** A book whose first document (the trial) loads files every way a document can, and whose second (paid) has its own. */
function referencingEpub(): Uint8Array {
  const xhtml = (body: string, head = '') =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink"><head><title>t</title>${head}</head><body>${body}</body></html>`
  const files: Record<string, string> = {
    'META-INF/container.xml':
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'OPS/book.opf': `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">refs</dc:identifier><dc:title>References</dc:title><dc:language>en</dc:language></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="c1" href="text/one.xhtml" media-type="application/xhtml+xml" properties="svg"/><item id="c2" href="text/two.xhtml" media-type="application/xhtml+xml"/><item id="c3" href="text/three.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine toc="ncx"><itemref idref="c1"/><itemref idref="c2"/><itemref idref="c3"/></spine></package>`,
    'OPS/nav.xhtml': xhtml('<nav epub:type="toc" xmlns:epub="http://www.idpf.org/2007/ops"><ol><li><a href="text/one.xhtml">One</a></li></ol></nav>'),
    'OPS/toc.ncx': '<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"/>',
    'OPS/text/one.xhtml': xhtml(
      `<p>Free part.</p><img src="../img/a%20b.png#frag" srcset="../img/one-2x.png 2x, ../img/one-3x.png 3x"/>
<video poster="../img/poster.png" src="../media/clip.mp4"></video><svg xmlns="http://www.w3.org/2000/svg"><image xlink:href="../img/svg-image.png" width="1" height="1"/></svg>
<img src="../img/cover.svg"/><a href="two.xhtml">next</a><a href="../img/linked.png">big</a><iframe src="three.xhtml"></iframe><script src="../evil.js"></script>`,
      '<link rel="stylesheet" href="../css/one.css"/>',
    ),
    'OPS/text/two.xhtml': xhtml('<p>Paid part.</p><img src="../img/paid.png"/>', '<link rel="stylesheet" href="../css/paid.css"/>'),
    'OPS/text/three.xhtml': xhtml('<p>Paid part, framed.</p>'),
    'OPS/css/one.css': '@import "fonts.css";\nbody { background: url(\'../img/bg.png\') }',
    'OPS/css/fonts.css': '@font-face { font-family: F; src: url(../fonts/f.woff2) format("woff2") }',
    'OPS/css/paid.css': 'body { background: url(../img/paid-bg.png) }',
    'OPS/img/cover.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="cover-art.png" width="1" height="1"/></svg>',
    'OPS/evil.js': 'top.fetch("/api/member/profile")',
  }
  for (const image of ['a b', 'one-2x', 'one-3x', 'poster', 'svg-image', 'cover-art', 'bg', 'linked', 'paid', 'paid-bg']) files[`OPS/img/${image}.png`] = 'png'
  files['OPS/media/clip.mp4'] = 'mp4'
  files['OPS/fonts/f.woff2'] = 'woff2'
  return zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    ...Object.fromEntries(Object.entries(files).map(([name, body]) => [name, strToU8(body)])),
  })
}

describe('EPUB files each part serves', () => {
  const PACKAGE = ['META-INF/container.xml', 'mimetype']
  const statuses = async (base: string, paths: string[], options: { cookies?: Record<string, string> } = {}) =>
    Object.fromEntries(await Promise.all(paths.map(async (file) => [file, (await t.call('GET', `${base}${file}`, options)).statusCode] as const)))
  const allAre = (paths: string[], status: number) => Object.fromEntries(paths.map((file) => [file, status]))

  it('a trial gets its documents and exactly what they load, followed through CSS and SVG; the whole book none of the package', async () => {
    const imported = await importEpubTitle(t.db, t.deps.objects, referencingEpub(), new Date())
    const trial = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'trial', '*': '' })
    const product = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product', '*': '' })
    const loaded = [
      'text/one.xhtml',
      'img/a%20b.png',
      'img/one-2x.png',
      'img/one-3x.png',
      'img/poster.png',
      'media/clip.mp4',
      'img/svg-image.png',
      'img/cover.svg',
      'img/cover-art.png',
      'css/one.css',
      'css/fonts.css',
      'img/bg.png',
      'fonts/f.woff2',
    ].map((file) => `OPS/${file}`)
    const paid = ['text/two.xhtml', 'text/three.xhtml', 'img/paid.png', 'css/paid.css', 'img/paid-bg.png', 'img/linked.png'].map((file) => `OPS/${file}`)
    const never = ['OPS/book.opf', 'OPS/toc.ncx', 'OPS/nav.xhtml', 'OPS/evil.js', ...PACKAGE]
    expect(await statuses(trial, loaded)).toEqual(allAre(loaded, 200))
    expect(await statuses(trial, [...paid, ...never])).toEqual(allAre([...paid, ...never], 404))
    expect(await statuses(product, [...loaded, ...paid])).toEqual(allAre([...loaded, ...paid], 200))
    expect(await statuses(product, never)).toEqual(allAre(never, 404))
    // Percent-encoded or not, the same file; the manifests name only what each part serves.
    expect((await t.call('GET', `${trial}OPS/img/a b.png`)).statusCode).toBe(200)
    const manifestOf = async (salesType: string) =>
      (
        await t.call(endpoints.chapterEpub, {
          params: { type: 'comic', id: imported.contentId },
          query: { chapterId: String(imported.chapterId), chapterFileSalesType: salesType },
        })
      ).json().result.manifest
    const trialManifest = await manifestOf('trial')
    expect(trialManifest.readingOrder.map((link: { href: string }) => link.href)).toEqual(['OPS/text/one.xhtml'])
    expect(trialManifest.resources).toEqual([])
    expect(JSON.stringify(await manifestOf('product'))).not.toMatch(/book\.opf|toc\.ncx|nav\.xhtml|evil/)
    expect((await t.call('GET', `${trial}manifest.json`)).json().resources).toEqual([])
  })

  it('a seeded novel: the trial reads its document and stylesheet, not the paid documents or the package; the owner reads the rest', async () => {
    const [, , third] = atLeast(await novel('fr'), 3, 'French novel chapters')
    const trialUrl = urlOf(endpoints.epubResource, { type: 'comic', id: third.contentId, chapterId: third.chapterId, salesType: 'trial', '*': '' })
    const productUrl = urlOf(endpoints.epubResource, { type: 'comic', id: third.contentId, chapterId: third.chapterId, salesType: 'product', '*': '' })
    const { manifest } = (
      await t.call(endpoints.chapterEpub, {
        params: { type: 'comic', id: third.contentId },
        query: { chapterId: String(third.chapterId), chapterFileSalesType: 'trial' },
      })
    ).json().result
    const trialDocs = manifest.readingOrder.map((link: { href: string }) => link.href)
    expect(await statuses(trialUrl, [...trialDocs, 'OEBPS/style.css'])).toEqual(allAre([...trialDocs, 'OEBPS/style.css'], 200))
    const closed = ['OEBPS/section-3.xhtml', 'OEBPS/package.opf', 'OEBPS/nav.xhtml', ...PACKAGE]
    expect(await statuses(trialUrl, closed)).toEqual(allAre(closed, 404))
    await t.db
      .insertInto('chapter_access')
      .values({ member_id: memberId, chapter_id: Number(third.chapterId), content_id: Number(third.contentId), kind: 'owned', via: 'coin', expires_at: null })
      .execute()
    expect(await statuses(productUrl, ['OEBPS/section-3.xhtml', 'OEBPS/style.css'], { cookies })).toEqual(
      allAre(['OEBPS/section-3.xhtml', 'OEBPS/style.css'], 200),
    )
    expect(await statuses(productUrl, ['OEBPS/package.opf', 'OEBPS/nav.xhtml', ...PACKAGE], { cookies })).toEqual(
      allAre(['OEBPS/package.opf', 'OEBPS/nav.xhtml', ...PACKAGE], 404),
    )
  })

  it.each([
    [
      'page-blanche.epub',
      ['EPUB/Content/cover.xhtml', 'EPUB/Image/cover.jpg', 'EPUB/Style/style.css'],
      ['EPUB/Content/PageBlanche_Page_004.xhtml', 'EPUB/Image/PageBlanche_Page_004.jpg', 'EPUB/Image/PageBlanche_Page_008.jpg'],
      ['EPUB/package.opf', 'EPUB/Navigation/toc.ncx', 'EPUB/Navigation/nav.xhtml'],
    ],
    // Its navigation document is also in its reading order: a document of the paid part.
    [
      'childrens-literature.epub',
      ['EPUB/cover.xhtml', 'EPUB/images/cover.png', 'EPUB/css/epub.css'],
      ['EPUB/s04.xhtml', 'EPUB/css/nav.css', 'EPUB/nav.xhtml'],
      ['EPUB/package.opf', 'EPUB/toc.ncx'],
    ],
    [
      'kusamakura-japanese-vertical-writing.epub',
      ['OPS/xhtml/表紙.xhtml', 'OPS/images/夏目漱石.jpg', 'OPS/css/vertical.css', 'OPS/fonts/foobar.ttf'],
      ['OPS/xhtml/十三.xhtml', 'OPS/meta/底本.xmp'],
      ['OPS/package.opf', 'OPS/xhtml/toc.ncx', 'OPS/xhtml/目次.xhtml'],
    ],
    [
      'moby-dick.epub',
      ['OPS/chapter_001.xhtml', 'OPS/images/Moby-Dick_FE_title_page.jpg', 'OPS/css/stylesheet.css', 'OPS/fonts/STIXGeneral.otf'],
      ['OPS/chapter_136.xhtml', 'OPS/images/9780316000000.jpg'],
      ['OPS/package.opf', 'OPS/toc.xhtml'],
    ],
  ])('%s: the trial reads its documents and their files, not the paid part or the package', async (file, trialFiles, paidFiles, packageFiles) => {
    const imported = await importEpubTitle(t.db, t.deps.objects, fs.readFileSync(`${samplesDir}/${file}`), new Date())
    const encoded = (paths: string[]) => paths.map((p) => p.split('/').map(encodeURIComponent).join('/'))
    const trial = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'trial', '*': '' })
    const product = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product', '*': '' })
    const closed = encoded([...paidFiles, ...packageFiles, ...PACKAGE])
    expect(await statuses(trial, encoded(trialFiles))).toEqual(allAre(encoded(trialFiles), 200))
    expect(await statuses(trial, closed)).toEqual(allAre(closed, 404))
    // The book is free: its product is everyone's, package files excepted.
    expect(await statuses(product, encoded(paidFiles))).toEqual(allAre(encoded(paidFiles), 200))
    expect(await statuses(product, encoded([...packageFiles, ...PACKAGE]))).toEqual(allAre(encoded([...packageFiles, ...PACKAGE]), 404))
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
    const imported = await importImageFolder(t.db, t.deps.objects, folder, new Date(), { title: 'Scans' })
    const chapter = (
      await t.call(endpoints.chapter, { params: { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product' } })
    ).json().result
    expect([chapter.orientation, chapter.readingDirection, chapter.images.length]).toEqual(['paged', 'rtl', 11])
    expect(chapter.images[0]).toMatchObject({ width: 600, height: 900 })
    expect((await t.call('GET', `${chapter.images[10].url}&w=320`)).statusCode).toBe(200)
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('makes a vertical strip of tall pages, served in bands', async () => {
    const folder = await folderOf({ width: 400, height: 1600 }, 2)
    const imported = await importImageFolder(t.db, t.deps.objects, folder, new Date())
    const chapter = (
      await t.call(endpoints.chapter, { params: { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product' } })
    ).json().result
    expect([chapter.orientation, chapter.readingDirection]).toEqual(['vertical', 'ttb'])
    expect(chapter.images[0].tiles.length).toBe(4)
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('refuses a folder without pages', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-import-empty-'))
    await expect(importImageFolder(t.db, t.deps.objects, folder, new Date())).rejects.toThrow(EpubError)
    fs.rmSync(folder, { recursive: true, force: true })
  })
})
