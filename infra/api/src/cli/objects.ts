/**
 * `npm run objects -- <command>` (issue 18): the bytes of images and EPUB files between the
 * database and the object store the settings name (KOMA_OBJECT_STORE=s3, S3_BUCKET, …;
 * docs/production.md "Images and EPUB files"). DATABASE_URL or DATA_DIR as for the API.
 *
 *   --to-store        move the bytes held in rows into the store
 *   --to-database     the way back: every row that names an object gets its bytes again
 *   --collect [--dry-run] [--older-than-hours N]
 *                     remove the objects no row names any more, through the bucket's trash
 *
 * The moves are safe to stop and run again: they carry on where they stopped, and a second run
 * moves nothing. Every API process must have the store configured while they run (they read rows
 * of both kinds).
 */
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError, type DatabaseHandle } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { objectStoreOf, ObjectStoreUnavailableError, type ObjectStore } from '../storage'
import { collectOrphans, DAY_MS } from '../storage/collect'
import { moveToDatabase, moveToStore, MoveRefusedError, type MovedTable } from '../storage/move'
import { s3Bucket, type S3StoreConfig } from '../storage/s3'

const USAGE = [
  'usage: npm run objects -- --to-store | --to-database | --collect [--dry-run] [--older-than-hours N]',
  '  (KOMA_OBJECT_STORE=s3 and the S3_* settings name the store; DATABASE_URL or DATA_DIR the database)',
].join('\n')

type Command = { kind: 'to-store' } | { kind: 'to-database' } | { kind: 'collect'; dryRun: boolean; olderThanMs: number }

/** The command the arguments name, or null (the usage is printed). */
function parseArgs(args: string[]): Command | null {
  const [first, ...rest] = args
  if (first === '--to-store' && !rest.length) return { kind: 'to-store' }
  if (first === '--to-database' && !rest.length) return { kind: 'to-database' }
  if (first !== '--collect') return null
  let dryRun = false
  let olderThanMs = DAY_MS
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]
    if (arg === '--dry-run') dryRun = true
    else if (arg === '--older-than-hours') {
      const hours = Number(rest[++index])
      if (!Number.isFinite(hours) || hours < 1) return null
      olderThanMs = hours * 3_600_000
    } else return null
  }
  return { kind: 'collect', dryRun, olderThanMs }
}

const moveLine = (table: MovedTable, where: string) =>
  `objects: ${table.table}: ${table.moved} moved (${(table.bytes / 1e6).toFixed(1)} MB), ${table.already} already in ${where}`

async function run(command: Command, handle: DatabaseHandle, objects: ObjectStore, bucketConfig: S3StoreConfig): Promise<void> {
  const log = (line: string) => console.log(`objects: ${line}`)
  const started = Date.now()
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
  if (command.kind === 'to-store') {
    console.log(`objects: moving image and EPUB bytes from the ${handle.kind} database to ${objects.describe}`)
    const report = await moveToStore(handle.db, objects, { log })
    for (const table of report) console.log(moveLine(table, 'the store'))
    const moved = report.some((table) => table.moved > 0)
    console.log(moved ? `objects: done in ${took()}; back the bucket up alongside pg_dump from now on` : 'objects: nothing left to move')
    return
  }
  if (command.kind === 'to-database') {
    console.log(`objects: moving image and EPUB bytes from ${objects.describe} back into the ${handle.kind} database`)
    const report = await moveToDatabase(handle.db, objects, { log })
    for (const table of report) console.log(moveLine(table, 'the database'))
    const moved = report.some((table) => table.moved > 0)
    console.log(
      moved
        ? `objects: done in ${took()}; set KOMA_OBJECT_STORE=database on every API process, and keep the bucket until a backup holds the bytes`
        : 'objects: nothing left to move back',
    )
    return
  }
  const bucket = s3Bucket(bucketConfig)
  try {
    console.log(`objects: ${command.dryRun ? 'counting (dry run) ' : 'collecting '}the objects in ${bucket.describe} no row names`)
    await collectOrphans(handle.db, bucket, { dryRun: command.dryRun, olderThanMs: command.olderThanMs, log })
    console.log(`objects: done in ${took()}`)
  } finally {
    await bucket.close()
  }
}

async function main(): Promise<void> {
  const command = parseArgs(process.argv.slice(2))
  if (!command) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  if (config.objectStore.kind !== 's3') {
    console.error(
      'objects: KOMA_OBJECT_STORE is not set to a store: set KOMA_OBJECT_STORE=s3 with S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    )
    process.exitCode = 2
    return
  }
  const { kind: _kind, ...bucketConfig } = config.objectStore
  const objects = objectStoreOf(config.objectStore)
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  try {
    await migrateToLatest(handle.db)
    await run(command, handle, objects, bucketConfig)
  } finally {
    await handle.close()
    await objects.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError || error instanceof MoveRefusedError || error instanceof ObjectStoreUnavailableError)
    console.error(`objects: ${error.message} (rows not moved yet stay as they are; run it again once fixed)`)
  else console.error('objects failed:', error)
  process.exitCode = 1
})
