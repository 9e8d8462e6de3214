import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { CompiledQuery, Kysely, PGliteDialect, PostgresDialect, type KyselyConfig, type LogEvent } from 'kysely'
import pg from 'pg'
import lockfile from 'proper-lockfile'
import type { Database } from './schema'
import { ReplicaDialect, ReplicaRouting } from './replica'
import { CONNECT_TIMEOUT_MS } from './unavailable'

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  /** With a read replica (DATABASE_READ_URL): where stale-tolerant reads go (replica.ts). */
  replica?: ReplicaRouting
  /** PGlite only: a gzipped copy of the whole data folder (test templates, backups). */
  dumpDataDir?: () => Promise<Blob>
  /** How the job queue (pg-boss, modules/notify/jobs.ts) reaches this database. */
  jobs: JobsConnection
  /** PostgreSQL: the primary pool's connections now (metrics); PGlite has one connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

/** pg-boss's database: its own pool on PostgreSQL; on PGlite, statements run through Kysely's one connection. */
export type JobsConnection = { connectionString: string } | { db: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } }

export interface ConnectOptions {
  /** A PostgreSQL URL; when absent, PGlite in `dataDir` (or in memory when dataDir is ':memory:'). */
  databaseUrl?: string
  dataDir?: string
  /** Pool size for PostgreSQL. */
  poolSize?: number
  /** PostgreSQL only: a read replica for reads that may be stale (DATABASE_READ_URL, replica.ts). */
  readUrl?: string
  /** PGlite only: a data-folder tarball to start from (tests start from a seeded template). */
  loadDataDir?: Blob
  /** Told of every statement on the main Kysely instance: its time, whether it failed, its SQL (metrics/metrics.ts). */
  onQuery?: (durationMs: number, failed: boolean, sql: string) => void
}

export async function connect(options: ConnectOptions): Promise<DatabaseHandle> {
  const log = queryLog(options.onQuery)
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.poolSize ?? 10, options.readUrl, log)
  return connectPglite(options.dataDir ?? ':memory:', options.loadDataDir, log)
}

/** Kysely's log hook for the metrics: every statement's duration and outcome (a few hundred ns each). */
function queryLog(onQuery: ConnectOptions['onQuery']): KyselyConfig['log'] {
  if (!onQuery) return undefined
  return (event: LogEvent) => onQuery(event.queryDurationMillis, event.level === 'error', event.query.sql)
}

/** A PGlite folder another process holds: PGlite has no lock of its own, and two writers corrupt it. */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The database folder ${dataDir} is in use by another Koma process (an API, an import or a seed). ` +
        'Stop that process first, or give this one another DATA_DIR. (Several API processes need PostgreSQL: set DATABASE_URL.)',
    )
    this.name = 'DataDirInUseError'
  }
}

/**
 * Hold the folder for this process (proper-lockfile: a lock directory beside it whose mtime the
 * holder refreshes, so a crashed holder's lock goes stale and is taken over after 10 s).
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true })
  try {
    return await lockfile.lock(dataDir, {
      realpath: false,
      stale: 10_000,
      update: 4_000,
      onCompromised: (error) => console.error(`[db] the lock on ${dataDir} was lost: ${error.message}`),
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir)
    throw error
  }
}

async function connectPglite(dataDir: string, loadDataDir: Blob | undefined, log: KyselyConfig['log']): Promise<DatabaseHandle> {
  const inMemory = dataDir === ':memory:'
  const folder = path.resolve(dataDir)
  const release = inMemory ? null : await lockDataDir(folder)
  let pglite: PGlite
  try {
    pglite = await PGlite.create(inMemory ? undefined : folder, loadDataDir ? { loadDataDir } : {})
  } catch (error) {
    await release?.()
    throw error
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), ...(log ? { log } : {}) })
  // PGlite has one connection. pg-boss's statements wait for Kysely's connection (so they never
  // run inside, or deadlock with, one of our transactions); a block of several statements
  // without parameters (its migrations) goes through exec, the rest through query.
  const executeSql = (text: string, values?: unknown[]) =>
    db.connection().execute(async (connection) => {
      if (!values?.length && /;\s*\S/.test(text.trim().replace(/;\s*$/, ''))) {
        const results = await pglite.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      const result = await connection.executeQuery(CompiledQuery.raw(text, values ?? []))
      return { rows: [...result.rows] }
    })
  return {
    db,
    kind: 'pglite',
    jobs: { db: { executeSql } },
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
    close: async () => {
      await db.destroy()
      if (!pglite.closed) await pglite.close()
      await release?.().catch(() => undefined)
    },
  }
}

/**
 * A pool that survives its server going away (restart, failover, an administrator ending sessions),
 * with `closed()`: pg's Pool.end() resolves once it has asked its connections to close, before
 * they have. A database dropped right after (`drop database … with (force)`, as the tests do) would
 * end them first, each logged below as a failed idle connection; closed() waits for them (never
 * longer than CONNECT_TIMEOUT_MS, for a server that no longer answers).
 */
function postgresPool(url: string, max: number): { pool: pg.Pool; closed(): Promise<void> } {
  const { Pool, types } = pg
  // Ids and counts are bigint in SQL; they fit JavaScript numbers, as PGlite returns them.
  types.setTypeParser(20, (value: string) => Number(value))
  // A database that is down fails a call after CONNECT_TIMEOUT_MS instead of holding it (db/unavailable.ts).
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An idle pooled connection the server ends must not crash the process: pg emits it on the
  // pool, and an unlistened 'error' event throws.
  pool.on('error', (error: Error) => console.error(`[db] idle PostgreSQL connection failed: ${error.message}`))
  // The same for a connection in use between two statements (a transaction's), which the pool does
  // not listen to: the statement in flight fails and the caller answers SPEC §8's message, the
  // process lives on and the pool opens a new connection for the next call.
  // (The failure itself reaches the caller through that statement, and is logged there.)
  pool.on('connect', (client) => client.on('error', () => undefined))
  const open = new Set<Promise<void>>()
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()))
    open.add(ended)
    void ended.then(() => open.delete(ended))
  })
  const closed = async () => {
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CONNECT_TIMEOUT_MS)
      timer.unref()
    })
    await Promise.race([Promise.all(open), bound])
    clearTimeout(timer)
  }
  return { pool, closed }
}

async function connectPostgres(url: string, max: number, readUrl: string | undefined, log: KyselyConfig['log']): Promise<DatabaseHandle> {
  const pools = [postgresPool(url, max), ...(readUrl ? [postgresPool(readUrl, max)] : [])]
  const primary = new PostgresDialect({ pool: pools[0]!.pool })
  const replica = readUrl ? new ReplicaRouting() : undefined
  const dialect = replica && pools[1] ? new ReplicaDialect(primary, new PostgresDialect({ pool: pools[1].pool }), replica) : primary
  const db = new Kysely<Database>({ dialect, ...(log ? { log } : {}) })
  const { pool } = pools[0]!
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
  const close = async () => {
    await db.destroy()
    await Promise.all(pools.map((pool) => pool.closed()))
  }
  return { db, kind: 'postgres', jobs: { connectionString: url }, poolStats, ...(replica ? { replica } : {}), close }
}
