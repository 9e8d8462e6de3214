import fs from 'node:fs'
import os from 'node:os'
import { endpoints, IMPORT_LIMITS, text, type OpsImported } from '@koma/contracts/server'
import sharp from 'sharp'
import { createTestApp, type TestApp } from '../../test/testApp'
import { callAs, freshCallers, type Caller, type Who } from '../../test/world'
import { importTarget } from '../viewer/importer'
import { epubSample } from '../../test/samples'
import { multipartBody } from '../../test/ops'

jest.setTimeout(180_000)

/**
 * Importing an EPUB or a comic's pages from the operator console (issue 17): the same importer
 * as `npm run import`, streamed with limits (413), the wrong kind of file refused (SPEC §8 400),
 * never a 500; operators only, audited; readers see the new title at once.
 */
let t: TestApp
let callers: Record<Who, Caller>

beforeAll(async () => {
  t = await createTestApp()
  callers = await freshCallers(t)
})
afterAll(async () => {
  await t?.close()
})

const page = (width: number, height = 100) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer()
const send = (who: keyof typeof callers, body: { payload: Buffer; type: string }, locale: 'en' | 'ja' | 'fr' = 'en') =>
  callAs(t, callers[who], endpoints.opsImport, { raw: body, locale })
const titles = async () =>
  Number(
    (
      await t.db
        .selectFrom('contents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const spools = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('koma-import-')).length

describe('importing from the browser', () => {
  it('answers only an operator who confirmed the second factor', async () => {
    const body = multipartBody({ kind: 'images', title: 'Who may' }, [{ field: 'pages', name: '1.png', bytes: await page(10), type: 'image/png' }])
    expect((await send('visitor', body)).statusCode).toBe(401)
    expect((await send('guest', body)).statusCode).toBe(403)
    expect((await send('member', body)).statusCode).toBe(403)
    expect((await send('operator', body)).statusCode).toBe(200)
  })

  it('an EPUB becomes the same novel `npm run import` makes, readers open it, and the audit log says who', async () => {
    const file = epubSample('childrens-literature.epub')
    const response = await send(
      'operator',
      multipartBody({ kind: 'epub' }, [{ field: 'file', name: 'childrens-literature.epub', bytes: fs.readFileSync(file) }]),
    )
    expect(response.statusCode).toBe(200)
    const imported = response.json().result as OpsImported
    // The command's importer on the same file, for comparison (rolled back).
    const byCommand = await t.db
      .transaction()
      .execute(async (trx) => {
        const made = await importTarget(trx, t.deps.objects, file, t.clock.now())
        throw Object.assign(new Error('rollback'), { made })
      })
      .catch((error: { made: { title: string; detail: string } }) => error.made)
    expect(imported).toMatchObject({ kind: 'epub', contentType: 'comic', title: byCommand.title, detail: byCommand.detail })

    const content = await callAs(t, callers.member, endpoints.content, { params: { type: 'comic', id: imported.contentId } })
    expect(content.statusCode).toBe(200)
    expect(content.json().result).toMatchObject({ name: byCommand.title, chapterFileFormat: 'epub' })
    const search = await callAs(t, callers.visitor, endpoints.search, { body: { query: byCommand.title } })
    expect((search.json().result.contents as { id: number }[]).map((c) => c.id)).toContain(imported.contentId)

    const audit = await callAs(t, callers.operator, endpoints.opsAudit, { query: { action: 'title.import' } })
    expect(audit.json().result.entries[0]).toMatchObject({
      action: 'title.import',
      target: `title:${imported.contentId}`,
      actorId: callers.operator.userId,
      after: { kind: 'epub', title: byCommand.title, chapterId: imported.chapterId, files: 1 },
    })
  })

  it('image pages become a comic in their names’ order, folders flattened into the name', async () => {
    const files = [
      { field: 'pages', name: 'Night walk/10.png', bytes: await page(13, 16), type: 'image/png' },
      { field: 'pages', name: 'Night walk/1.png', bytes: await page(11, 16), type: 'image/png' },
      { field: 'pages', name: 'Night walk/2.png', bytes: await page(12, 16), type: 'image/png' },
    ]
    const response = await send('operator', multipartBody({ kind: 'images', title: 'Night walk', ltr: 'true' }, files))
    expect(response.statusCode).toBe(200)
    const imported = response.json().result as OpsImported
    expect(imported).toMatchObject({ kind: 'images', title: 'Night walk', detail: 'paged, 3 pages' })
    const pages = await t.db
      .selectFrom('chapter_pages as p')
      .innerJoin('images as i', 'i.id', 'p.image_id')
      .select(['i.width'])
      .where('p.chapter_id', '=', imported.chapterId)
      .orderBy('p.sort')
      .execute()
    expect(pages.map((row) => row.width)).toEqual([11, 12, 13])
    const title = await t.db.selectFrom('contents').select(['reading_direction']).where('id', '=', imported.contentId).executeTakeFirstOrThrow()
    expect(title.reading_direction).toBe('ltr')
    const chapter = await callAs(t, callers.visitor, endpoints.chapter, {
      params: { type: 'comic', id: imported.contentId, chapterId: imported.chapterId, salesType: 'product' },
    })
    expect(chapter.statusCode).toBe(200)
  })

  it('refuses the wrong kind of file with SPEC §8’s 400 in the operator’s language, and keeps nothing', async () => {
    const before = await titles()
    const png = await page(10)
    const asEpub = await send('operator', multipartBody({ kind: 'epub' }, [{ field: 'file', name: 'cover.png', bytes: png }]), 'ja')
    expect([asEpub.statusCode, asEpub.json().message]).toEqual([400, text('importWrongKind', 'ja')])
    const notZip = await send('operator', multipartBody({ kind: 'epub' }, [{ field: 'file', name: 'book.epub', bytes: Buffer.from('plain text') }]), 'fr')
    expect(notZip.statusCode).toBe(400)
    expect(notZip.json().message).toBe(text('importRefused', 'fr', { reason: 'This file is not an EPUB: it is not a zip archive.' }))
    const textPage = await send('operator', multipartBody({ kind: 'images', title: 'x' }, [{ field: 'pages', name: 'notes.txt', bytes: Buffer.from('hi') }]))
    expect([textPage.statusCode, textPage.json().message]).toEqual([400, text('importWrongKind', 'en')])
    const fakePng = await send(
      'operator',
      multipartBody({ kind: 'images', title: 'x' }, [{ field: 'pages', name: '1.png', bytes: Buffer.from('not an image') }]),
    )
    expect([fakePng.statusCode, fakePng.json().message]).toEqual([400, text('importRefused', 'en', { reason: '1.png is not a readable image.' })])
    const noTitle = await send('operator', multipartBody({ kind: 'images' }, [{ field: 'pages', name: '1.png', bytes: png }]))
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().fields).toEqual([{ field: 'title', message: 'title: please fill this in.' }])
    const form = await callAs(t, callers.operator, endpoints.opsImport, { body: { kind: 'epub' } })
    expect([form.statusCode, form.json().message]).toEqual([400, text('importWrongKind', 'en')])
    const other = await send('operator', multipartBody({ kind: 'images', title: 'x' }, [{ field: 'avatar', name: '1.png', bytes: png }]))
    expect(other.statusCode).toBe(400)
    // A body cut short in the middle of a file.
    const whole = multipartBody({ kind: 'images', title: 'x' }, [{ field: 'pages', name: '1.png', bytes: png }])
    const cut = await send('operator', { payload: whole.payload.subarray(0, whole.payload.length - 60), type: whole.type })
    expect(cut.statusCode).toBe(400)
    expect(await titles()).toBe(before)
    expect(spools()).toBe(0)
  })

  it('stops at the limits with 413: a page too large, too many pages', async () => {
    const before = await titles()
    const big = Buffer.alloc(IMPORT_LIMITS.imageBytes + 1, 1)
    const tooBig = await send('operator', multipartBody({ kind: 'images', title: 'Huge' }, [{ field: 'pages', name: '1.png', bytes: big }]))
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([
      413,
      text('importTooLarge', 'en', { epub: 64, image: 20, total: 200, pages: IMPORT_LIMITS.pages }),
    ])
    const tiny = await page(4)
    const many = Array.from({ length: IMPORT_LIMITS.pages + 1 }, (_, i) => ({ field: 'pages', name: `${i}.png`, bytes: tiny }))
    const tooMany = await send('operator', multipartBody({ kind: 'images', title: 'Many' }, many))
    expect(tooMany.statusCode).toBe(413)
    expect(await titles()).toBe(before)
    expect(spools()).toBe(0)
  })
})
