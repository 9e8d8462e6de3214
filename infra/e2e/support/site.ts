import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Redis } from 'ioredis'
import { importBooks, type Imported } from './importBooks'

export const repoRoot = path.resolve(__dirname, '..', '..', '..')
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx')

export interface SiteInfo {
  baseURL: string
  dataDir: string
  edgeDir: string
  apiUrl: string
  pids: number[]
  /** The cluster lane's PostgreSQL database (dropped by stopSite). */
  databaseUrl?: string
  /** The cluster lane's Redis key prefix of this site's edge registry and history (KOMA_EDGE_REDIS_PREFIX). */
  edgePrefix?: string
}

/**
 * KOMA_E2E_CLUSTER=1 (issue 18): the site as a cluster, two API processes on a fresh PostgreSQL
 * database and two edge processes on one port, sharing their edge registry and their abuse
 * limits in Redis under the site's own key prefixes, as each single-process site keeps its own
 * (its edge folder, its API's memory). `npm test` runs the whole suite this way.
 */
export const clusterLane = (): boolean => process.env.KOMA_E2E_CLUSTER === '1'
const POSTGRES_ADMIN_URL = process.env.KOMA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** In the cluster lane: this run's Redis key prefix (set once, inherited by the test workers); every site's keys are under it. */
const runPrefix = (): string => `koma:e2e:${(process.env.KOMA_E2E_RUN ??= `${process.pid}${Date.now().toString(36)}`)}:`
const redisUrl = (): string => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
/** A new site's (or forked edge's) own key prefix under the run's. */
const newPrefix = (): string => `${runPrefix()}${randomUUID().slice(0, 8)}:`

/** In the cluster lane: what a site's processes and edge commands are given (and a test's own process, to publish there), for the site's edge registry prefix. */
export function clusterEnv(edgePrefix: string): Record<string, string> {
  return { REDIS_URL: redisUrl(), KOMA_EDGE_STORE: 'redis', KOMA_EDGE_REDIS_PREFIX: edgePrefix }
}

/** The registry keys an edge keeps in Redis (infra/edge/src/registry/store.ts and shared.ts). */
const EDGE_STATE_KEYS = ['deployments.json', 'registry.json']

/**
 * A copy of a site's published versions for another edge: its edge folder and, in the cluster
 * lane, its registry and history under a new Redis prefix, so a deploy, canary or rollback made
 * there reaches neither the site nor the other test files (as a copied edge folder does on one
 * process).
 */
export async function forkEdge(from: Pick<SiteInfo, 'edgeDir' | 'edgePrefix'>, edgeDir: string): Promise<{ edgeDir: string; edgePrefix?: string }> {
  fs.cpSync(from.edgeDir, edgeDir, { recursive: true })
  fs.rmSync(path.join(edgeDir, '.lock'), { force: true })
  if (!clusterLane()) return { edgeDir }
  if (!from.edgePrefix) throw new Error('forkEdge: the cluster lane needs the edge prefix of the site it copies')
  const edgePrefix = newPrefix()
  await withRedis(async (redis) => {
    const values = await redis.mget(...EDGE_STATE_KEYS.map((key) => from.edgePrefix + key))
    const multi = redis.multi()
    EDGE_STATE_KEYS.forEach((key, index) => {
      const value = values[index]
      if (value == null) throw new Error(`forkEdge: ${from.edgePrefix}${key} is not in Redis`)
      multi.set(edgePrefix + key, value)
    })
    await multi.incr(`${edgePrefix}revision`).exec()
  })
  return { edgeDir, edgePrefix }
}

async function withRedis<T>(action: (redis: Redis) => Promise<T>): Promise<T> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    return await action(redis)
  } finally {
    redis.disconnect()
  }
}

const adminQuery = async (sql: string): Promise<void> => {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

const databaseUrlOf = (name: string): string => {
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * A fresh database for one cluster site: a copy of the run's seeded template (PostgreSQL copies
 * its files, well under a second) when globalSetup made one, else an empty one the first API
 * process migrates and seeds.
 */
async function createDatabase(): Promise<string> {
  const name = `koma_e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const template = process.env.KOMA_E2E_PG_TEMPLATE
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`)
  return databaseUrlOf(name)
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  await adminQuery(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`)
}

/**
 * The cluster lane's seeded database: migrated and seeded once by `npm run seed`'s command in
 * globalSetup, then copied by PostgreSQL (`create database … template`) for every site, as the
 * single-process lane copies its PGlite template. Named in the environment the test workers
 * inherit; dropped by globalTeardown (dropClusterTemplate).
 */
export async function seedClusterTemplate(): Promise<void> {
  const name = `koma_e2e_template_${process.pid}${Date.now().toString(36)}`
  await adminQuery(`create database ${name}`)
  const seeded = spawnSync(tsx, ['infra/api/src/cli/seed.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrlOf(name), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
  if (seeded.status !== 0) {
    await adminQuery(`drop database if exists ${name}`)
    throw new Error(`seeding the cluster template failed (${seeded.status}):\n${seeded.stdout}${seeded.stderr}`)
  }
  process.env.KOMA_E2E_PG_TEMPLATE = name
}

/** Drop the run's template database and its Redis keys (registry, limits) at the end of a cluster run. */
export async function dropClusterRun(): Promise<void> {
  const template = process.env.KOMA_E2E_PG_TEMPLATE
  if (template) await adminQuery(`drop database if exists ${template} with (force)`)
  if (!process.env.KOMA_E2E_RUN) return
  await withRedis(async (redis) => {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${runPrefix()}*`, 'COUNT', 500)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  })
}

/**
 * Where the running site is described for the test workers: one file per run (set by
 * globalSetup, inherited by the workers), so runs from two checkouts never collide.
 */
export const siteFile = (): string => process.env.KOMA_E2E_SITE_FILE ?? path.join(os.tmpdir(), `koma-e2e-site-${process.pid}.json`)

/**
 * Each browser context is a reader on a machine of its own (support/browser.ts `newContext` sends
 * an address of 198.18.0.0/15 as X-Forwarded-For), as readers are: the test edge believes that
 * header from this machine alone, as a production edge believes its CDN's. So a run's hundreds of
 * sign-ins, guests and image renders meet the API's per-address limits (limits.ts) as many
 * readers would, at their production numbers, instead of as one address.
 */
const READERS_ADDRESSES = { TRUST_PROXY: '127.0.0.1' }

/**
 * A first page waits this long for its API answers and its drawing before the browser draws it
 * (production: 300 and 400 ms). The tests check what is drawn, for whom, never how fast: three
 * test files share 2 cores with a PGlite API, where a member's two answers can take longer than
 * 300 ms, and a page drawn or not by the clock would make them flaky. Speed is `npm run bench`'s.
 */
const FIRST_PAGE_WAITS = { KOMA_FIRST_PAGE_API_WAIT_MS: '5000', KOMA_FIRST_PAINT_WAIT_MS: '6000' }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited (${child.exitCode}) before ${url} answered:\n${log()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms:\n${log()}`)
}

function service(args: string[], env: Record<string, string>): { child: ChildProcess; log: () => string } {
  let output = ''
  // Metrics ports are fixed numbers (9464, 9465): sites started side by side serve none unless a test asks.
  const child = spawn(tsx, args, {
    cwd: repoRoot,
    env: { ...process.env, KOMA_METRICS_PORT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  })
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  return { child, log: () => output }
}

/** Run the edge CLI (deploy, rollback, publish-all) against the test site's edge folder (and in the cluster lane its registry in Redis). */
export function edgeCli(info: Pick<SiteInfo, 'dataDir' | 'edgeDir' | 'edgePrefix'>, args: string[]): { code: number; output: string } {
  const result = spawnSync(tsx, ['infra/edge/src/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...(info.edgePrefix ? clusterEnv(info.edgePrefix) : {}), DATA_DIR: info.dataDir, EDGE_DIR: info.edgeDir },
    encoding: 'utf8',
  })
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` }
}

/**
 * The single-process lane's seeded database (PGlite): migrated and seeded once by `npm run
 * seed`'s command in globalSetup, then copied into every site's and import's data folder, so the
 * run's sites and imports do not each migrate and seed (about 9 s of CPU apiece; nine of them
 * per run). Its folder is inherited by the test workers and removed by globalTeardown.
 */
export function seedTemplate(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-e2e-template-'))
  const seeded = spawnSync(tsx, ['infra/api/src/cli/seed.ts'], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dir }, encoding: 'utf8' })
  if (seeded.status !== 0) throw new Error(`seeding the template failed (${seeded.status}):\n${seeded.stdout}${seeded.stderr}`)
  process.env.KOMA_E2E_TEMPLATE = dir
  return dir
}

/** Give a fresh data folder the seeded database, unless it has one already (the cluster lane seeds PostgreSQL itself). */
export function fromTemplate(dataDir: string): void {
  const template = process.env.KOMA_E2E_TEMPLATE
  const target = path.join(dataDir, 'pglite')
  if (!template || clusterLane() || fs.existsSync(target)) return
  fs.cpSync(path.join(template, 'pglite'), target, { recursive: true })
}

/**
 * Build what changed, publish into a fresh edge folder, start the API (fresh PGlite, or the given
 * data folder) and the edge. `edgeFrom`: copy a running site's published versions instead
 * (forkEdge; a second site for a test that must not share the API, e.g. one that moves its
 * clock). `books`: EPUB files
 * or image folders imported with `npm run import`'s command into the site's own database (its
 * PGlite folder, or in the cluster lane its PostgreSQL database) before its API starts; `imported`
 * says what each became, in order. `operators`: members made operators there with `npm run
 * operator -- grant`'s command; `setUpCodes` has the set-up code it printed for each.
 */
export async function startSite(
  options: {
    dataDir?: string
    edgeFrom?: Pick<SiteInfo, 'edgeDir' | 'edgePrefix'>
    books?: string[]
    operators?: string[]
    /** Commands on the site's database before its API opens it (PGlite's folder is one process's), e.g. `npm run images`. */
    beforeApi?: (env: Record<string, string>) => void
  } = {},
): Promise<SiteInfo & { imported: Imported[]; setUpCodes: Record<string, string> }> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'koma-e2e-'))
  const cluster = clusterLane()
  fromTemplate(dataDir)
  let edge: { edgeDir: string; edgePrefix?: string }
  if (options.edgeFrom) edge = await forkEdge(options.edgeFrom, path.join(dataDir, 'edge'))
  else {
    edge = { edgeDir: path.join(dataDir, 'edge'), ...(cluster ? { edgePrefix: newPrefix() } : {}) }
    const published = edgeCli({ dataDir, ...edge }, ['publish-all'])
    if (published.code !== 0) throw new Error(`publish-all failed:\n${published.output}`)
  }
  const { edgeDir, edgePrefix } = edge
  const port = await freePort()
  const apiPorts = cluster ? [await freePort(), await freePort()] : [await freePort()]
  const apiUrl = apiPorts.map((apiPort) => `http://127.0.0.1:${apiPort}`).join(',')
  const baseURL = `http://127.0.0.1:${port}`
  const databaseUrl = cluster ? await createDatabase() : undefined
  // Each site counts its abuse limits under its own prefix, as each single-process site counts its own.
  const shared = edgePrefix ? { ...clusterEnv(edgePrefix), KOMA_RATE_LIMIT_STORE: 'redis', KOMA_RATE_LIMIT_PREFIX: `${edgePrefix}rl:` } : {}
  const databaseEnv = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }
  const imported = options.books?.length ? importBooks(databaseEnv, options.books) : []
  const setUpCodes = Object.fromEntries((options.operators ?? []).map((email) => [email, grantOperator(databaseEnv, email)]))
  options.beforeApi?.(databaseEnv)
  // The API mails links and builds OAuth redirect URIs on the site's own origin: the test edge.
  const apis = []
  for (const [index, apiPort] of apiPorts.entries()) {
    const api = service(['infra/api/src/main.ts'], {
      DATA_DIR: dataDir,
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      KOMA_PUBLIC_URL: baseURL,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, KOMA_INSTANCE: `api-${index + 1}`, ...(index > 0 ? { KOMA_NOTIFICATIONS: '0' } : {}) } : {}),
      ...shared,
    })
    // The first migrates (and seeds an empty database); the next starts once it answers (as npm start does).
    await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, 180_000, api.child, api.log)
    apis.push(api)
  }
  const edges = service(['infra/edge/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EDGE_DIR: edgeDir,
    API_URL: apiUrl,
    KOMA_PUBLIC_URL: baseURL,
    ...READERS_ADDRESSES,
    ...FIRST_PAGE_WAITS,
    ...(cluster ? { KOMA_EDGE_PROCESSES: '2' } : {}),
    ...shared,
  })
  await waitForHttp(`${baseURL}/healthz`, 60_000, edges.child, edges.log)
  return {
    baseURL,
    dataDir,
    edgeDir,
    apiUrl,
    pids: [...apis.map((api) => api.child.pid ?? 0), edges.child.pid ?? 0],
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(edgePrefix ? { edgePrefix } : {}),
    imported,
    setUpCodes,
  }
}

/**
 * Make a member an operator with `npm run operator -- grant`'s command, in the database `env`
 * names, before the site's API starts (PGlite's folder is one process's): returns the one-time
 * set-up code it printed, which the console asks for at the operator's first sign-in (issue 33).
 */
function grantOperator(env: Record<string, string>, email: string): string {
  const result = spawnSync(tsx, ['infra/api/src/cli/operator.ts', 'grant', email], { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8' })
  const code = /^operator: set-up code: ([A-Z0-9-]+)$/m.exec(result.stdout)?.[1]
  if (result.status !== 0 || !code) throw new Error(`operator grant failed (${result.status}):\n${result.stdout}${result.stderr}`)
  return code
}

/**
 * A second edge in front of the running site's API and published versions (or a forkEdge copy),
 * with its own settings (e.g. a tag manager id): for a test of the edge's configuration without a
 * second API. In the cluster lane it is two processes on one port too. Stop it with `stopEdge`.
 */
export async function startEdge(
  site: Pick<SiteInfo, 'dataDir' | 'edgeDir' | 'apiUrl' | 'edgePrefix'>,
  env: Record<string, string>,
): Promise<{ baseURL: string; pid: number }> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const edges = service(['infra/edge/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: site.dataDir,
    EDGE_DIR: site.edgeDir,
    API_URL: site.apiUrl,
    KOMA_PUBLIC_URL: baseURL,
    ...READERS_ADDRESSES,
    ...FIRST_PAGE_WAITS,
    ...(site.edgePrefix ? { ...clusterEnv(site.edgePrefix), KOMA_EDGE_PROCESSES: '2' } : {}),
    ...env,
  })
  await waitForHttp(`${baseURL}/healthz`, 60_000, edges.child, edges.log)
  return { baseURL, pid: edges.child.pid ?? 0 }
}

/** Stop an edge started by startEdge and wait until it has exited. */
export async function stopEdge(edge: { pid: number }, timeoutMs = 15_000): Promise<void> {
  await stopProcesses([edge.pid], timeoutMs)
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** SIGTERM, then wait (polling their exit) until every process is gone; SIGKILL what is left at the deadline. */
async function stopProcesses(pids: number[], timeoutMs: number): Promise<void> {
  const live = pids.filter(Boolean)
  for (const pid of live) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {
      /* already gone */
    }
  }
  const deadline = Date.now() + timeoutMs
  while (live.some(alive)) {
    if (Date.now() > deadline) {
      for (const pid of live.filter(alive)) process.kill(pid, 'SIGKILL')
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Stop a site's API and edge, wait until both have exited, and remove its data folder. */
export async function stopSite(site: SiteInfo, timeoutMs = 15_000): Promise<void> {
  await stopProcesses(site.pids, timeoutMs)
  fs.rmSync(site.dataDir, { recursive: true, force: true })
  if (site.databaseUrl) await dropDatabase(site.databaseUrl)
}

/** Where e2e screenshots go: next to the run's site folder, one folder for every test file. */
export function screenshotDir(): string {
  const dir = path.join(readSite().dataDir, '..', 'koma-screenshots')
  fs.mkdirSync(dir, { recursive: true })
  return dir
}

export function readSite(): SiteInfo {
  return JSON.parse(fs.readFileSync(siteFile(), 'utf8')) as SiteInfo
}
