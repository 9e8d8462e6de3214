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
import { createApiMetrics } from '../api/src/metrics/metrics'

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

export interface MetricsCost {
  /** Home's requests per second in each round, with the metrics counted and with KOMA_METRICS=0. */
  on: number[]
  off: number[]
  /** The API thread's CPU time per answer (µs) in each round: what other work on the machine does not move. */
  cpuOn: number[]
  cpuOff: number[]
  /** What counting one home answer costs (µs), timed in a tight loop: a request's series and its cache lookup. */
  countingMicros: number
}

/** The CPU time of this thread alone (Node ≥ 23.9): the load generator runs in a worker thread, other processes elsewhere. */
const threadCpu = (): number => {
  const usage = (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage()
  return usage.user + usage.system
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/**
 * Issue 38: what the Prometheus metrics cost the API's busiest call. Two APIs on PGlite, each on its
 * own seeded copy, one counting every request and statement as main.ts does (the query hook
 * included), the other built with KOMA_METRICS=0; home is measured on each in turn, the order
 * alternating by round so that the machine's drift (other work on its two cores) falls on both.
 */
export async function measureMetricsCost(seconds = 3, rounds = 8): Promise<MetricsCost> {
  const folders: string[] = []
  const start = async (counted: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-metrics-'))
    folders.push(dir)
    const metrics = counted ? createApiMetrics() : undefined
    const handle = await seeded(
      await connect({
        dataDir: path.join(dir, 'pglite'),
        ...(metrics ? { onQuery: (ms: number, failed: boolean, sql: string) => metrics.observeQuery(ms, failed, sql) } : {}),
      }),
    )
    const config = { ...loadConfig({ DATA_DIR: dir, ...(counted ? {} : { KOMA_METRICS: '0' }) }), seedIfEmpty: false }
    const app = await buildApp({ db: handle.db, clock: createClock(), config, objects: databaseStore, ...(metrics ? { metrics } : {}) })
    const address = await app.listen({ host: '127.0.0.1', port: 0 })
    const close = async () => {
      await app.close()
      await handle.close()
    }
    return { address, metrics, close }
  }
  const on = await start(true)
  const off = await start(false)
  const cost: MetricsCost = { on: [], off: [], cpuOn: [], cpuOff: [], countingMicros: 0 }
  const headers = async () => ({ ...(await signedHeaders()), 'accept-encoding': 'gzip, deflate, br' })
  try {
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const url = `${(side === 'on' ? on : off).address}${HOME}`
        const signed = await headers()
        await autocannon({ url, connections: 4, duration: 1, headers: signed, workers: 1 })
        const cpuBefore = threadCpu()
        const result = await autocannon({ url, connections: 10, duration: seconds, headers: signed, workers: 1 })
        const cpu = threadCpu() - cpuBefore
        if (result.errors + result.non2xx) throw new Error(`home answered ${result.errors + result.non2xx} errors with metrics ${side}`)
        cost[side].push(Math.round(result.requests.average))
        cost[side === 'on' ? 'cpuOn' : 'cpuOff'].push(Math.round((10 * cpu) / result.requests.total) / 10)
      }
    }
    // The metrics' own work for one home answer, alone: steady where the machine's other work is not.
    const probe = createApiMetrics({ processMetrics: false })
    const count = (times: number) => {
      const started = process.hrtime.bigint()
      for (let i = 0; i < times; i++) {
        probe.http.observe('GET', '/api/:lang/home', 200, 0.001 + (i % 5) * 0.01)
        probe.cacheLookup('home', i % 20 !== 0)
      }
      return Number(process.hrtime.bigint() - started) / 1000 / times
    }
    count(100_000)
    cost.countingMicros = Math.min(count(300_000), count(300_000), count(300_000))
    // The counted side did count: its scrape names home's route.
    const scrape = (await on.metrics?.scrape())?.body ?? ''
    if (!scrape.includes('route="/api/:lang/home"')) throw new Error('the metrics did not count home')
  } finally {
    await on.close()
    await off.close()
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
  }
  return cost
}

export function printMetricsCost(cost: MetricsCost): void {
  const change = (on: number, off: number) => {
    const percent = off ? ((on - off) / off) * 100 : 0
    return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`
  }
  const best = (values: number[]) => Math.max(0, ...values)
  console.log('\n## What the metrics cost the API (home on PGlite, autocannon in a worker thread, 10 connections, rounds alternating)')
  console.log(`${'req/s'.padEnd(30)}${'median'.padStart(8)}${'best'.padStart(8)}   rounds`)
  console.log(`${'metrics on (default)'.padEnd(30)}${String(median(cost.on)).padStart(8)}${String(best(cost.on)).padStart(8)}   ${cost.on.join(', ')}`)
  console.log(
    `${'metrics off (KOMA_METRICS=0)'.padEnd(30)}${String(median(cost.off)).padStart(8)}${String(best(cost.off)).padStart(8)}   ${cost.off.join(', ')}`,
  )
  console.log(
    `${'CPU µs per answer, on'.padEnd(30)}${String(median(cost.cpuOn)).padStart(8)}${String(Math.min(...cost.cpuOn)).padStart(8)}   ${cost.cpuOn.join(', ')}`,
  )
  console.log(
    `${'CPU µs per answer, off'.padEnd(30)}${String(median(cost.cpuOff)).padStart(8)}${String(Math.min(...cost.cpuOff)).padStart(8)}   ${cost.cpuOff.join(', ')}`,
  )
  console.log(
    `counting one answer alone: ${cost.countingMicros.toFixed(2)} µs, ${((100 * cost.countingMicros) / (median(cost.cpuOff) || 1)).toFixed(1)}% of an answer's CPU without metrics (tight loop, best of three)`,
  )
  console.log(
    `CPU per answer with metrics: ${change(median(cost.cpuOn), median(cost.cpuOff))} by the medians (the API thread's own time: what a request costs, whatever else the machine runs)`,
  )
  console.log(
    `change with metrics: ${change(median(cost.on), median(cost.off))} by the medians, ${change(best(cost.on), best(cost.off))} by the best rounds (budget: no worse than -5%; on a busy machine requests per second swing from round to round: the CPU per answer and the counting alone are the steadier figures)`,
  )
}
