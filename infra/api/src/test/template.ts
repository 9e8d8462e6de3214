import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { connect } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { seedDatabase } from '../seed'
import { postgresAdminUrl, withDatabase } from './lane'

/** Fixed "now" for seeded test data, so dates in tests never drift. */
export const SEED_NOW = new Date('2026-11-20T03:00:00.000Z')

/** A hash of everything that shapes the seeded database: a changed migration or seed makes a new template. */
function schemaFingerprint(): string {
  const hash = createHash('sha256')
  // The seed writes its novels with the viewer module's EPUB builder and importer, and its bytes through storage/.
  const roots = [
    path.join(__dirname, '..', 'db'),
    path.join(__dirname, '..', 'seed'),
    path.join(__dirname, '..', 'modules', 'viewer'),
    path.join(__dirname, '..', 'storage'),
  ]
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (!entry.name.endsWith('.test.ts')) hash.update(entry.name).update(fs.readFileSync(full))
    }
  }
  roots.forEach(walk)
  return hash.digest('hex').slice(0, 12)
}

/** The PGlite template: a gzipped data folder of a migrated, seeded database, built once and reused. */
export async function pgliteTemplatePath(): Promise<string> {
  const file = path.join(os.tmpdir(), `koma-api-template-${schemaFingerprint()}.tgz`)
  if (fs.existsSync(file)) return file
  const handle = await connect({ dataDir: ':memory:' })
  await migrateToLatest(handle.db)
  await seedDatabase(handle.db, { now: SEED_NOW })
  if (!handle.dumpDataDir) throw new Error('the template must be built on PGlite')
  const dump = await handle.dumpDataDir()
  const temp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temp, Buffer.from(await dump.arrayBuffer()))
  fs.renameSync(temp, file)
  await handle.close()
  return file
}

/** The PostgreSQL template database on the server of `adminUrl` (the shared test server by default), created once per schema fingerprint. */
export async function postgresTemplateName(adminUrl = postgresAdminUrl()): Promise<string> {
  const name = `koma_tpl_${schemaFingerprint()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount) return name
    const building = `${name}_build_${process.pid}`
    await admin.query(`drop database if exists ${building}`)
    await admin.query(`create database ${building}`)
    const handle = await connect({ databaseUrl: withDatabase(adminUrl, building), poolSize: 2 })
    await migrateToLatest(handle.db)
    await seedDatabase(handle.db, { now: SEED_NOW })
    await handle.close()
    // Another run may have finished first; either copy is the same.
    try {
      await admin.query(`alter database ${building} rename to ${name}`)
    } catch {
      await admin.query(`drop database if exists ${building}`)
    }
    return name
  } finally {
    await admin.end()
  }
}
