/**
 * Add titles from real books: `npm run import -- <file.epub | folder-of-images> [more…] [--ltr]`.
 * An EPUB becomes a novel (one free volume with a trial); a folder of images becomes a comic
 * (tall pages: a vertical strip; others: a paged book, right to left unless --ltr).
 * DATA_DIR and DATABASE_URL as for the API; stop the API first when it runs on PGlite (one
 * process opens a PGlite folder at a time: a second one is refused with a clear message). A damaged or non-EPUB file is refused with a reason.
 */
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { notifyCacheChange } from '../cluster/invalidation'
import { EpubError } from '../modules/viewer/epub/parse'
import { ArchiveLimitError } from '../modules/viewer/epub/zip'
import { importTarget, type Imported } from '../modules/viewer/importer'
import { queueImageEncodes } from '../modules/image/jobs'
import { titleImageIds } from '../modules/image/variants'
import { createClock } from '../clock'
import { databaseIsEmpty, seedDatabase } from '../seed'
import { objectStoreOf } from '../storage'

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const ltr = args.includes('--ltr')
  const targets = args.filter((arg) => !arg.startsWith('--'))
  if (targets.length === 0) {
    console.error('usage: npm run import -- <file.epub | folder-of-images> [more…] [--ltr]')
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  const objects = objectStoreOf(config.objectStore)
  let failed = 0
  try {
    await migrateToLatest(handle.db)
    if (config.seedIfEmpty && (await databaseIsEmpty(handle.db)))
      await seedDatabase(handle.db, { demo: config.demoData, production: config.production, objects })
    for (const target of targets) {
      try {
        const now = new Date()
        const imported: Imported = await handle.db.transaction().execute((trx) => importTarget(trx, objects, target, now, { ltr }))
        console.log(`imported ${target}: "${imported.title}" as /comic/${imported.contentId} (chapter ${imported.chapterId}; ${imported.detail})`)
        console.log(`KOMA_IMPORTED ${JSON.stringify({ target, contentId: imported.contentId, chapterId: imported.chapterId })}`)
        // Running API processes on PostgreSQL rebuild home, lists and search now (cluster/invalidation.ts).
        if (config.cacheBus === 'postgres') await notifyCacheChange(handle.db, 'catalog', `import:${process.pid}`)
        // Its pages and cover get their AVIF in the API's job queue (issue 34); without it, the backfill does them.
        const ids = await titleImageIds(handle.db, imported.contentId)
        const queued = await queueImageEncodes({ db: handle.db, clock: createClock(), config, objects }, ids, handle.jobs)
        console.log(queued ? `queued the AVIF encodes of ${ids.length} images` : `the AVIF of ${ids.length} images is left to the backfill`)
      } catch (error) {
        failed++
        if (error instanceof EpubError || error instanceof ArchiveLimitError) console.error(`refused ${target}: ${error.message}`)
        else console.error(`failed ${target}:`, error)
      }
    }
  } finally {
    await handle.close()
    await objects.close()
  }
  if (failed) process.exitCode = 1
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`import: ${error.message}`)
  else console.error('import failed:', error)
  process.exitCode = 1
})
