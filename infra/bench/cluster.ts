import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { endpoints } from '@koma/contracts/server'
import autocannon from 'autocannon'
import { signedHeaders } from './api'
import { registerMember } from '../api/src/test/account'
import { creditCoins } from '../api/src/modules/coin/ledger'
import { freePort, startApiProcess, startEdgeProcess, waitForOk, type ServerProcess } from '../api/src/test/processes'
import { connect } from '../api/src/db/connect'
import { coinChapters } from '../api/src/test/fixtures'
import { createTestApp, urlOf, type TestApp } from '../api/src/test/testApp'

/**
 * Issue 18: requests/second and p99 of home, an episode list and a coin unlock through one edge
 * process, with 1, 2 and 3 API processes on one PostgreSQL database, measured in one run (the
 * ratios are to one process). The machine's cores are shared by the load generator, the edge,
 * the API processes and PostgreSQL, so the figures show what one machine gains, not a fleet.
 */
const READERS = 30
/** Unlocks prepared per run (a token each, written before the clock starts). */
const UNLOCKS_PER_RUN = 3000
const CONNECTIONS = 10

export interface ClusterFigure {
  database: 'PostgreSQL' | 'PGlite'
  processes: number
  endpoint: string
  requestsPerSecond: number
  p99Ms: number
  errors: number
}

/** Signed as the browser signs (bench/api.ts), compressed answers asked, and a reader's cookies when given. */
async function headersFor(cookies?: Record<string, string>): Promise<Record<string, string>> {
  const cookie = cookies
    ? Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ')
    : null
  return { ...(await signedHeaders()), 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) }
}

async function cannon(database: ClusterFigure['database'], processes: number, endpoint: string, url: string, seconds: number): Promise<ClusterFigure> {
  const headers = await headersFor()
  await autocannon({ url, connections: 4, duration: 1, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers })
  return {
    database,
    processes,
    endpoint,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

interface Unlock {
  cookies: Record<string, string>
  memberId: number
  chapter: { id: number; contentId: number; type: string; price: number }
}

/**
 * Coin unlocks, each a different (reader, chapter) with its own one-time token, CONNECTIONS at a
 * time for `seconds`: every one a real spend in a transaction, not a repeated "already unlocked".
 */
type Prepared = (Unlock & { token: string })[]

/** Take the next unlocks off the queue and write each one's one-time token (before any clock starts). */
async function prepareUnlocks(t: TestApp, queue: Unlock[]): Promise<Prepared> {
  const batch = queue.splice(0, UNLOCKS_PER_RUN).map((unlock) => ({ ...unlock, token: randomBytes(16).toString('hex') }))
  const now = t.clock.realNow()
  for (let i = 0; i < batch.length; i += 500)
    await t.db
      .insertInto('coin_transaction_tokens')
      .values(
        batch.slice(i, i + 500).map((unlock) => ({
          token: unlock.token,
          member_id: unlock.memberId,
          created_at: now,
          expires_at: new Date(now.getTime() + 3600_000),
          used_at: null,
          action: null,
          outcome: null,
        })),
      )
      .execute()
  return batch
}

async function unlocks(database: ClusterFigure['database'], processes: number, base: string, batch: Prepared, seconds: number): Promise<ClusterFigure> {
  const latencies: number[] = []
  let errors = 0
  const deadline = Date.now() + seconds * 1000
  const worker = async () => {
    for (;;) {
      const next = batch.shift()
      if (!next || Date.now() > deadline) return
      const started = performance.now()
      const response = await fetch(base + urlOf(endpoints.chapterUnlock, { type: next.chapter.type, id: next.chapter.contentId, chapterId: next.chapter.id }), {
        method: 'POST',
        headers: { ...(await headersFor(next.cookies)), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: next.token, price: String(next.chapter.price) }).toString(),
      })
      await response.arrayBuffer()
      latencies.push(performance.now() - started)
      if (response.status !== 200) errors += 1
    }
  }
  const began = performance.now()
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  const elapsed = (performance.now() - began) / 1000
  if (!batch.length) console.log(`(all ${UNLOCKS_PER_RUN} prepared unlocks were used before ${seconds} s: the rate is over ${elapsed.toFixed(1)} s)`)
  latencies.sort((a, b) => a - b)
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0
  return { database, processes, endpoint: 'coin unlock', requestsPerSecond: Math.round(latencies.length / elapsed), p99Ms: Math.round(p99), errors }
}

/** Readers with plenty of coins, and every (reader, paid chapter) pair, readers interleaved. */
async function readersAndUnlocks(t: TestApp): Promise<Unlock[]> {
  const chapters = await coinChapters(t.db)
  const queue: Unlock[] = []
  for (let i = 0; i < READERS; i++) {
    const member = await registerMember(t)
    await t.db.transaction().execute((trx) =>
      creditCoins(trx, {
        memberId: member.userId,
        coinType: 'purchased',
        amount: 1_000_000,
        expiresAt: null,
        reason: 'order',
        ref: `bench-${member.userId}`,
        now: t.clock.now(),
      }),
    )
    for (const chapter of chapters) queue.push({ cookies: member.cookies, memberId: member.userId, chapter })
  }
  // Consecutive unlocks are different readers, so no one wallet's lock is the bottleneck.
  return queue.sort((a, b) => a.chapter.id - b.chapter.id || a.memberId - b.memberId)
}

/** Home, an episode list and unlocks through an edge process in front of `apiPorts`. */
async function measureThroughEdge(
  database: ClusterFigure['database'],
  apiPorts: number[],
  dataDir: string,
  batch: Prepared,
  seconds: number,
  servers: ServerProcess[],
): Promise<ClusterFigure[]> {
  const edge = startEdgeProcess(await freePort(), apiPorts, dataDir)
  servers.push(edge)
  await waitForOk(`http://127.0.0.1:${edge.port}/healthz`, edge)
  const base = `http://127.0.0.1:${edge.port}`
  const count = apiPorts.length
  return [
    await cannon(database, count, 'home', `${base}/api/en/home`, seconds),
    await cannon(database, count, 'episode list', `${base}/api/comic/1`, seconds),
    await unlocks(database, count, base, batch, seconds),
  ]
}

async function stopAll(servers: ServerProcess[]): Promise<void> {
  while (servers.length) await servers.pop()!.stop()
}

/** The same on PostgreSQL at 1, 2 and 3 API processes. */
async function measurePostgres(seconds: number, counts: number[]): Promise<ClusterFigure[]> {
  const saved = process.env.KOMA_TEST_DB
  process.env.KOMA_TEST_DB = 'postgres'
  let t: TestApp
  try {
    t = await createTestApp()
  } catch (error) {
    console.log(`(PostgreSQL is not answering on 127.0.0.1:5432: the cluster figures are skipped: ${String(error)})`)
    return []
  } finally {
    process.env.KOMA_TEST_DB = saved
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-cluster-'))
  const servers: ServerProcess[] = []
  const figures: ClusterFigure[] = []
  try {
    const queue = await readersAndUnlocks(t)
    const apiPorts = await Promise.all(Array.from({ length: Math.max(...counts) }, () => freePort()))
    for (const count of counts) {
      await stopAll(servers)
      const apis = apiPorts.slice(0, count).map((port, i) => startApiProcess(t.databaseUrl!, port, `api-${i + 1}`, dataDir, { KOMA_NOTIFICATIONS: '0' }))
      servers.push(...apis)
      for (const api of apis) await waitForOk(`http://127.0.0.1:${api.port}/api/health`, api)
      figures.push(...(await measureThroughEdge('PostgreSQL', apiPorts.slice(0, count), dataDir, await prepareUnlocks(t, queue), seconds, servers)))
    }
  } finally {
    await stopAll(servers)
    await t.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return figures
}

/**
 * For comparison, the zero-setup default: one API process on PGlite. The readers and their tokens
 * are written first (PGlite is one process's folder), then the API process opens a copy.
 */
async function measurePglite(seconds: number): Promise<ClusterFigure[]> {
  const saved = process.env.KOMA_TEST_DB
  delete process.env.KOMA_TEST_DB
  const t = await createTestApp()
  process.env.KOMA_TEST_DB = saved
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-pglite-'))
  const servers: ServerProcess[] = []
  try {
    const batch = await prepareUnlocks(t, await readersAndUnlocks(t))
    const folder = await connect({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: await t.dumpDataDir!() })
    await folder.close()
    await t.close()
    const api = startApiProcess('', await freePort(), 'api-1', dataDir, { KOMA_NOTIFICATIONS: '0' })
    servers.push(api)
    await waitForOk(`http://127.0.0.1:${api.port}/api/health`, api)
    return await measureThroughEdge('PGlite', [api.port], dataDir, batch, seconds, servers)
  } finally {
    await stopAll(servers)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function measureCluster(seconds = 5, counts = [1, 2, 3]): Promise<ClusterFigure[]> {
  // The readers' sign-up mails stay in the outbox instead of the console.
  process.env.KOMA_MAIL_ECHO = '0'
  return [...(await measurePostgres(seconds, counts)), ...(await measurePglite(seconds))]
}

export function printClusterFigures(figures: ClusterFigure[]): void {
  if (!figures.length) return
  console.log(`\n## API processes through one edge process (${CONNECTIONS} connections; ${os.cpus().length} cores shared by everything)`)
  console.log(
    `${'database'.padEnd(12)}${'endpoint'.padEnd(16)}${'API processes'.padStart(14)}${'req/s'.padStart(8)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'of one PG'.padStart(11)}`,
  )
  for (const f of figures) {
    const one = figures.find((other) => other.database === 'PostgreSQL' && other.endpoint === f.endpoint && other.processes === 1)?.requestsPerSecond ?? 0
    const ratio = one ? `${Math.round((100 * f.requestsPerSecond) / one)}%` : '-'
    console.log(
      `${f.database.padEnd(12)}${f.endpoint.padEnd(16)}${String(f.processes).padStart(14)}${String(f.requestsPerSecond).padStart(8)}${String(f.p99Ms).padStart(9)}${String(f.errors).padStart(8)}${ratio.padStart(11)}`,
    )
  }
}
