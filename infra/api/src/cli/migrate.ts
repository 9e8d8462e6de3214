/**
 * `npm run migrate`: bring the database (DATABASE_URL, else the PGlite folder under DATA_DIR) to
 * the latest schema.
 *
 * `npm run migrate -- --from-pglite [folder]` (issue 18): copy the PGlite database (default: the
 * one `npm start` uses, DATA_DIR/pglite) into the empty PostgreSQL database at DATABASE_URL, then
 * check every table's row count. Stop the API first: the folder is held by one process. The
 * folder is only read; start the API with DATABASE_URL afterwards.
 */
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig, pgliteDir } from '../config'
import { connect, DataDirInUseError } from '../db/connect'
import { copyDatabase, TargetNotEmptyError } from '../db/copyToPostgres'
import { migrateToLatest } from '../db/migrate'

const USAGE = 'usage: npm run migrate [-- --from-pglite [folder]]   (DATABASE_URL names the PostgreSQL target)'

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const config = loadConfig()
  if (!args.length) {
    const handle = await connect(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config) })
    try {
      const applied = await migrateToLatest(handle.db)
      console.log(applied.length ? `migrate: applied ${applied.join(', ')}` : 'migrate: the schema is up to date')
    } finally {
      await handle.close()
    }
    return
  }
  if (args[0] !== '--from-pglite' || args.length > 2) {
    console.error(USAGE)
    process.exitCode = 2
    return
  }
  if (!config.databaseUrl) {
    console.error('migrate: set DATABASE_URL to the PostgreSQL database to copy into (an empty one: createdb koma)')
    process.exitCode = 2
    return
  }
  const folder = path.resolve(args[1] ?? pgliteDir(config))
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) {
    console.error(`migrate: ${folder} is not a PGlite database folder`)
    process.exitCode = 2
    return
  }
  const started = Date.now()
  const source = await connect({ dataDir: folder })
  try {
    const target = await connect({ databaseUrl: config.databaseUrl, poolSize: 2 })
    try {
      const report = await copyDatabase(source.db, target.db, { log: (line) => console.log(`migrate: ${line}`) })
      console.log(
        `migrate: copied ${report.rows} rows in ${report.tables.length} tables from ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
          'every count checked. Start the API with this DATABASE_URL.',
      )
    } finally {
      await target.close()
    }
  } finally {
    await source.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError || error instanceof TargetNotEmptyError) console.error(`migrate: ${error.message}`)
  else console.error('migrate failed:', error)
  process.exitCode = 1
})
