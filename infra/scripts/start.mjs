// `npm start`: install if needed, build and publish what changed, then serve the whole site on
// the embedded database (PGlite) at http://127.0.0.1:8080. PORT and DATA_DIR override.
// `NODE_ENV=production npm start`: the production profile — the same, but the API and the edge
// run compiled JavaScript (build-servers.mjs), and the API refuses to start on an unsafe
// configuration (it prints every unsafe or missing setting and exits non-zero).
import path from 'node:path'
import { bin, ensureDependencies, root, run, startService, waitForPort } from './lib.mjs'
import { buildServers, SERVERS } from './build-servers.mjs'

const production = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT ?? 8080)
const apiPort = Number(process.env.API_PORT ?? port + 1)
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'))
const edgeDir = path.join(dataDir, 'edge')

ensureDependencies()

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
const api = startService(
  'api',
  [entry('api')],
  { DATA_DIR: dataDir, API_PORT: String(apiPort), API_HOST: '127.0.0.1', ...(publicUrl ? { KOMA_PUBLIC_URL: publicUrl } : {}) },
  { compiled: production },
)
const edge = startService(
  'edge',
  [entry('edge')],
  {
    PORT: String(port),
    HOST: process.env.HOST ?? '127.0.0.1',
    DATA_DIR: dataDir,
    EDGE_DIR: edgeDir,
    API_URL: `http://127.0.0.1:${apiPort}`,
    ...(publicUrl ? { KOMA_PUBLIC_URL: publicUrl } : {}),
  },
  { compiled: production },
)

const children = [api, edge]
let stopping = false
const stop = (code) => {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 1500).unref()
}
for (const child of children) child.once('exit', (code) => stop(code ?? 1))
process.once('SIGINT', () => stop(0))
process.once('SIGTERM', () => stop(0))

await Promise.all([waitForPort(apiPort), waitForPort(port)])
console.log('')
console.log(`  Koma is running at http://127.0.0.1:${port}${production ? ' (production profile)' : ''}`)
console.log(`  Data folder: ${dataDir}`)
if (!production) console.log('  Seeded reader: reader@koma.example / koma-reader-1')
console.log('')
