/**
 * `npm run objects -- --to-store` (issue 18): move the bytes of images and EPUB files from their
 * database rows into the object store the settings name (KOMA_OBJECT_STORE=s3, S3_BUCKET, …;
 * docs/production.md "Images and EPUB files"). DATABASE_URL or DATA_DIR as for the API. Safe to
 * stop and run again: it carries on where it stopped, and a second run moves nothing.
 * Configure every API process with the store first (they read rows of both kinds), then run it.
 */
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { objectStoreOf, ObjectStoreUnavailableError } from '../storage'
import { moveToStore, MoveRefusedError } from '../storage/move'

const USAGE = 'usage: npm run objects -- --to-store   (KOMA_OBJECT_STORE=s3 and the S3_* settings name the store)'

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  if (args.length !== 1 || args[0] !== '--to-store') {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  const objects = objectStoreOf(config.objectStore)
  if (objects.kind === 'database') {
    console.error(
      'objects: KOMA_OBJECT_STORE is not set to a store: set KOMA_OBJECT_STORE=s3 with S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    )
    process.exitCode = 2
    return
  }
  const started = Date.now()
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  try {
    await migrateToLatest(handle.db)
    console.log(`objects: moving image and EPUB bytes from the ${handle.kind} database to ${objects.describe}`)
    const report = await moveToStore(handle.db, objects, { log: (line) => console.log(`objects: ${line}`) })
    for (const table of report)
      console.log(`objects: ${table.table}: ${table.moved} moved (${(table.bytes / 1e6).toFixed(1)} MB), ${table.already} already in the store`)
    const moved = report.reduce((sum, table) => sum + table.moved, 0)
    console.log(
      moved
        ? `objects: done in ${((Date.now() - started) / 1000).toFixed(1)} s; back the bucket up alongside pg_dump from now on`
        : 'objects: nothing left to move',
    )
  } finally {
    await handle.close()
    await objects.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError || error instanceof MoveRefusedError || error instanceof ObjectStoreUnavailableError)
    console.error(`objects: ${error.message} (rows not moved yet keep their bytes; run it again once fixed)`)
  else console.error('objects failed:', error)
  process.exitCode = 1
})
