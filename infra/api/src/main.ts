import { buildApp } from './app'
import { startCacheBus, type CacheBus } from './cluster/cacheBus'
import { createClock } from './clock'
import { loadConfig, pgliteDir } from './config'
import { connect, DataDirInUseError } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { startImageJobs, type ImageJobs } from './modules/image/jobs'
import { startNotificationJobs } from './modules/notify/jobs'
import { createApiMetrics } from './metrics/metrics'
import { serveMetrics, type MetricsServer } from '@koma/contracts/metrics'
import { productionSafety } from './safety'
import { databaseIsEmpty, seedDatabase } from './seed'
import { objectStoreOf } from './storage'

/** Start the API: check the profile's settings, connect (PGlite by default, PostgreSQL with DATABASE_URL), migrate, seed if empty, listen. */
async function main(): Promise<void> {
  const config = loadConfig()
  const safety = productionSafety()
  if (safety.problems.length) {
    console.error(`[api] refusing to start in production: ${safety.problems.length} unsafe or missing setting${safety.problems.length === 1 ? '' : 's'}`)
    for (const problem of safety.problems) console.error(`  ✗ ${problem}`)
    process.exit(1)
  }
  for (const note of safety.notes) console.log(`[api] production: ${note}`)
  const started = Date.now()
  // Prometheus series (issue 38): counted from the first statement, served on a port of their own.
  const metrics = config.metrics.collected ? createApiMetrics() : undefined
  const handle = await connect({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: pgliteDir(config),
    ...(metrics ? { onQuery: (ms: number, failed: boolean, sql: string) => metrics.observeQuery(ms, failed, sql) } : {}),
  })
  if (metrics && handle.poolStats) metrics.watchPool(handle.poolStats)
  const objects = objectStoreOf(config.objectStore)
  const applied = await migrateToLatest(handle.db)
  if (applied.length) console.log(`[api] migrations applied: ${applied.join(', ')}`)
  if (config.seedIfEmpty && (await databaseIsEmpty(handle.db))) {
    const seedStart = Date.now()
    await seedDatabase(handle.db, { demo: config.demoData, production: config.production, objects })
    console.log(`[api] seeded an empty ${handle.kind} database${config.demoData ? ' (with demo readers)' : ''} in ${Date.now() - seedStart} ms`)
  }
  const deps = { db: handle.db, clock: createClock(), config, objects, ...(handle.replica ? { replica: handle.replica } : {}), ...(metrics ? { metrics } : {}) }
  const app = await buildApp(deps, { logger: { level: config.logLevel } })
  // Several processes on one PostgreSQL: a cache invalidated by a write here reaches the others (cluster/cacheBus.ts).
  const bus: CacheBus | null = config.cacheBus === 'postgres' && config.databaseUrl ? startCacheBus(deps, config.databaseUrl, { log: app.log }) : null
  let jobs: Awaited<ReturnType<typeof startNotificationJobs>> | null = null
  let imageJobs: ImageJobs | null = null
  let metricsServer: MetricsServer | null = null
  const shutdown = async (signal: string) => {
    app.log.info(`[api] ${signal}: closing`)
    await jobs?.stop().catch((error: unknown) => console.error('[api] stopping the jobs failed', error))
    await imageJobs?.stop().catch((error: unknown) => console.error('[api] stopping the image jobs failed', error))
    await metricsServer?.close()
    await app.close()
    await bus?.close()
    await handle.close()
    await objects.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  await app.listen({ host: config.host, port: config.port })
  console.log(`[api] ${handle.kind} ready on http://${config.host}:${config.port} in ${Date.now() - started} ms (${config.profile} profile)`)
  if (metrics && config.metrics.listen) {
    try {
      metricsServer = await serveMetrics(config.metrics.listen, () => metrics.scrape())
      console.log(`[api] metrics on http://${config.metrics.listen.host}:${metricsServer.port}/metrics`)
    } catch (error) {
      // The site serves readers without it: an operator sees the line and frees or changes the port.
      console.error(`[api] metrics not served on ${config.metrics.listen.host}:${config.metrics.listen.port}: ${(error as Error).message} (KOMA_METRICS_PORT)`)
    }
  }
  if (bus) console.log(`[api] instance ${config.instance}: cache invalidations shared with the other API processes (PostgreSQL LISTEN/NOTIFY)`)
  // The notification jobs (pg-boss) start once the API answers: their first start creates pg-boss's tables.
  if (config.notifications) {
    const jobsStart = Date.now()
    jobs = await startNotificationJobs(deps, handle.jobs)
    console.log(`[api] notification jobs running (pg-boss on ${handle.kind}) in ${Date.now() - jobsStart} ms`)
  }
  // AVIF encodes of published images and the backfill of older ones (issue 34), in the background.
  if (config.imageJobs.enabled) {
    imageJobs = await startImageJobs(deps, handle.jobs, { backfillStarts: config.imageJobs.backfillStarts })
    console.log('[api] image jobs running (AVIF encodes; `npm run images -- avif status` shows the backfill)')
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`[api] ${error.message}`)
  else console.error('[api] failed to start', error)
  process.exit(1)
})
