import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { endpoints, text } from '@koma/contracts/server'
import { createTestApp, type TestApp, urlOf } from '../../../test/testApp'
import { callAs, freshCallers, type Caller, type Who } from '../../../test/world'
import { craftZip, deflated, epubWith, reportedBomb, stored, zeros } from '../../../test/zipBombs'
import { ARCHIVE_LIMITS } from '../../../limits'
import { multipartBody } from '../../../test/ops'
import { importEpubTitle, importTarget } from '../importer'
import { ArchiveLimitError, inflatedSoFar } from './zip'

jest.setTimeout(180_000)

/**
 * EPUB zip bombs (issue 33): an archive past ARCHIVE_LIMITS is refused by the operator console and
 * by `npm run import` from its directory, before anything is inflated or stored, with SPEC §8's
 * 413 naming the limit in the operator's language; a reader's open inflates only the file asked
 * for, and a bomb stored before the limits is never inflated at all.
 */
let t: TestApp
let callers: Record<Who, Caller>
let scratch: string

beforeAll(async () => {
  t = await createTestApp()
  callers = await freshCallers(t)
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-archives-'))
})
afterAll(async () => {
  fs.rmSync(scratch, { recursive: true, force: true })
  await t?.close()
})
afterEach(() => jest.restoreAllMocks())

const MB = 1024 * 1024
const count = async (table: 'contents' | 'epub_files' | 'images' | 'chapters') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const rows = async () => ({
  contents: await count('contents'),
  chapters: await count('chapters'),
  epubs: await count('epub_files'),
  images: await count('images'),
})

/** Entries and bytes inflated from archives from now on. */
function inflation(): { bytes: () => number; streams: () => number } {
  const start = inflatedSoFar()
  return { bytes: () => inflatedSoFar().bytes - start.bytes, streams: () => inflatedSoFar().entries - start.entries }
}

const importAsOperator = (bytes: Buffer, locale: 'en' | 'ja' | 'fr') =>
  callAs(t, callers.operator, endpoints.opsImport, {
    raw: multipartBody({ kind: 'epub' }, [{ field: 'file', name: 'bomb.epub', bytes }]),
    locale,
  })

describe('EPUB archives past ARCHIVE_LIMITS', () => {
  it('refuses the probe’s bomb (300 kB inflating to 300 MB) from the console with a 413 in the operator’s language, inflating and keeping nothing', async () => {
    const bomb = reportedBomb()
    expect(bomb.length).toBeLessThan(400_000)
    const before = await rows()
    const put = jest.spyOn(t.deps.objects, 'put')
    const inflated = inflation()
    for (const locale of ['ja', 'en', 'fr'] as const) {
      const refused = await importAsOperator(bomb, locale)
      expect([refused.statusCode, refused.json().message]).toEqual([
        413,
        text('importArchiveRatio', locale, { file: 'OPS/filler-0.bin', ratio: Math.round((50 * MB) / zeros('x', 50).data.length), max: ARCHIVE_LIMITS.ratio }),
      ])
    }
    // Refused from the directory: the few package files at most were inflated, never a filler.
    expect(inflated.bytes()).toBeLessThan(64 * 1024)
    expect(put).not.toHaveBeenCalled()
    expect(await rows()).toEqual(before)
  })

  it('holds each entry, the whole book and the number of entries to their limits, in the console and in `npm run import`', async () => {
    const cases: { name: string; bytes: Buffer; key: Parameters<typeof text>[0]; values: Record<string, string | number> }[] = [
      {
        name: 'an entry past 64 MB',
        bytes: epubWith([zeros('OPS/huge.bin', 65)]),
        key: 'importArchiveEntryBytes',
        values: { file: 'OPS/huge.bin', max: ARCHIVE_LIMITS.entryBytes / MB },
      },
      {
        // Each a megabyte (no ratio limit below it), 520 MB in all.
        name: 'a book past 512 MB',
        bytes: epubWith(Array.from({ length: 520 }, (_, i) => zeros(`OPS/part-${i}.bin`, 1))),
        key: 'importArchiveBookBytes',
        values: { max: ARCHIVE_LIMITS.bookBytes / MB },
      },
      {
        name: 'more than 10,000 entries',
        bytes: epubWith(Array.from({ length: ARCHIVE_LIMITS.entries }, (_, i) => stored(`OPS/empty/${i}.txt`, ''))),
        key: 'importArchiveEntries',
        values: { count: ARCHIVE_LIMITS.entries + 5, max: ARCHIVE_LIMITS.entries },
      },
    ]
    const before = await rows()
    const put = jest.spyOn(t.deps.objects, 'put')
    for (const { name, bytes, key, values } of cases) {
      expect([name, bytes.length < 2 * MB]).toEqual([name, true])
      const refused = await importAsOperator(bytes, 'fr')
      expect([name, refused.statusCode, refused.json().message]).toEqual([name, 413, text(key, 'fr', values)])
      // The command's importer (what `npm run import` runs) on the same file, in English.
      const file = path.join(scratch, 'book.epub')
      fs.writeFileSync(file, bytes)
      const byCommand = await t.db
        .transaction()
        .execute((trx) => importTarget(trx, t.deps.objects, file, t.clock.now()))
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect([name, byCommand instanceof ArchiveLimitError && byCommand.message]).toEqual([name, text(key, 'en', values)])
    }
    expect(put).not.toHaveBeenCalled()
    expect(await rows()).toEqual(before)
  })

  it('refuses a directory that lies about a file’s size as damaged, having inflated no more than it declared', async () => {
    const before = await rows()
    const inflated = inflation()
    // Declares 1,000 bytes, inflates to 50 MB.
    const refused = await importAsOperator(epubWith([zeros('OPS/liar.bin', 50, 1000)]), 'en')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(
      /^This could not be imported: This EPUB is damaged: OPS\/liar\.bin cannot be unpacked \(too many bytes in the stream/,
    )
    expect(inflated.bytes()).toBeLessThan(2 * MB)
    expect(await rows()).toEqual(before)
  })

  it('a reader’s open inflates only the file asked for; a bomb stored before the limits is never inflated and answers 404', async () => {
    // A real book with a large incompressible picture beside its chapters.
    const picture = randomBytes(2 * MB)
    const book = epubWith([deflated('OPS/picture.bin', picture)], 'Big picture')
    const imported = await importEpubTitle(t.db, t.deps.objects, book, t.clock.now())
    const base = urlOf(endpoints.epubResource, { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product', '*': '' })
    // The first open works out what the book serves (its package files).
    expect((await t.call('GET', `${base}OPS/a.xhtml`)).statusCode).toBe(200)
    const inflated = inflation()
    const chapter = await t.call('GET', `${base}OPS/b.xhtml`)
    expect(chapter.statusCode).toBe(200)
    expect([inflated.streams(), inflated.bytes()]).toEqual([1, Buffer.byteLength(chapter.body)])
    const big = await t.call('GET', `${base}OPS/picture.bin`)
    expect([big.statusCode, big.rawPayload.equals(picture)]).toEqual([200, true])

    // A bomb that reached the store before these limits (written over a book's bytes): its
    // directory is read, nothing inflated, nothing served.
    const victim = await importEpubTitle(t.db, t.deps.objects, epubWith([], 'Replaced'), t.clock.now())
    const epub = await t.db.selectFrom('chapter_epubs').select('epub_id').where('chapter_id', '=', victim.chapterId).executeTakeFirstOrThrow()
    await t.db
      .updateTable('epub_files')
      .set({ bytes: craftZip([...Array.from({ length: 6 }, (_, i) => zeros(`OPS/a${i}.xhtml`, 50))]) })
      .where('id', '=', epub.epub_id)
      .execute()
    const bombed = urlOf(endpoints.epubResource, { type: 'comic', id: victim.contentId, chapterId: victim.chapterId, salesType: 'product', '*': '' })
    const before = inflated.bytes()
    const opened = await t.call('GET', `${bombed}OPS/a0.xhtml`)
    expect(opened.statusCode).toBe(404)
    expect(inflated.bytes()).toBe(before)
    // Fresh bytes on the same book (nothing of the refusal is kept): reportedBomb as well.
    await t.db.updateTable('epub_files').set({ bytes: reportedBomb() }).where('id', '=', epub.epub_id).execute()
    expect((await t.call('GET', `${bombed}OPS/a.xhtml`)).statusCode).toBe(404)
    expect(inflated.bytes()).toBe(before)
  })
})
