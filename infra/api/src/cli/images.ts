/**
 * `npm run images -- avif <command>` (issue 34): the AVIF backfill, which gives images stored before
 * AVIF (or while no API process ran the image jobs) their AVIF variants. DATABASE_URL or DATA_DIR as
 * for the API.
 *
 *   status   where it is: running, stopped or done (caught up), the last image it finished, counts,
 *            images left after it
 *   start    let it run (the API processes' image jobs take it up within a minute; it resumes
 *            after the last image it finished)
 *   stop     stop it after the image it is on (start resumes it)
 *   run      run it in this command until it is done (Ctrl-C stops after the image it is on; run
 *            again to resume), e.g. on PGlite, whose data folder the API holds: stop the API first
 *   encode <chapterId> [pages]
 *            encode now, in this command, the AVIF of that chapter's first `pages` product pages
 *            (all when not given), as the encode job does (a stored one is kept): for a chapter
 *            wanted at once, and for tests that need a page's AVIF ready (PGlite: API stopped)
 *
 * Encodes take one core at a time (the API's render pool lets readers' renders go first).
 */
import { createClock } from '../clock'
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { notifyCacheChange } from '../cluster/invalidation'
import { RenderPool } from '../modules/image/renderPool'
import { backfillStatus, backfillStep, encodeImageVariants, setBackfillState, type BackfillStatus } from '../modules/image/variants'
import { objectStoreOf } from '../storage'

const USAGE = 'usage: npm run images -- avif status | start | stop | run | encode <chapterId> [pages]'

const describe = (status: BackfillStatus): string =>
  [
    `AVIF backfill: ${status.state}`,
    `  images done up to id ${status.lastImageId}; ${status.remaining} left after it`,
    `  ${status.images} images looked at, ${status.variants} AVIF variants encoded, ${status.failures} failed`,
    `  last change: ${status.updatedAt ?? 'never'}`,
  ].join('\n')

async function main(): Promise<void> {
  const [area, command, ...rest] = process.argv.slice(2)
  const chapterId = Number(rest[0])
  const pages = rest[1] === undefined ? null : Number(rest[1])
  const encodeArgs =
    command !== 'encode' || (Number.isSafeInteger(chapterId) && chapterId > 0 && (pages === null || (Number.isSafeInteger(pages) && pages > 0)))
  if (area !== 'avif' || !command || !['status', 'start', 'stop', 'run', 'encode'].includes(command) || !encodeArgs) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
  const objects = objectStoreOf(config.objectStore)
  try {
    await migrateToLatest(handle.db)
    if (command === 'start' || command === 'stop') await setBackfillState(handle.db, command === 'start' ? 'running' : 'stopped')
    if (command === 'encode') {
      const deps = { db: handle.db, clock: createClock(), config, objects }
      const pool = new RenderPool({ ...config.imageRenders, concurrency: 1 })
      let query = handle.db
        .selectFrom('chapter_pages')
        .select('image_id')
        .where('chapter_id', '=', chapterId)
        .where('sales_type', '=', 'product')
        .orderBy('sort', 'asc')
      if (pages !== null) query = query.limit(pages)
      const images = (await query.execute()).map((row) => row.image_id)
      if (!images.length) {
        console.error(`images: chapter ${chapterId} has no product pages`)
        process.exitCode = 1
        return
      }
      for (const imageId of images) {
        const encoded = await encodeImageVariants(deps, imageId, pool)
        console.log(`images: image ${imageId}: ${encoded.variants} AVIF variants encoded (${encoded.bytes} bytes)`)
      }
      if (config.cacheBus === 'postgres') await notifyCacheChange(handle.db, 'avif', `images:${process.pid}`)
      return
    }
    if (command === 'run') {
      await setBackfillState(handle.db, 'running')
      const deps = { db: handle.db, clock: createClock(), config, objects }
      const pool = new RenderPool({ ...config.imageRenders, concurrency: 1 })
      let interrupted = false
      process.once('SIGINT', () => {
        interrupted = true
        console.log('images: stopping after the image being encoded (run again to resume)')
      })
      const started = Date.now()
      for (;;) {
        const step = await backfillStep(deps, { limit: 10, pool, until: () => interrupted, log: (line) => console.error(`images: ${line}`) })
        // Running API processes on PostgreSQL ask for the new AVIF at once (cluster/invalidation.ts).
        if (step.variants && config.cacheBus === 'postgres') await notifyCacheChange(handle.db, 'avif', `images:${process.pid}`)
        if (step.images) console.log(`images: ${step.images} images, ${step.variants} AVIF variants (${Math.round((Date.now() - started) / 1000)} s)`)
        if (!step.more || interrupted) break
      }
    }
    console.log(describe(await backfillStatus(handle.db)))
  } finally {
    await handle.close()
    await objects.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`images: ${error.message}`)
  else console.error('images failed:', error)
  process.exitCode = 1
})
