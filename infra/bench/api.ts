import { HEADERS, requestChecksum } from '@koma/contracts/server'
import autocannon from 'autocannon'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import pg from 'pg'
import { buildEdge } from '../edge/src/server'
import { buildApp } from '../api/src/app'
import { createClock } from '../api/src/clock'
import { loadConfig } from '../api/src/config'
import { connect, type DatabaseHandle } from '../api/src/db/connect'
import { migrateToLatest } from '../api/src/db/migrate'
import { seedDatabase } from '../api/src/seed'
import { databaseStore } from '../api/src/storage'
import { postgresAdminUrl, withDatabase } from '../api/src/test/lane'

/**
 * API throughput of the discovery endpoints a reader hits most: home, a menu list and an
 * episode list, on PGlite and on PostgreSQL, each behind the real request-signature check, and
 * home through the edge; each as a share of a bare Fastify route measured in the same run.
 * Figures only: autocannon (in a worker thread), 10 connections, a few seconds per endpoint.
 */
const HOME = '/api/en/home'
const ENDPOINTS: [string, string][] = [
  ['home', HOME],
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

export async function signedHeaders(): Promise<Record<string, string>> {
  const time = String(Date.now())
  return {
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
    [HEADERS.language]: 'en',
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'bench',
  }
}

async function run(database: string, endpoint: string, url: string, seconds: number, headers: Record<string, string>): Promise<ApiFigure> {
  // Warm caches and the JIT, then measure. The load generator runs in a worker thread, on the other
  // core: in the server's own thread it cost each answer in proportion to its size (autocannon
  // keeps every body as a string), so home's 50 kB looked slower than the API made it.
  await autocannon({ url, connections: 4, duration: 1, headers, workers: 1 })
  const result = await autocannon({ url, connections: 10, duration: seconds, headers, workers: 1 })
  return { database, endpoint, requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, errors: result.errors + result.non2xx }
}

/**
 * The yardstick, measured in the same run: a bare Fastify route answering a small JSON object
 * (what a perfect cache could do on this machine at this moment).
 */
async function bareFastify(seconds: number): Promise<ApiFigure> {
  const bare = Fastify()
  bare.get('/api/bare', async () => ({ result: { ok: true } }))
  const address = await bare.listen({ host: '127.0.0.1', port: 0 })
  try {
    return await run('-', 'bare Fastify route', `${address}/api/bare`, seconds, {})
  } finally {
    await bare.close()
  }
}

async function measure(database: string, handle: DatabaseHandle, seconds: number): Promise<ApiFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-api-'))
  const app = await buildApp({
    db: handle.db,
    clock: createClock(),
    config: { ...loadConfig({ DATA_DIR: dataDir }), seedIfEmpty: false },
    objects: databaseStore,
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  // The edge in front of it, as readers reach the API (no published versions needed for /api).
  const edge = buildEdge({ edgeDir: path.join(dataDir, 'edge'), apiUrl: address })
  const edgeAddress = await edge.listen({ host: '127.0.0.1', port: 0 })
  const figures: ApiFigure[] = []
  // Browsers ask for compressed answers.
  const headers = async () => ({ ...(await signedHeaders()), 'accept-encoding': 'gzip, deflate, br' })
  try {
    for (const [endpoint, url] of ENDPOINTS) figures.push(await run(database, endpoint, address + url, seconds, await headers()))
    figures.push(await run(database, 'home via the edge', edgeAddress + HOME, seconds, await headers()))
  } finally {
    await edge.close()
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
  const figures: ApiFigure[] = [await bareFastify(seconds)]
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
  const bare = figures.find((f) => f.endpoint === 'bare Fastify route')?.requestsPerSecond ?? 0
  const ratio = (value: number, of: number) => (of ? `${Math.round((100 * value) / of)}%` : '-')
  console.log('\n## API throughput (autocannon in a worker thread, 10 connections, signed requests, accept-encoding br)')
  console.log(
    `${'database'.padEnd(12)}${'endpoint'.padEnd(22)}${'req/s'.padStart(8)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'of bare'.padStart(9)}${'of direct'.padStart(11)}`,
  )
  for (const f of figures) {
    const direct =
      f.endpoint === 'home via the edge' ? (figures.find((other) => other.database === f.database && other.endpoint === 'home')?.requestsPerSecond ?? 0) : 0
    console.log(
      `${f.database.padEnd(12)}${f.endpoint.padEnd(22)}${String(f.requestsPerSecond).padStart(8)}${String(f.p99Ms).padStart(9)}${String(f.errors).padStart(8)}${ratio(f.requestsPerSecond, bare).padStart(9)}${(direct ? ratio(f.requestsPerSecond, direct) : '').padStart(11)}`,
    )
  }
}
