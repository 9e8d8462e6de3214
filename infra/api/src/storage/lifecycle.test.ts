import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { insertImage } from '../modules/image/stored'
import { importEpubTitle } from '../modules/viewer/importer'
import { createTestApp, type TestApp } from '../test/testApp'
import { databaseStore, hashOfKey, objectStoreOf, sha256Of, type ObjectStore } from '.'
import { collectOrphans, DAY_MS, TRASH } from './collect'
import { moveToDatabase, MoveRefusedError } from './move'
import { s3Bucket, type Bucket } from './s3'
import { runObjectsCommand, startTestS3, testBook, testPng, type TestS3 } from '../test/storage'

/**
 * The rest of a bucket's life (issue 18): `npm run objects -- --to-database` (every row gets its
 * bytes back) and `--collect` (objects no row names go through the trash, and come back when a
 * row names them again).
 */
jest.setTimeout(120_000)

let s3: TestS3
let t: TestApp
beforeAll(async () => {
  s3 = await startTestS3()
  t = await createTestApp({ configure: (config) => ({ ...config, objectStore: s3.config, imageCacheDir: null }) })
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
})

const inRows = async (table: 'images' | 'epub_files', column: 'bytes' | 'storage_key') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(column, 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('npm run objects -- --to-database', () => {
  it('gives every row its bytes back from the bucket (checked against their hash), served throughout; a second run moves nothing', async () => {
    // Rows written while the bucket is the store: five images and a book (the seeded rows keep their bytes).
    const ids: number[] = []
    for (const colour of ['#111', '#222', '#333', '#444', '#555'])
      ids.push(await insertImage(t.db, t.deps.objects, { width: 8, height: 8, mime: 'image/png', access: 'public' }, await testPng(8, 8, colour)))
    await importEpubTitle(
      t.db,
      t.deps.objects,
      testBook('urn:koma:test:back', 'Coming Home', 'Read from the bucket, then from the row.'),
      new Date('2026-01-01T00:00:00Z'),
    )
    const [images, epubs] = [await inRows('images', 'storage_key'), await inRows('epub_files', 'storage_key')]
    expect([images, epubs]).toEqual([6, 1]) // the book's drawn cover is an image too
    const [seededImages, seededEpubs] = [await inRows('images', 'bytes'), await inRows('epub_files', 'bytes')]
    const inBucket = s3.keys()
    expect(inBucket).toHaveLength(7)
    const lines: string[] = []
    // Batches of two: the run goes through several, as a large site's would.
    const report = await moveToDatabase(t.db, t.deps.objects, { batchRows: 2, log: (line) => lines.push(line) })
    expect(report.map((table) => [table.table, table.moved, table.already])).toEqual([
      ['images', images, seededImages],
      ['epub_files', epubs, seededEpubs],
      ['image_variants', 0, 0],
    ])
    expect(lines.length).toBeGreaterThan(2)
    expect([await inRows('images', 'storage_key'), await inRows('epub_files', 'storage_key')]).toEqual([0, 0])
    for (const table of ['images', 'epub_files'] as const) {
      const rows = await t.db.selectFrom(table).select(['bytes', 'sha256']).execute()
      for (const row of rows) expect(sha256Of(row.bytes!)).toBe(row.sha256)
    }
    // Served from the row now (a process configured without the store reads it too).
    const served = await t.inject({ method: 'GET', url: `/api/image/${ids[0]}?w=200`, headers: { accept: 'image/webp' } })
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp'])
    // The objects stay in the bucket (kept until a backup holds the bytes).
    expect(s3.keys()).toEqual(inBucket)

    const again = await moveToDatabase(t.db, t.deps.objects)
    expect(again.map((table) => [table.table, table.moved, table.already])).toEqual([
      ['images', 0, seededImages + images],
      ['epub_files', 0, seededEpubs + epubs],
      ['image_variants', 0, 0],
    ])
  })

  it('refuses without a store to read from, and stops at an object that does not hold its hash’s bytes', async () => {
    await expect(moveToDatabase(t.db, databaseStore)).rejects.toThrow(MoveRefusedError)
    // A row naming an object whose bytes were swapped in the bucket: named, and left as it was.
    const id = await insertImage(t.db, t.deps.objects, { width: 4, height: 4, mime: 'image/png', access: 'public' }, await testPng(4, 4, '#abc'))
    const row = await t.db.selectFrom('images').select(['storage_key']).where('id', '=', id).executeTakeFirstOrThrow()
    await putRaw(row.storage_key!, await testPng(4, 4, '#cba'))
    await expect(moveToDatabase(t.db, t.deps.objects)).rejects.toThrow(/does not hold the bytes its hash names/)
    expect(await t.db.selectFrom('images').select(['bytes', 'storage_key']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      bytes: null,
      storage_key: row.storage_key,
    })
    await t.db.deleteFrom('images').where('id', '=', id).execute()
  })
})

/** Write any bytes under any key, as something other than the API would (the SDK directly). */
async function putRaw(key: string, body: Buffer, config = s3.config): Promise<void> {
  const client = new S3Client({ region: config.region, endpoint: config.endpoint!, forcePathStyle: true, credentials: config.credentials! })
  try {
    await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body }))
  } finally {
    client.destroy()
  }
}

describe('npm run objects -- --collect', () => {
  let other: TestS3
  let store: ObjectStore
  let bucket: Bucket
  beforeAll(async () => {
    other = await startTestS3('koma-collected')
    store = objectStoreOf(other.config)
    const { kind: _kind, ...config } = other.config
    bucket = s3Bucket(config)
  })
  afterAll(async () => {
    await bucket?.close()
    await store?.close()
    await other?.close()
  })

  /** Distinct bytes (the key is their hash): a tiny PNG of its own colour. */
  const colours = { named: '#102030', orphan: '#203040', raced: '#304050', late: '#405060' }
  const bytesOf = (label: keyof typeof colours) => testPng(2, 2, colours[label])
  const nameRow = async (key: string) =>
    t.db
      .insertInto('images')
      .values({ width: 2, height: 2, mime: 'image/png', access: 'public', bytes: null, storage_key: key, sha256: hashOfKey(key) })
      .execute()
  /** Two days on: every object written so far is older than a day. */
  const later = (days: number) => () => new Date(Date.now() + days * DAY_MS)

  it('keeps what rows name, what is young and what is not Koma’s; trashes the rest; a row naming one meanwhile gets it back', async () => {
    const named = await insertImage(t.db, store, { width: 2, height: 2, mime: 'image/png', access: 'public' }, await bytesOf('named'))
    const namedKey = (await t.db.selectFrom('images').select('storage_key').where('id', '=', named).executeTakeFirstOrThrow()).storage_key!
    const orphan = (await store.put(await bytesOf('orphan'))).storage_key!
    const raced = (await store.put(await bytesOf('raced'))).storage_key!
    await putRaw('exports/report.csv', Buffer.from('not an object of Koma’s'), other.config)
    const everything = other.keys()

    // Everything was just written: nothing is old enough.
    const young = await collectOrphans(t.db, bucket)
    expect(young).toMatchObject({ checked: 3, young: 3, trashed: 0, deleted: 0 })
    // Two days on, counted only.
    const lines: string[] = []
    const dry = await collectOrphans(t.db, bucket, { now: later(2), dryRun: true, log: (line) => lines.push(line) })
    expect(dry).toMatchObject({ checked: 3, young: 0, trashed: 2, restored: 0, deleted: 0 })
    expect(lines.join('\n')).toMatch(/3 objects checked, 0 of them written in the last 24 h; 2 would be moved to the trash/)
    expect(other.keys()).toEqual(everything)

    // For real: a writer that put `raced` again names it while the run goes.
    const report = await collectOrphans(t.db, bucket, {
      now: later(2),
      onTrashed: async (keys) => {
        expect(keys.sort()).toEqual([orphan, raced].sort())
        await nameRow(raced)
      },
    })
    expect(report).toMatchObject({ checked: 3, trashed: 1, restored: 1, deleted: 0 })
    expect(other.keys()).toEqual(['exports/report.csv', namedKey, raced, `${TRASH}${orphan}`].sort())
  })

  it('deletes for good what stayed in the trash another day unnamed, and puts back what a row names again', async () => {
    const trashedBefore = other.keys().filter((key) => key.startsWith(TRASH))
    expect(trashedBefore).toHaveLength(1)
    const late = (await store.put(await bytesOf('late'))).storage_key!
    // Hours later: the trash is not a day old, and the new object not either: nothing moves.
    expect(await collectOrphans(t.db, bucket, { now: later(0.5) })).toMatchObject({ trashed: 0, deleted: 0, restored: 0 })
    // Two days on: the earlier orphan goes for good, the new one to the trash.
    expect(await collectOrphans(t.db, bucket, { now: later(2) })).toMatchObject({ trashed: 1, deleted: 1, restored: 0 })
    expect(other.keys().filter((key) => key.startsWith(TRASH))).toEqual([`${TRASH}${late}`])

    // A row written after that run names it (its writer put the bytes before the run listed them): the next run puts it back.
    await nameRow(late)
    expect(await collectOrphans(t.db, bucket, { now: later(2) })).toMatchObject({ trashed: 0, deleted: 0, restored: 1 })
    const keys = other.keys()
    expect(keys.filter((key) => key.startsWith(TRASH))).toEqual([])
    expect(keys).toContain(late)
    expect(keys).toContain('exports/report.csv')
    expect(sha256Of(await store.get({ bytes: null, storage_key: late }))).toBe(hashOfKey(late))
  })
})

describe('the command', () => {
  it('says its usage for arguments it does not know, and what to set without a store', async () => {
    const [bad, nowhere] = await Promise.all([
      runObjectsCommand(['--collect', '--older-than-hours', '0'], {}),
      runObjectsCommand(['--to-database'], { KOMA_OBJECT_STORE: '' }),
    ])
    expect([bad.status, bad.output]).toEqual([2, expect.stringContaining('usage: npm run objects -- --to-store | --to-database | --collect')])
    expect([nowhere.status, nowhere.output]).toEqual([2, expect.stringContaining('KOMA_OBJECT_STORE=s3')])
  })
})
