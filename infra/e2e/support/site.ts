import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

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
}

/**
 * KOMA_E2E_CLUSTER=1 (issue 18): the site as a cluster, two API processes on a fresh PostgreSQL
 * database and two edge processes on one port, sharing the edge registry in Redis under this
 * run's own key prefix and abuse limits under each site's own (startSite), as each single-process
 * site counts its own. `npm test` runs part of the suite this way.
 */
export const clusterLane = (): boolean => process.env.KOMA_E2E_CLUSTER === '1'
const POSTGRES_ADMIN_URL = process.env.KOMA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** In the cluster lane: what every process and edge command of this run shares (set once, inherited by the test workers). */
function clusterEnv(): Record<string, string> {
  const run = (process.env.KOMA_E2E_RUN ??= `${process.pid}${Date.now().toString(36)}`)
  return {
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    KOMA_EDGE_STORE: 'redis',
    KOMA_EDGE_REDIS_PREFIX: `koma:e2e:${run}:edge:`,
    KOMA_RATE_LIMIT_STORE: 'redis',
    KOMA_RATE_LIMIT_PREFIX: `koma:e2e:${run}:rl:`,
  }
}

async function createDatabase(): Promise<string> {
  const name = `koma_e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`)
  } finally {
    await admin.end()
  }
}

/**
 * Where the running site is described for the test workers: one file per run (set by
 * globalSetup, inherited by the workers), so runs from two checkouts never collide.
 */
export const siteFile = (): string => process.env.KOMA_E2E_SITE_FILE ?? path.join(os.tmpdir(), `koma-e2e-site-${process.pid}.json`)

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
  const child = spawn(tsx, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: false })
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)))
  return { child, log: () => output }
}

/** Run the edge CLI (deploy, rollback, publish-all) against the test site's edge folder. */
export function edgeCli(info: Pick<SiteInfo, 'dataDir' | 'edgeDir'>, args: string[]): { code: number; output: string } {
  const result = spawnSync(tsx, ['infra/edge/src/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...(clusterLane() ? clusterEnv() : {}), DATA_DIR: info.dataDir, EDGE_DIR: info.edgeDir },
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
 * data folder) and the edge. `edgeFrom`: copy an already published edge folder instead (a second
 * site for a test that must not share the API, e.g. one that moves its clock).
 */
export async function startSite(options: { dataDir?: string; edgeFrom?: string } = {}): Promise<SiteInfo> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'koma-e2e-'))
  const edgeDir = path.join(dataDir, 'edge')
  fromTemplate(dataDir)
  if (options.edgeFrom) fs.cpSync(options.edgeFrom, edgeDir, { recursive: true })
  else {
    const published = edgeCli({ dataDir, edgeDir }, ['publish-all'])
    if (published.code !== 0) throw new Error(`publish-all failed:\n${published.output}`)
  }
  const cluster = clusterLane()
  const port = await freePort()
  const apiPorts = cluster ? [await freePort(), await freePort()] : [await freePort()]
  const apiUrl = apiPorts.map((apiPort) => `http://127.0.0.1:${apiPort}`).join(',')
  const baseURL = `http://127.0.0.1:${port}`
  const databaseUrl = cluster ? await createDatabase() : undefined
  const shared = cluster ? clusterEnv() : {}
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
      ...(cluster ? { KOMA_RATE_LIMIT_PREFIX: `${shared.KOMA_RATE_LIMIT_PREFIX}${port}:` } : {}),
    })
    // The first migrates and seeds; the next starts once it answers (as npm start does).
    await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, 180_000, api.child, api.log)
    apis.push(api)
  }
  const edge = service(['infra/edge/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EDGE_DIR: edgeDir,
    API_URL: apiUrl,
    KOMA_PUBLIC_URL: baseURL,
    ...(cluster ? { KOMA_EDGE_PROCESSES: '2' } : {}),
    ...shared,
  })
  await waitForHttp(`${baseURL}/healthz`, 60_000, edge.child, edge.log)
  return { baseURL, dataDir, edgeDir, apiUrl, pids: [...apis.map((api) => api.child.pid ?? 0), edge.child.pid ?? 0], ...(databaseUrl ? { databaseUrl } : {}) }
}

/**
 * A second edge in front of the running site's API and published versions, with its own
 * settings (e.g. a tag manager id): for a test of the edge's configuration without a second API.
 * It only reads the edge folder. Stop it with `stopEdge`.
 */
export async function startEdge(
  site: Pick<SiteInfo, 'dataDir' | 'edgeDir' | 'apiUrl'>,
  env: Record<string, string>,
): Promise<{ baseURL: string; pid: number }> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const edge = service(['infra/edge/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: site.dataDir,
    EDGE_DIR: site.edgeDir,
    API_URL: site.apiUrl,
    KOMA_PUBLIC_URL: baseURL,
    ...(clusterLane() ? clusterEnv() : {}),
    ...env,
  })
  await waitForHttp(`${baseURL}/healthz`, 60_000, edge.child, edge.log)
  return { baseURL, pid: edge.child.pid ?? 0 }
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
