import { endpoints } from '@koma/contracts/server'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import sharp from 'sharp'
import { loadConfig } from '../config'
import { connect } from '../db/connect'
import { registerMember } from '../test/account'
import { importEpubTitle } from '../modules/viewer/importer'
import { OBJECT_STORE_TIMEOUTS } from '../limits'
import { productionSafety } from '../safety'
import { ImageBank } from '../seed/images'
import { seedNovels } from '../seed/novels'
import { migrateToLatest } from '../db/migrate'
import { insertImage } from '../modules/image/stored'
import { postgresAdminUrl, testLane, withDatabase } from '../test/lane'
import { createTestApp, urlOf, type TestApp } from '../test/testApp'
import { databaseStore, keyOf, ObjectStoreUnavailableError, objectStoreOf, sha256Of } from '.'
import { moveToStore, MoveRefusedError } from './move'
import { uploadTimeoutMs } from './s3'
import { countRows, runObjectsCommand, startTestS3, testBook, testPng, type TestS3 } from '../test/storage'

jest.setTimeout(120_000)

let s3: TestS3
let t: TestApp
beforeAll(async () => {
  s3 = await startTestS3()
  // Rendered variants in memory only: a variant asked for the first time reads its source.
  t = await createTestApp({ configure: (config) => ({ ...config, objectStore: s3.config, imageCacheDir: null }) })
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
})

const get = (app: TestApp, url: string) => app.inject({ method: 'GET', url, headers: { accept: 'image/webp' } })

const imageRow = (app: TestApp, id: number) =>
  app.db.selectFrom('images').select(['bytes', 'storage_key', 'sha256', 'access']).where('id', '=', id).executeTakeFirstOrThrow()

const smallBook = (identifier: string) => testBook(identifier, 'Stored Elsewhere', 'Kept in a bucket, read through the API.')

/** The first reading-order document of a chapter's EPUB, as the viewer asks for it. */
async function firstDocument(app: TestApp, contentId: number, chapterId: number) {
  const manifest = await app.call(endpoints.chapterEpub, {
    params: { type: 'comic', id: contentId },
    query: { chapterId: String(chapterId), chapterFileSalesType: 'product' },
  })
  expect(manifest.statusCode).toBe(200)
  const href = manifest.json().result.manifest.readingOrder[0].href as string
  const base = urlOf(endpoints.epubResource, { type: 'comic', id: contentId, chapterId, salesType: 'product', '*': '' })
  return app.call('GET', `${base}${href}`)
}

/** Public seeded images no test of this file has asked for yet (each asked once: nothing cached). */
async function seededPublicImages(app: TestApp, count: number): Promise<number[]> {
  const rows = await app.db
    .selectFrom('images')
    .select('id')
    .where('access', '=', 'public')
    .where('storage_key', 'is', null)
    .orderBy('id')
    .limit(count)
    .execute()
  return rows.map((row) => Number(row.id))
}

/** Free seeded novel volumes (EPUB), each read once at most. */
async function seededFreeVolumes(app: TestApp) {
  const rows = await app.db
    .selectFrom('chapter_epubs as e')
    .innerJoin('chapters as c', 'c.id', 'e.chapter_id')
    .select(['c.id as chapterId', 'c.content_id as contentId'])
    .where('e.sales_type', '=', 'product')
    .where('c.free', '=', true)
    .orderBy('c.id')
    .execute()
  return rows.map((row) => ({ chapterId: Number(row.chapterId), contentId: Number(row.contentId) }))
}

describe('an S3-compatible object store (KOMA_OBJECT_STORE=s3)', () => {
  it('keeps an avatar in the bucket, the row holding its key and hash but no bytes, and serves it rendered', async () => {
    const member = await registerMember(t)
    const upload = await t.call(endpoints.avatarUpload, {
      cookies: member.cookies,
      raw: { payload: await testPng(300, 200, '#3a7'), type: 'application/octet-stream' },
    })
    expect(upload.statusCode).toBe(200)
    const url = upload.json().result.avatarImageUrl as string
    const id = Number(/\/image\/(\d+)/.exec(url)?.[1])
    const row = await imageRow(t, id)
    expect(row.bytes).toBeNull()
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(row.storage_key).toBe(keyOf(row.sha256!))
    expect(s3.keys()).toContain(row.storage_key)

    const served = await get(t, `${url}?w=320`)
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp'])
    const meta = await sharp(served.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 240])
  })

  it('keeps an inquiry attachment in the bucket too, still private', async () => {
    const upload = await t.call(endpoints.inquiryImage, {
      raw: { payload: await testPng(50, 40, '#c33'), type: 'application/octet-stream' },
      headers: { 'x-koma-client-uid': 'object-store-device' },
    })
    expect(upload.statusCode).toBe(200)
    const { image_id } = await t.db
      .selectFrom('inquiry_uploads')
      .select('image_id')
      .where('token', '=', upload.json().result.imageId as string)
      .executeTakeFirstOrThrow()
    const row = await imageRow(t, Number(image_id))
    expect([row.bytes, row.access, s3.keys().includes(row.storage_key!)]).toEqual([null, 'private', true])
    expect((await get(t, `/api/image/${image_id}?w=320`)).statusCode).toBe(404)
  })

  it('imports an EPUB into the bucket and reads its resources from there', async () => {
    const book = smallBook('urn:koma:test:object-store')
    const imported = await importEpubTitle(t.db, t.deps.objects, book, t.clock.now())
    const epub = await t.db
      .selectFrom('chapter_epubs as c')
      .innerJoin('epub_files as e', 'e.id', 'c.epub_id')
      .select(['e.bytes', 'e.storage_key', 'e.sha256'])
      .where('c.chapter_id', '=', imported.chapterId)
      .executeTakeFirstOrThrow()
    expect([epub.bytes, epub.sha256, epub.storage_key]).toEqual([null, sha256Of(book), keyOf(sha256Of(book))])
    expect(s3.keys()).toContain(epub.storage_key)
    const document = await firstDocument(t, imported.contentId, imported.chapterId)
    expect(document.statusCode).toBe(200)
    expect(document.body).toContain('Kept in a bucket, read through the API.')
    // Its drawn cover went to the bucket as well.
    const cover = await t.db.selectFrom('chapters').select('thumbnail_image_id').where('id', '=', imported.chapterId).executeTakeFirstOrThrow()
    expect((await imageRow(t, Number(cover.thumbnail_image_id))).bytes).toBeNull()
  })

  it('the seed writes through it too: artwork and novels land in the bucket', async () => {
    const bank = new ImageBank()
    for (const fill of ['#a11', '#1a1'])
      bank.add({ svg: `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="${fill}"/></svg>`, width: 4, height: 4 })
    await bank.insert(t.db, t.deps.objects, t.clock.now())
    const novels = await seedNovels(t.db, t.deps.objects, t.clock.now())
    const rows = await t.db
      .selectFrom('images')
      .select(['bytes', 'storage_key'])
      .where('id', 'in', [bank.id(0), bank.id(1)])
      .execute()
    expect(rows.map((row) => [row.bytes, s3.keys().includes(row.storage_key!)])).toEqual([
      [null, true],
      [null, true],
    ])
    const books = await t.db
      .selectFrom('chapter_epubs as c')
      .innerJoin('chapters as ch', 'ch.id', 'c.chapter_id')
      .innerJoin('epub_files as e', 'e.id', 'c.epub_id')
      .select(['e.bytes', 'e.storage_key'])
      .where('c.sales_type', '=', 'product')
      .where(
        'ch.content_id',
        '>',
        (
          await t.db
            .selectFrom('contents')
            .select((eb) => eb.fn.max('id').as('max'))
            .executeTakeFirstOrThrow()
        ).max! - novels.contents,
      )
      .execute()
    expect(books.length).toBe(novels.chapters)
    for (const row of books) expect([row.bytes, s3.keys().includes(row.storage_key!)]).toEqual([null, true])
  })

  it('moves a seeded site’s bytes to the bucket (existing rows served throughout), and a second run changes nothing', async () => {
    const [before, after] = await seededPublicImages(t, 2)
    const [volume] = await seededFreeVolumes(t)
    // Rows from before the store still hold their bytes, and read as before.
    expect((await imageRow(t, before!)).bytes).not.toBeNull()
    expect((await get(t, `/api/image/${before}?w=320`)).statusCode).toBe(200)

    const inRows = async (table: 'images' | 'epub_files') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('bytes', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const images = await inRows('images')
    const epubs = await inRows('epub_files')
    expect(images).toBeGreaterThan(10)
    expect(epubs).toBeGreaterThan(0)
    const inBucket = s3.keys().length
    const lines: string[] = []
    // Small batches: the run goes through several, as a large site's would.
    const report = await moveToStore(t.db, t.deps.objects, { batchRows: 40, log: (line) => lines.push(line) })
    expect(report.map((table) => [table.table, table.moved])).toEqual([
      ['images', images],
      ['epub_files', epubs],
      ['image_variants', 0],
    ])
    expect(lines.length).toBeGreaterThan(2)
    expect([await inRows('images'), await inRows('epub_files')]).toEqual([0, 0])
    // Every row names an object the bucket holds, under its own hash.
    const keys = new Set(s3.keys())
    expect(keys.size).toBeGreaterThan(inBucket)
    for (const table of ['images', 'epub_files'] as const) {
      const rows = await t.db.selectFrom(table).select(['storage_key', 'sha256']).execute()
      for (const row of rows) expect([row.storage_key, keys.has(row.storage_key!)]).toEqual([keyOf(row.sha256!), true])
    }

    // The site serves them from the bucket: an image variant never rendered, a seeded novel's text.
    const served = await get(t, `/api/image/${after}?w=480`)
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp'])
    expect((await firstDocument(t, volume!.contentId, volume!.chapterId)).statusCode).toBe(200)

    const again = await moveToStore(t.db, t.deps.objects)
    expect(again.map((table) => [table.table, table.moved, table.already])).toEqual([
      ['images', 0, await countRows(t, 'images')],
      ['epub_files', 0, await countRows(t, 'epub_files')],
      ['image_variants', 0, 0],
    ])
    expect(s3.keys().length).toBe(keys.size)
  })

  it('refuses to move anywhere when the store is the database', async () => {
    await expect(moveToStore(t.db, databaseStore)).rejects.toThrow(MoveRefusedError)
  })
})

describe('the move command (npm run objects -- --to-store)', () => {
  // The command's own process, on a small PostgreSQL database of its own (the move itself runs on
  // both lanes above, on the whole seed; a PGlite folder takes the command longer to open than the test is worth).
  const onPostgres = testLane() === 'postgres' ? it : it.skip
  onPostgres('moves a database’s bytes, prints its counts, and a second run moves nothing', async () => {
    const bucket = await startTestS3('koma-moved')
    const name = `koma_objects_${randomBytes(5).toString('hex')}`
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: postgresAdminUrl() })
      await client.connect()
      await client.query(statement).finally(() => client.end())
    }
    await admin(`create database ${name}`)
    const databaseUrl = withDatabase(postgresAdminUrl(), name)
    try {
      const handle = await connect({ databaseUrl, poolSize: 2 })
      try {
        await migrateToLatest(handle.db)
        for (const colour of ['#111', '#222', '#333'])
          await insertImage(handle.db, databaseStore, { width: 8, height: 8, mime: 'image/png', access: 'public' }, await testPng(8, 8, colour))
        await importEpubTitle(handle.db, databaseStore, smallBook('urn:koma:test:cli'), new Date('2026-01-01T00:00:00Z'))
      } finally {
        await handle.close()
      }

      const { endpoint, credentials } = bucket.config
      const env = {
        DATABASE_URL: databaseUrl,
        KOMA_OBJECT_STORE: 's3',
        S3_ENDPOINT: endpoint!,
        S3_BUCKET: bucket.config.bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: credentials!.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials!.secretAccessKey,
      }
      const first = await runObjectsCommand(['--to-store'], env)
      expect(first.status).toBe(0)
      // Three pages and the book's drawn cover; the book.
      expect(first.output).toMatch(/images: 4 moved \([\d.]+ MB\), 0 already in the store/)
      expect(first.output).toMatch(/epub_files: 1 moved \([\d.]+ MB\), 0 already in the store/)
      expect(bucket.keys()).toHaveLength(5)

      const second = await runObjectsCommand(['--to-store'], env)
      expect(second.status).toBe(0)
      expect(second.output).toContain('images: 0 moved (0.0 MB), 4 already in the store')
      expect(second.output).toContain('epub_files: 0 moved (0.0 MB), 1 already in the store')
      expect(second.output).toContain('nothing left to move')
      expect(bucket.keys()).toHaveLength(5)

      // Without a store to move to, it says what to set.
      const nowhere = await runObjectsCommand(['--to-store'], { ...env, KOMA_OBJECT_STORE: '' })
      expect([nowhere.status, nowhere.output]).toEqual([2, expect.stringContaining('KOMA_OBJECT_STORE=s3')])
    } finally {
      await admin(`drop database if exists ${name} with (force)`)
      await bucket.close()
    }
  })
})

describe('settings', () => {
  it('reads the store from the environment; the database is the default', () => {
    expect(loadConfig({}).objectStore).toEqual({ kind: 'database' })
    const config = loadConfig({
      KOMA_OBJECT_STORE: 's3',
      S3_BUCKET: 'koma-media',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).objectStore
    expect(config).toMatchObject({
      kind: 's3',
      bucket: 'koma-media',
      endpoint: 'https://minio.internal:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    })
    expect(objectStoreOf(config).describe).toBe('s3://koma-media at https://minio.internal:9000')
    // Uploads get time for their size: a largest EPUB (64 MB) on a slow link is not a silent store.
    expect(uploadTimeoutMs(OBJECT_STORE_TIMEOUTS, 64 * 1024 * 1024)).toBe(OBJECT_STORE_TIMEOUTS.requestMs + 68_000)
    // AWS itself: no endpoint, the SDK's own credentials.
    expect(loadConfig({ KOMA_OBJECT_STORE: 's3', S3_BUCKET: 'b' }).objectStore).toMatchObject({ endpoint: null, region: 'us-east-1', credentials: null })
    expect(() => loadConfig({ KOMA_OBJECT_STORE: 'disk' })).toThrow(/KOMA_OBJECT_STORE must be database or s3/)
    expect(() => loadConfig({ KOMA_OBJECT_STORE: 's3' })).toThrow(/needs S3_BUCKET/)
    expect(() => loadConfig({ KOMA_OBJECT_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/)
    expect(() => loadConfig({ KOMA_OBJECT_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
  })

  it('the production check names a store set up wrong, and says where the bytes are kept', () => {
    const safe = { NODE_ENV: 'production', KOMA_PUBLIC_URL: 'https://koma.example', TRUST_PROXY: '127.0.0.1', KOMA_OUTBOX_DIR: '/tmp/koma-outbox' }
    expect(productionSafety(safe).notes.join('\n')).toMatch(/images and EPUB files are kept in the database/)
    const s3 = productionSafety({ ...safe, KOMA_OBJECT_STORE: 's3', S3_BUCKET: 'koma-media', S3_ENDPOINT: 'https://r2.example' })
    expect(s3.problems).toEqual([])
    expect(s3.notes.join('\n')).toMatch(/kept in s3:\/\/koma-media at https:\/\/r2\.example: back the bucket up/)
    expect(productionSafety({ ...safe, KOMA_OBJECT_STORE: 's3' }).problems.join('\n')).toMatch(/needs S3_BUCKET/)
    expect(productionSafety({ ...safe, KOMA_OBJECT_STORE: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'x' }).problems.join('\n')).toMatch(/S3_ACCESS_KEY_ID/)
    expect(productionSafety({ ...safe, KOMA_OBJECT_STORE: 'disk' }).problems.join('\n')).toMatch(/KOMA_OBJECT_STORE="disk"/)
  })

  it('a row moved to a store, read by a process without it, is data that could not be obtained (not a crash)', async () => {
    await expect(databaseStore.get({ bytes: null, storage_key: keyOf('0'.repeat(64)) })).rejects.toThrow(ObjectStoreUnavailableError)
    const stored = await databaseStore.put(Buffer.from('kept in the row'))
    expect(stored).toEqual({ sha256: sha256Of(Buffer.from('kept in the row')), bytes: Buffer.from('kept in the row'), storage_key: null })
    expect((await databaseStore.get(stored)).toString()).toBe('kept in the row')
  })
})
