import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema'

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  /** PGlite only: a gzipped copy of the whole data folder (test templates, backups). */
  dumpDataDir?: () => Promise<Blob>
  close(): Promise<void>
}

export interface ConnectOptions {
  /** A PostgreSQL URL; when absent, PGlite in `dataDir` (or in memory when dataDir is ':memory:'). */
  databaseUrl?: string
  dataDir?: string
  /** Pool size for PostgreSQL. */
  poolSize?: number
  /** PGlite only: a data-folder tarball to start from (tests start from a seeded template). */
  loadDataDir?: Blob
}

export async function connect(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.poolSize ?? 10)
  return connectPglite(options.dataDir ?? ':memory:', options.loadDataDir)
}

async function connectPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir === ':memory:'
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true })
  const pglite = await PGlite.create(inMemory ? undefined : dataDir, loadDataDir ? { loadDataDir } : {})
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) })
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
    close: async () => {
      await db.destroy()
      if (!pglite.closed) await pglite.close()
    },
  }
}

async function connectPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const { Pool, types } = pg
  // Ids and counts are bigint in SQL; they fit JavaScript numbers, as PGlite returns them.
  types.setTypeParser(20, (value: string) => Number(value))
  const pool = new Pool({ connectionString: url, max })
  // An idle pooled connection the server ends (restart, failover, admin termination) must not
  // crash the process: pg emits it on the pool, and an unlistened 'error' event throws.
  pool.on('error', (error: Error) => console.error(`[db] idle PostgreSQL connection failed: ${error.message}`))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, kind: 'postgres', close: () => db.destroy() }
}
