import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { hashOfKey, keyOf } from './objects'
import type { Bucket, ListedObject } from './s3'
import { STORED_TABLES } from './move'

/**
 * `npm run objects -- --collect` (issue 18): remove the objects no image or EPUB row names any
 * more. They are left by rows deleted since (a replaced avatar, a removed title) and by uploads
 * whose row was never written (storage/objects.ts: the bytes go first). Nothing the API does
 * deletes an object, so without this a bucket only grows.
 *
 * The API writes an object, then the row naming it, and the same bytes are the same key. So an
 * object no row names may be one a writer has just put again and is about to name. The command
 * never deletes in one step:
 *
 *  1. An object is a candidate only once it has not been written for `olderThanMs` (a day by
 *     default): a writer's put refreshes it, and no writer takes a day between put and row.
 *  2. A candidate no row names is moved to `trash/<key>` (copied, then deleted), unless it was
 *     written again since it was listed. Rows are asked again right after: one named meanwhile
 *     gets its object back at once.
 *  3. The next run first goes through the trash: an object a row names again is put back; one
 *     nobody named for another `olderThanMs` is deleted for good.
 *
 * So a row can name a missing object only for the moment between a writer's put and its row
 * landing inside step 2, and then only until the next run puts it back (a read meanwhile is
 * SPEC §8's "could not be obtained", never wrong bytes). Keys that are not `sha256/<hash>` are
 * not Koma's and are never touched. With `dryRun` it only counts.
 */

export const TRASH = 'trash/'
/** The prefix every content key has (objects.ts keyOf). */
const KEYS = keyOf('')

export interface CollectOptions {
  /** How long an object must have gone unwritten (and a trashed one unnamed) before it goes; default a day. */
  olderThanMs?: number
  /** Count only: move and delete nothing. */
  dryRun?: boolean
  /** The clock the age is measured on (tests move it). */
  now?: () => Date
  log?: (line: string) => void
  /** Called after a page's candidates went to the trash, before rows are asked again (tests: a writer naming one meanwhile). */
  onTrashed?: (keys: string[]) => Promise<void>
}

export interface CollectReport {
  /** Objects looked at (outside the trash). */
  checked: number
  /** Not yet old enough to be candidates. */
  young: number
  /** Moved to the trash by this run (or, dry, that would be). */
  trashed: number
  trashedBytes: number
  /** Put back from the trash because a row names them. */
  restored: number
  /** Deleted for good from the trash (or, dry, that would be). */
  deleted: number
  deletedBytes: number
}

export const DAY_MS = 24 * 60 * 60 * 1000

/** Of these keys, the ones an image, image variant or EPUB row names. */
async function named(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set()
  const [first, ...others] = STORED_TABLES.map((table) => db.selectFrom(table).select('storage_key').where('storage_key', 'in', keys))
  const rows = await others.reduce((query, other) => query.union(other), first!).execute()
  return new Set(rows.flatMap((row) => (row.storage_key ? [row.storage_key] : [])))
}

/** A key of Koma's (`sha256/<hash>`), not something else kept in the bucket. */
const ours = (key: string): boolean => hashOfKey(key) !== null

export async function collectOrphans(db: Kysely<Database>, bucket: Bucket, options: CollectOptions = {}): Promise<CollectReport> {
  const olderThanMs = options.olderThanMs ?? DAY_MS
  const cutoff = (options.now?.() ?? new Date()).getTime() - olderThanMs
  const dry = options.dryRun ?? false
  const report: CollectReport = { checked: 0, young: 0, trashed: 0, trashedBytes: 0, restored: 0, deleted: 0, deletedBytes: 0 }
  const restore = async (key: string) => {
    await bucket.copy(TRASH + key, key)
    await bucket.remove([TRASH + key])
    report.restored++
  }

  // 1. The trash of earlier runs: back what a row names again, delete what stayed unnamed long enough.
  for await (const page of bucket.list(TRASH + KEYS)) {
    const trashed = page.filter((object) => ours(object.key.slice(TRASH.length)))
    const wanted = await named(
      db,
      trashed.map((object) => object.key.slice(TRASH.length)),
    )
    const gone: ListedObject[] = []
    for (const object of trashed) {
      const key = object.key.slice(TRASH.length)
      if (wanted.has(key)) {
        if (!dry) await restore(key)
        else report.restored++
      } else if (object.modified.getTime() < cutoff) gone.push(object)
    }
    if (!dry) await bucket.remove(gone.map((object) => object.key))
    report.deleted += gone.length
    report.deletedBytes += gone.reduce((sum, object) => sum + object.size, 0)
  }

  // 2. Objects no row names and nobody wrote for olderThanMs: to the trash.
  for await (const page of bucket.list(KEYS)) {
    const objects = page.filter((object) => ours(object.key))
    report.checked += objects.length
    const old = objects.filter((object) => object.modified.getTime() < cutoff)
    report.young += objects.length - old.length
    const wanted = await named(
      db,
      old.map((object) => object.key),
    )
    const orphans = old.filter((object) => !wanted.has(object.key))
    const moved: string[] = []
    for (const object of orphans) {
      if (dry) {
        moved.push(object.key)
        continue
      }
      await bucket.copy(object.key, TRASH + object.key)
      // Written again since it was listed: a writer is about to name it. Leave it (the copy in the trash goes next run).
      const written = await bucket.modified(object.key)
      if (written && written.getTime() > object.modified.getTime()) continue
      await bucket.remove([object.key])
      moved.push(object.key)
    }
    const bytes = new Map(orphans.map((object) => [object.key, object.size]))
    report.trashed += moved.length
    report.trashedBytes += moved.reduce((sum, key) => sum + (bytes.get(key) ?? 0), 0)
    if (dry || !moved.length) continue
    await options.onTrashed?.(moved)
    // A row that named one of them meanwhile gets it back now.
    for (const key of await named(db, moved)) {
      await restore(key)
      report.trashed--
      report.trashedBytes -= bytes.get(key) ?? 0
    }
  }
  const would = dry ? 'would be ' : ''
  options.log?.(
    `${report.checked} objects checked, ${report.young} of them written in the last ${Math.round(olderThanMs / 3_600_000)} h; ` +
      `${report.trashed} ${would}moved to the trash (${(report.trashedBytes / 1e6).toFixed(1)} MB), ${report.restored} ${would}put back, ` +
      `${report.deleted} ${would}deleted from the trash (${(report.deletedBytes / 1e6).toFixed(1)} MB)`,
  )
  return report
}
