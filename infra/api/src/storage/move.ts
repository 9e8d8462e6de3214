import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { hashOfKey, mapLimit, putAll, sha256Of, type ObjectStore } from './objects'

/** The tables whose rows hold bytes the object store can take (image_variants: encoded AVIF, issue 34). */
export const STORED_TABLES = ['images', 'epub_files', 'image_variants'] as const
export type StoredTable = (typeof STORED_TABLES)[number]

export interface MovedTable {
  table: StoredTable
  /** Rows whose bytes this run put in the store. */
  moved: number
  /** Their bytes. */
  bytes: number
  /** Rows already where the run moves them before it began (an earlier, maybe interrupted, run; or written there). */
  already: number
}

export interface MoveOptions {
  /** Progress lines, e.g. console.log. */
  log?: (line: string) => void
  /** At most this many bytes read from the database at a time (a batch holds at least one row). */
  batchBytes?: number
  /** At most this many rows at a time. */
  batchRows?: number
}

/** Thrown when there is nowhere to move to (KOMA_OBJECT_STORE is the database) or a row's bytes do not match its hash. */
export class MoveRefusedError extends Error {}

const BATCH_BYTES = 64 * 1024 * 1024
const BATCH_ROWS = 100

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same statements on both tables
type AnyDb = Kysely<any>

/**
 * `npm run objects -- --to-store` (issue 18): move the bytes of every image and EPUB file still
 * held in its row into the configured object store, a batch at a time: the batch's bytes are put
 * first, then, in one transaction, each row gets its key (and an image its hash) and loses its
 * bytes, only if it still has them. So a row never names an object that is not stored; a run cut
 * anywhere leaves every row readable, and the next run carries on from the rows not moved yet
 * (putting an object again is harmless: keys are content hashes). A run with nothing left moves
 * nothing. The API may keep serving meanwhile, as long as every process already has the store
 * configured (it reads both kinds of row).
 */
export async function moveToStore(db: Kysely<Database>, objects: ObjectStore, options: MoveOptions = {}): Promise<MovedTable[]> {
  if (objects.kind === 'database')
    throw new MoveRefusedError('KOMA_OBJECT_STORE is the database: set KOMA_OBJECT_STORE=s3 and its S3_* settings to move the bytes there')
  const report: MovedTable[] = []
  for (const table of STORED_TABLES) report.push(await moveTable(db as AnyDb, objects, table, options))
  return report
}

/** Rows of a table already kept one way: by their own bytes, or by a key. */
async function rowsHolding(db: AnyDb, table: StoredTable, column: 'bytes' | 'storage_key'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column, 'is not', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function moveTable(db: AnyDb, objects: ObjectStore, table: StoredTable, options: MoveOptions): Promise<MovedTable> {
  const batchBytes = options.batchBytes ?? BATCH_BYTES
  const batchRows = options.batchRows ?? BATCH_ROWS
  const already = await rowsHolding(db, table, 'storage_key')
  const result: MovedTable = { table, moved: 0, bytes: 0, already }
  let after = 0
  for (;;) {
    // The next rows with bytes, by size, to fill one batch: ids in order, so a run always ends.
    const sizes = await db
      .selectFrom(table)
      .select(['id', sql<number>`octet_length(bytes)`.as('size')])
      .where('bytes', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchRows)
      .execute()
    if (!sizes.length) break
    const ids: number[] = []
    let total = 0
    for (const row of sizes) {
      if (ids.length && total + Number(row.size) > batchBytes) break
      ids.push(Number(row.id))
      total += Number(row.size)
    }
    after = ids[ids.length - 1]!
    const rows: { id: number; bytes: Buffer | null; sha256: string | null }[] = await db
      .selectFrom(table)
      .select(['id', 'bytes', 'sha256'])
      .where('id', 'in', ids)
      .where('bytes', 'is not', null)
      .orderBy('id')
      .execute()
    const present = rows.filter((row): row is { id: number; bytes: Buffer; sha256: string | null } => row.bytes !== null)
    for (const row of present) {
      if (row.sha256 !== null && row.sha256 !== sha256Of(row.bytes))
        throw new MoveRefusedError(`${table} ${row.id}: its bytes do not match its sha256 (${row.sha256}); left in the database, nothing of it moved`)
    }
    // Rows moved meanwhile (another run) are skipped.
    if (!present.length) continue
    const stored = await putAll(
      objects,
      present.map((row) => row.bytes),
    )
    // One statement for the batch: a row takes its key only if it still holds its bytes.
    const values = present.map((row, index) => sql`(${row.id}::bigint, ${stored[index]!.storage_key}::text, ${stored[index]!.sha256}::text)`)
    const { rows: updated } = await sql<{ id: number | string }>`
      update ${sql.table(table)} as t set bytes = null, storage_key = v.key, sha256 = v.sha
      from (values ${sql.join(values)}) as v (id, key, sha)
      where t.id = v.id and t.bytes is not null
      returning t.id`.execute(db)
    const done = new Set(updated.map((row) => Number(row.id)))
    for (const row of present) {
      if (!done.has(Number(row.id))) continue
      result.moved++
      result.bytes += row.bytes.length
    }
    options.log?.(`${table}: ${result.moved} moved (${(result.bytes / 1e6).toFixed(1)} MB) so far, up to id ${after}`)
  }
  return result
}

/**
 * `npm run objects -- --to-database` (issue 18): the way back. Every image and EPUB row that names
 * an object gets its bytes back from the store (checked against the hash its key names) and loses
 * its key, a few rows at a time, each row in its own statement and only if it still names that
 * object. Stopped anywhere, every row still reads; run again, it carries on; once done, another
 * run moves nothing. The objects stay in the bucket (the API never deletes them): keep it until a
 * backup holds the bytes, then delete it. Every API process must still have the store configured
 * while it runs (they read rows of both kinds); switch them to the database afterwards.
 */
export async function moveToDatabase(db: Kysely<Database>, objects: ObjectStore, options: Omit<MoveOptions, 'batchBytes'> = {}): Promise<MovedTable[]> {
  if (objects.kind === 'database')
    throw new MoveRefusedError(
      'KOMA_OBJECT_STORE is the database: set KOMA_OBJECT_STORE=s3 and the S3_* settings of the bucket the bytes are in, to read them back',
    )
  const report: MovedTable[] = []
  for (const table of STORED_TABLES) report.push(await moveTableBack(db as AnyDb, objects, table, options))
  return report
}

/** Objects read back at once: an EPUB may be tens of megabytes, so a batch of rows is read a few at a time. */
const READ_CONCURRENCY = 4

async function moveTableBack(db: AnyDb, objects: ObjectStore, table: StoredTable, options: Omit<MoveOptions, 'batchBytes'>): Promise<MovedTable> {
  const already = await rowsHolding(db, table, 'bytes')
  const result: MovedTable = { table, moved: 0, bytes: 0, already }
  let after = 0
  for (;;) {
    const rows: { id: number | string; storage_key: string }[] = await db
      .selectFrom(table)
      .select(['id', 'storage_key'])
      .where('storage_key', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(options.batchRows ?? BATCH_ROWS)
      .execute()
    if (!rows.length) break
    after = Number(rows[rows.length - 1]!.id)
    await mapLimit(rows, READ_CONCURRENCY, async (row) => {
      // The store checks the bytes against the hash their key names; a key of another shape is not ours to trust.
      if (!hashOfKey(row.storage_key)) throw new MoveRefusedError(`${table} ${row.id}: its key ${row.storage_key} is not a content hash; left as it is`)
      const bytes = await objects.get({ bytes: null, storage_key: row.storage_key })
      const updated = await db
        .updateTable(table)
        .set({ bytes, storage_key: null })
        .where('id', '=', row.id)
        .where('storage_key', '=', row.storage_key)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) return // moved meanwhile (another run)
      result.moved++
      result.bytes += bytes.length
    })
    options.log?.(`${table}: ${result.moved} moved back (${(result.bytes / 1e6).toFixed(1)} MB) so far, up to id ${after}`)
  }
  return result
}
