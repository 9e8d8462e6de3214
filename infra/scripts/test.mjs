// `npm test`: every test. Type check, lint, unit and API tests on PGlite, the API tests again on
// PostgreSQL (127.0.0.1:5432), then end-to-end tests in Chromium against the built site, and part
// of them again against the site as a cluster on PostgreSQL and Redis.
// Every step runs; the exit code is non-zero if any failed.
import { ensureDependencies, portAnswers, run } from './lib.mjs'

const jest = (args, env) => run(process.execPath, ['infra/scripts/jest.mjs', ...args], env ? { env } : {})

ensureDependencies()

/** The end-to-end files the cluster lane runs again: reading and search, coins and the clock, sign-in and accounts. */
const CLUSTER_E2E = ['infra/e2e/catalog.e2e.ts', 'infra/e2e/coins.e2e.ts', 'infra/e2e/account.e2e.ts']

const steps = []
const step = (name, fn) => steps.push({ name, fn })

step('typecheck', () => run('npm', ['run', '--silent', 'typecheck']))
step('lint', () => run('npm', ['run', '--silent', 'lint']))
step('unit + API (PGlite)', () => jest(['--ci']))
step('API (PostgreSQL)', async () => {
  if (!(await portAnswers(5432))) {
    console.error('PostgreSQL is not answering on 127.0.0.1:5432 (.ci/run starts it); this lane cannot run.')
    return 1
  }
  return jest(['--ci', '--selectProjects', 'api', '--testPathPatterns', 'infra/api/'], { KOMA_TEST_DB: 'postgres' })
})
step('end-to-end (Chromium)', () => jest(['--ci', '--config', 'infra/e2e/jest.config.js']))
// Issue 18: reading, coins and accounts again on the site as a cluster (two API processes on
// PostgreSQL, two edge processes on one port, limits and the edge registry in Redis).
step('end-to-end on a cluster (2 API + 2 edge processes, PostgreSQL, Redis)', async () => {
  for (const [port, what] of [
    [5432, 'PostgreSQL'],
    [6379, 'Redis'],
  ]) {
    if (!(await portAnswers(port))) {
      console.error(`${what} is not answering on 127.0.0.1:${port} (.ci/run starts it); this lane cannot run.`)
      return 1
    }
  }
  return jest(['--ci', '--config', 'infra/e2e/jest.config.js', ...CLUSTER_E2E], { KOMA_E2E_CLUSTER: '1' })
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
