// The production profile runs compiled JavaScript, never TypeScript through tsx: bundle the API
// and the edge with esbuild (one CommonJS file each, workspace packages included), leaving out
// only packages that load native code or their own files at run time. `node infra/scripts/build-servers.mjs`
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { root } from './lib.mjs'

/** Native addons and packages that read files beside themselves: required from node_modules at run time. */
const EXTERNAL = ['sharp', '@node-rs/argon2', '@electric-sql/pglite', 'pg-native', 'ioredis']

/** Files a server reads beside its own code (path.join(__dirname, …)), copied next to the bundle. */
const ASSETS = {
  api: ['infra/api/src/modules/coinshop/standin-paypal-sdk.js'],
  edge: [],
}

export const SERVERS = {
  api: { entry: 'infra/api/src/main.ts', outfile: 'infra/api/dist/main.js' },
  edge: { entry: 'infra/edge/src/main.ts', outfile: 'infra/edge/dist/main.js' },
}

export async function buildServers() {
  const started = Date.now()
  for (const [name, server] of Object.entries(SERVERS)) {
    const outfile = path.join(root, server.outfile)
    fs.rmSync(path.dirname(outfile), { recursive: true, force: true })
    await build({
      entryPoints: [path.join(root, server.entry)],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'cjs',
      sourcemap: 'linked',
      minifySyntax: true,
      legalComments: 'none',
      external: EXTERNAL,
      logLevel: 'warning',
    })
    for (const asset of ASSETS[name]) fs.copyFileSync(path.join(root, asset), path.join(path.dirname(outfile), path.basename(asset)))
  }
  return Date.now() - started
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ms = await buildServers()
  console.log(
    `[koma] API and edge compiled in ${ms} ms: ${Object.values(SERVERS)
      .map((server) => server.outfile)
      .join(', ')}`,
  )
}
