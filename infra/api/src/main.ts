import { buildApp } from './app'
import { createClock } from './clock'
import { loadConfig, pgliteDir } from './config'
import { connect } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { databaseIsEmpty, seedDatabase } from './seed'

/** Start the API: connect (PGlite by default, PostgreSQL with DATABASE_URL), migrate, seed if empty, listen. */
async function main(): Promise<void> {
  const config = loadConfig()
  const started = Date.now()
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config) })
  const applied = await migrateToLatest(handle.db)
  if (applied.length) console.log(`[api] migrations applied: ${applied.join(', ')}`)
  if (config.seedIfEmpty && (await databaseIsEmpty(handle.db))) {
    const seedStart = Date.now()
    await seedDatabase(handle.db)
    console.log(`[api] seeded an empty ${handle.kind} database in ${Date.now() - seedStart} ms`)
  }
  const app = await buildApp({ db: handle.db, clock: createClock(), config }, { logger: { level: config.logLevel } })
  const shutdown = async (signal: string) => {
    app.log.info(`[api] ${signal}: closing`)
    await app.close()
    await handle.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  await app.listen({ host: config.host, port: config.port })
  console.log(`[api] ${handle.kind} ready on http://${config.host}:${config.port} in ${Date.now() - started} ms`)
}

main().catch((error: unknown) => {
  console.error('[api] failed to start', error)
  process.exit(1)
})
