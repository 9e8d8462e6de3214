// `npm start`: install if needed, build and publish what changed, then serve the whole site on
// the embedded database (PGlite) at http://127.0.0.1:8080. PORT and DATA_DIR override.
import path from 'node:path'
import { bin, ensureDependencies, root, run, startService, waitForPort } from './lib.mjs'

const port = Number(process.env.PORT ?? 8080)
const apiPort = Number(process.env.API_PORT ?? port + 1)
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'))
const edgeDir = path.join(dataDir, 'edge')

ensureDependencies()

console.log('[koma] building and publishing the host and remotes that changed…')
if (run(bin('tsx'), ['infra/edge/src/cli.ts', 'publish-all'], { env: { DATA_DIR: dataDir, EDGE_DIR: edgeDir } }) !== 0) {
  console.error('[koma] build failed')
  process.exit(1)
}

// Mailed links and social sign-in redirect URIs use this origin, never the request's Host or Origin.
const publicUrl = process.env.KOMA_PUBLIC_URL || `http://127.0.0.1:${port}`
const api = startService('api', ['infra/api/src/main.ts'], { DATA_DIR: dataDir, API_PORT: String(apiPort), API_HOST: '127.0.0.1', KOMA_PUBLIC_URL: publicUrl })
const edge = startService('edge', ['infra/edge/src/main.ts'], {
  PORT: String(port),
  HOST: process.env.HOST ?? '127.0.0.1',
  DATA_DIR: dataDir,
  EDGE_DIR: edgeDir,
  API_URL: `http://127.0.0.1:${apiPort}`,
})

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
console.log(`  Koma is running at http://127.0.0.1:${port}`)
console.log(`  Data folder: ${dataDir}`)
console.log('  Seeded reader: reader@koma.example / koma-reader-1')
console.log('')
