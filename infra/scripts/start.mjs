// `npm start`: install if needed, build and publish what changed, then serve the whole site on
// the embedded database (PGlite) at http://127.0.0.1:8080. PORT and DATA_DIR override.
// `NODE_ENV=production npm start`: the production profile — the same, but the API and the edge
// run compiled JavaScript (build-servers.mjs), and the API refuses to start on an unsafe
// configuration (it prints every unsafe or missing setting and exits non-zero).
// `KOMA_API_PROCESSES=N` (issue 18): N API processes on API_PORT … API_PORT+N-1, the edge balancing
// over the healthy ones. Needs DATABASE_URL (PGlite is one process); README "Several processes".
// `KOMA_EDGE_PROCESSES=N`: N edge processes on PORT, sharing their state in Redis (REDIS_URL).
import path from 'node:path'
import { bin, ensureDependencies, ensureRuntime, root, run, startService, waitForPort } from './lib.mjs'
import { buildServers, SERVERS } from './build-servers.mjs'

const production = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT ?? 8080)
const apiPort = Number(process.env.API_PORT ?? port + 1)
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'))
const edgeDir = path.join(dataDir, 'edge')
const apiProcesses = Number(process.env.KOMA_API_PROCESSES || 1)
if (!Number.isInteger(apiProcesses) || apiProcesses < 1 || apiProcesses > 32) {
  console.error(`[koma] KOMA_API_PROCESSES must be a whole number from 1 to 32, got "${process.env.KOMA_API_PROCESSES}"`)
  process.exit(1)
}
if (apiProcesses > 1 && !process.env.DATABASE_URL) {
  console.error(`[koma] KOMA_API_PROCESSES=${apiProcesses} needs PostgreSQL: the embedded database (PGlite) is one process's folder.`)
  console.error('[koma] Set DATABASE_URL, e.g. DATABASE_URL=postgres://127.0.0.1:5432/koma (README, "Several processes").')
  process.exit(1)
}
const apiPorts = Array.from({ length: apiProcesses }, (_, i) => apiPort + i)
// Prometheus metrics (issue 38), each process on a port of its own on 127.0.0.1 (KOMA_METRICS_HOST
// changes it): the edge on KOMA_METRICS_PORT (default 9464), API process i (from 0) on that + 1 + i.
// KOMA_METRICS_PORT=off (or 0) serves none; KOMA_METRICS=0 does not even count.
const metricsOff = ['off', '0'].includes(process.env.KOMA_METRICS_PORT ?? '') || process.env.KOMA_METRICS === '0'
const metricsBase = Number(process.env.KOMA_METRICS_PORT || 9464)
if (!metricsOff && (!Number.isInteger(metricsBase) || metricsBase < 1 || metricsBase + apiProcesses > 65535)) {
  console.error(`[koma] KOMA_METRICS_PORT must be a port number, 0 or off, got "${process.env.KOMA_METRICS_PORT}"`)
  process.exit(1)
}
const metricsPort = (offset) => (metricsOff ? 'off' : String(metricsBase + offset))
// `KOMA_EDGE_PROCESSES=N`: N edges on PORT (Node's cluster module, infra/edge/src/cluster.ts). They
// share the registry, history and canary health in Redis, and so must the publish step below.
const edgeProcesses = Number(process.env.KOMA_EDGE_PROCESSES || 1)
if (!Number.isInteger(edgeProcesses) || edgeProcesses < 1 || edgeProcesses > 32) {
  console.error(`[koma] KOMA_EDGE_PROCESSES must be a whole number from 1 to 32, got "${process.env.KOMA_EDGE_PROCESSES}"`)
  process.exit(1)
}
if (edgeProcesses > 1 && !process.env.KOMA_EDGE_STORE) {
  if (!process.env.REDIS_URL) {
    console.error(`[koma] KOMA_EDGE_PROCESSES=${edgeProcesses} needs Redis for the edges' shared registry: set REDIS_URL (README, "Several processes").`)
    process.exit(1)
  }
  process.env.KOMA_EDGE_STORE = 'redis'
}

ensureDependencies()
await ensureRuntime()

console.log('[koma] building and publishing the host and remotes that changed…')
// Front-end builds always use webpack's production mode; NODE_ENV here only picks the servers' profile.
if (run(bin('tsx'), ['infra/edge/src/cli.ts', 'publish-all'], { env: { DATA_DIR: dataDir, EDGE_DIR: edgeDir } }) !== 0) {
  console.error('[koma] build failed')
  process.exit(1)
}
if (production) {
  const ms = await buildServers()
  console.log(`[koma] production profile: API and edge compiled in ${ms} ms`)
}

const entry = (name) => (production ? SERVERS[name].outfile : `infra/${name}/src/main.ts`)
// Mailed links and social sign-in redirect URIs use this origin, never the request's Host or Origin.
// The demo defaults it to this edge; production must set it (the API's start check says so).
const publicUrl = process.env.KOMA_PUBLIC_URL || (production ? undefined : `http://127.0.0.1:${port}`)
const apiEnv = { DATA_DIR: dataDir, API_HOST: '127.0.0.1', ...(publicUrl ? { KOMA_PUBLIC_URL: publicUrl } : {}) }
const apiMetricsPort = (index) => ({ KOMA_METRICS_PORT: metricsPort(1 + index) })
const startApi = (index) =>
  startService(
    apiProcesses === 1 ? 'api' : `api-${index + 1}`,
    [entry('api')],
    apiProcesses === 1
      ? { ...apiEnv, ...apiMetricsPort(index), API_PORT: String(apiPorts[index]) }
      : {
          ...apiEnv,
          ...apiMetricsPort(index),
          API_PORT: String(apiPorts[index]),
          KOMA_INSTANCE: process.env.KOMA_INSTANCE ? `${process.env.KOMA_INSTANCE}-${index + 1}` : `api-${index + 1}`,
          // Abuse limits count across processes in Redis when there is one (else each process counts its own).
          ...(process.env.REDIS_URL && !process.env.KOMA_RATE_LIMIT_STORE ? { KOMA_RATE_LIMIT_STORE: 'redis' } : {}),
          // The notification jobs run in the first process only (one sender per mail).
          ...(index > 0 ? { KOMA_NOTIFICATIONS: '0' } : {}),
        },
    { compiled: production },
  )
const children = []
let stopping = false
const stop = (code) => {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 1500).unref()
}
process.once('SIGINT', () => stop(0))
process.once('SIGTERM', () => stop(0))
const apiChildren = []
/** One API: its exit stops the site. Several: the edge routes around one that exits; the site stops when none is left. */
const watchApi = (child, index) => {
  children.push(child)
  apiChildren.push(child)
  child.once('exit', (code) => {
    if (apiProcesses === 1) return stop(code ?? 1)
    console.error(`[koma] API process ${index + 1} exited (${code ?? 'signal'}); the edge routes around it`)
    if (apiChildren.every((other) => other.exitCode !== null || other.signalCode !== null)) stop(code ?? 1)
  })
}
// The first API migrates and seeds an empty database; the others start once it answers, so two
// processes never migrate or seed at the same time.
watchApi(startApi(0), 0)
if (apiProcesses > 1) {
  if (!process.env.REDIS_URL && !process.env.KOMA_RATE_LIMIT_STORE)
    console.log('[koma] no REDIS_URL: each API process counts its own abuse limits (README, "Several processes")')
  await waitForPort(apiPorts[0])
  for (let i = 1; i < apiProcesses; i++) watchApi(startApi(i), i)
}
// The edge opens its port once the API answers (a fresh folder migrates and seeds first, a few
// seconds): a reader who opens the site at once never gets pages whose every API call fails.
await Promise.all(apiPorts.map((p) => waitForPort(p)))
const edge = startService(
  'edge',
  [entry('edge')],
  {
    PORT: String(port),
    HOST: process.env.HOST ?? '127.0.0.1',
    DATA_DIR: dataDir,
    EDGE_DIR: edgeDir,
    API_URL: apiPorts.map((p) => `http://127.0.0.1:${p}`).join(','),
    KOMA_METRICS_PORT: metricsPort(0),
    ...(publicUrl ? { KOMA_PUBLIC_URL: publicUrl } : {}),
  },
  { compiled: production },
)

children.push(edge)
edge.once('exit', (code) => stop(code ?? 1))

await waitForPort(port)
console.log('')
console.log(`  Koma is running at http://127.0.0.1:${port}${production ? ' (production profile)' : ''}`)
if (apiProcesses > 1) console.log(`  API processes: ${apiProcesses} on ports ${apiPorts.join(', ')} (GET /api/health names the one that answered)`)
if (edgeProcesses > 1) console.log(`  Edge processes: ${edgeProcesses} on port ${port} (GET /healthz names the one that answered)`)
console.log(`  Data folder: ${dataDir}`)
if (!metricsOff)
  console.log(
    `  Metrics (Prometheus): edge http://${process.env.KOMA_METRICS_HOST || '127.0.0.1'}:${metricsPort(0)}/metrics, API ports ${apiPorts.map((_, i) => metricsPort(1 + i)).join(', ')}`,
  )
if (!production) console.log('  Seeded reader: reader@koma.example / koma-reader-1')
console.log('')
