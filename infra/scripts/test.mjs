// `npm test`: every test. Type check and lint (while the site builds beside them), unit and API
// tests on PGlite, the API tests again on PostgreSQL (127.0.0.1:5432) as two API instances sharing
// Redis (127.0.0.1:6379), then end-to-end tests in Chromium against the built site, and all of
// them again against the site as a cluster on PostgreSQL and Redis.
// Every step runs; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bin, ensureDependencies, ensureRuntime, portAnswers, root, run } from './lib.mjs'

const jest = (args, env) => run(process.execPath, ['infra/scripts/jest.mjs', ...args], env ? { env } : {})

ensureDependencies()
await ensureRuntime()

/**
 * The site the end-to-end lanes serve, built beside typecheck and lint: those two use one core
 * each in turn and webpack the other, so the build costs no time of its own (about a minute saved
 * on a fresh clone). The edge's own `publish-all`, into a folder thrown away afterwards, decides
 * what to build exactly as the end-to-end lanes do (only packages whose sources changed), so they
 * then find every build current. Its output goes to a file, printed when the build is awaited.
 * The folder stays until the browser-syntax step has read what was published.
 */
function startSiteBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-test-build-'))
  const logFile = path.join(dir, 'build.log')
  const log = fs.openSync(logFile, 'w')
  const child = spawn(bin('tsx'), ['infra/edge/src/cli.ts', 'publish-all'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, DATA_DIR: dir, EDGE_DIR: path.join(dir, 'edge') },
  })
  fs.closeSync(log)
  return new Promise((resolve) => {
    const done = (code) => resolve({ code, output: fs.readFileSync(logFile, 'utf8'), dir })
    child.on('error', (error) => {
      fs.appendFileSync(logFile, `${error}\n`)
      done(1)
    })
    child.on('exit', (code) => done(code ?? 1))
  })
}

const siteBuild = startSiteBuild()

const steps = []
const step = (name, fn) => steps.push({ name, fn })

step('typecheck', () => run('npm', ['run', '--silent', 'typecheck']))
step('lint', () => run('npm', ['run', '--silent', 'lint']))
step('build the site (begun beside typecheck and lint)', async () => {
  const { code, output } = await siteBuild
  process.stdout.write(output)
  return code
})
// Issue 34: every .js file of every published host and remote version (entries, chunks, the
// readium chunk, loader.js; not the Node-only server builds) parses in the supported browsers
// (.browserslistrc): ES2020, no regex lookbehind. infra/webpack/browser-syntax.js names each
// file and position that does not. Then the run-time side: infra/webpack/browser-apis.js names
// every call of a built-in those browsers lack (Object.hasOwn, #at, #findLast, structuredClone…)
// whose polyfill is not in the same version folder or the host's main.js (infra/webpack/polyfills.js).
step('browser syntax and late built-ins of the published site (ES2020, polyfills)', async () => {
  const { dir } = await siteBuild
  try {
    const syntax = run(process.execPath, ['infra/webpack/browser-syntax.js', path.join(dir, 'edge')])
    const apis = run(process.execPath, ['infra/webpack/browser-apis.js', path.join(dir, 'edge')])
    return syntax || apis
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
step('unit + API (PGlite)', () => jest(['--ci']))
/** PostgreSQL and Redis answer on this machine (.ci/run starts both); else the lane says why it cannot run. */
async function servicesAnswer() {
  for (const [port, what] of [
    [5432, 'PostgreSQL'],
    [6379, 'Redis'],
  ]) {
    if (!(await portAnswers(port))) {
      console.error(`${what} is not answering on 127.0.0.1:${port} (.ci/run starts it); this lane cannot run.`)
      return false
    }
  }
  return true
}
// Issue 18: the whole API suite on PostgreSQL as two API instances per test app (each its own
// caches, pool and cache-bus connection; abuse limits in Redis), the calls taking turns over them
// (infra/api/src/test/testApp.ts). Every call is still answered by one instance on PostgreSQL, so
// this lane also covers what the single-instance PostgreSQL lane did.
step('API (PostgreSQL, two API instances, Redis)', async () => {
  if (!(await servicesAnswer())) return 1
  return jest(['--ci', '--selectProjects', 'api', '--testPathPatterns', 'infra/api/'], { KOMA_TEST_DB: 'postgres', KOMA_TEST_CLUSTER: '1' })
})
step('end-to-end (Chromium)', () => jest(['--ci', '--config', 'infra/e2e/jest.config.js']))
// Issue 18: the whole end-to-end suite again on every site as a cluster (two API processes on a
// fresh PostgreSQL database, two edge processes on one port, limits and the edge registry in
// Redis under the site's own prefixes; infra/e2e/support/site.ts).
step('end-to-end on a cluster (2 API + 2 edge processes, PostgreSQL, Redis)', async () => {
  if (!(await servicesAnswer())) return 1
  return jest(['--ci', '--config', 'infra/e2e/jest.config.js'], { KOMA_E2E_CLUSTER: '1' })
})

const results = []
for (const { name, fn } of steps) {
  const started = Date.now()
  console.log(`\n━━ ${name}`)
  const code = await fn()
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 })
}
console.log('\n━━ summary')
for (const result of results) console.log(`${result.ok ? 'pass' : 'FAIL'}  ${result.name}  (${result.seconds.toFixed(0)} s)`)
process.exitCode = results.every((result) => result.ok) ? 0 : 1
