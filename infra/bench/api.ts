import { HEADERS, requestChecksum } from '@koma/contracts/server'
import autocannon from 'autocannon'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '../api/src/app'
import { createClock } from '../api/src/clock'
import { loadConfig } from '../api/src/config'
import { connect, type DatabaseHandle } from '../api/src/db/connect'
import { migrateToLatest } from '../api/src/db/migrate'
import { seedDatabase } from '../api/src/seed'
import { postgresAdminUrl, withDatabase } from '../api/src/test/lane'

/**
 * API throughput of the discovery endpoints a reader hits most: home, a menu list and an
 * episode list, on PGlite and on PostgreSQL, each behind the real request-signature check.
 * Figures only: autocannon, 10 connections, a few seconds per endpoint.
 */
const ENDPOINTS: [string, string][] = [
  ['home', '/api/en/home'],
  ['menu list (ranking)', '/api/menu/all_comic/ranking'],
  ['episode list', '/api/comic/1'],
]

export interface ApiFigure {
  database: string
  endpoint: string
  requestsPerSecond: number
  p99Ms: number
  errors: number
}

async function signedHeaders(): Promise<Record<string, string>> {
  const time = String(Date.now())
  return {
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
    [HEADERS.language]: 'en',
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'bench',
  }
}

async function measure(database: string, handle: DatabaseHandle, seconds: number): Promise<ApiFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-api-'))
  const app = await buildApp({ db: handle.db, clock: createClock(), config: { ...loadConfig({ DATA_DIR: dataDir }), seedIfEmpty: false } })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const figures: ApiFigure[] = []
  try {
    for (const [endpoint, url] of ENDPOINTS) {
      // Warm caches and the JIT, then measure.
      await autocannon({ url: address + url, connections: 4, duration: 1, headers: await signedHeaders() })
      const result = await autocannon({ url: address + url, connections: 10, duration: seconds, headers: await signedHeaders() })
      figures.push({ database, endpoint, requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, errors: result.errors + result.non2xx })
    }
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return figures
}

async function seeded(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await migrateToLatest(handle.db)
  await seedDatabase(handle.db)
  return handle
}

export async function measureApi(seconds = 5): Promise<ApiFigure[]> {
  const figures: ApiFigure[] = []
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-pglite-'))
  const pglite = await seeded(await connect({ dataDir: pgliteDir }))
  try {
    figures.push(...(await measure('PGlite', pglite, seconds)))
  } finally {
    await pglite.close()
    fs.rmSync(pgliteDir, { recursive: true, force: true })
  }

  const admin = new pg.Client({ connectionString: postgresAdminUrl() })
  try {
    await admin.connect()
  } catch {
    console.log('(PostgreSQL is not answering on 127.0.0.1:5432: its figures are skipped)')
    return figures
  }
  const name = `koma_bench_${process.pid}`
  try {
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
    const postgres = await seeded(await connect({ databaseUrl: withDatabase(postgresAdminUrl(), name), poolSize: 10 }))
    try {
      figures.push(...(await measure('PostgreSQL', postgres, seconds)))
    } finally {
      await postgres.close()
    }
  } finally {
    // Let the pool's sockets close before the database goes (forcing it would kill them mid-close).
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await admin.query(`drop database if exists ${name}`)
        break
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    await admin.end()
  }
  return figures
}

export function printApiFigures(figures: ApiFigure[]): void {
  console.log('\n## API throughput (autocannon, 10 connections, signed requests)')
  console.log(`${'database'.padEnd(12)}${'endpoint'.padEnd(22)}${'req/s'.padStart(8)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`)
  for (const f of figures) console.log(`${f.database.padEnd(12)}${f.endpoint.padEnd(22)}${String(f.requestsPerSecond).padStart(8)}${String(f.p99Ms).padStart(9)}${String(f.errors).padStart(8)}`)
}
