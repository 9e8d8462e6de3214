import { HEADERS, requestChecksum } from '@koma/contracts/server'
import autocannon from 'autocannon'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * The home call's throughput while one client sends hostile 1 MB bodies as fast as it can
 * (issue 11: home must keep at least 80% of its unattacked throughput). The API runs as its own
 * process, compiled as in production but on the demo profile and PGlite, so the load generator
 * does not share its event loop. Figures only.
 */
const repoRoot = path.resolve(__dirname, '..', '..')
const MB = 1024 * 1024

export interface HostileFigures {
  calm: { requestsPerSecond: number; p99Ms: number }
  attacked: { requestsPerSecond: number; p99Ms: number }
  /** attacked / calm, in percent. */
  kept: number
  attackerRequests: number
  attackerStatuses: Record<string, number>
  healthDuringAttack: { ok: number; failed: number }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function signed(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const time = String(Date.now())
  return {
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
    [HEADERS.language]: 'en',
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'bench-attacker',
    ...extra,
  }
}

/** Hostile bodies of about 1 MB for the calls a visitor reaches without an account. */
async function hostileRequests(): Promise<autocannon.Request[]> {
  const form = await signed({ 'content-type': 'application/x-www-form-urlencoded' })
  const dots = `a@${'.'.repeat(MB)}@`
  const big = 'x'.repeat(MB)
  return [
    { method: 'PUT', path: '/api/member/send/verify/token', headers: form, body: `email=${dots}` },
    { method: 'POST', path: '/api/member/signin', headers: form, body: `email=${dots}&sessionKey=${big}&rsaEncryptedString=x&stayLogged=true` },
    { method: 'POST', path: '/api/search', headers: form, body: `query=${big}` },
    { method: 'POST', path: '/api/inquiry', headers: form, body: `category=other&email=${dots}&text=${big}` },
    { method: 'PUT', path: '/api/inquiry/image', headers: await signed({ 'content-type': 'application/octet-stream' }), body: Buffer.alloc(MB, 0xff).toString('latin1') },
    { method: 'POST', path: '/api/member/signup', headers: { ...form, 'content-type': 'application/json' }, body: JSON.stringify({ email: dots, nickname: big }) },
  ]
}

async function startApi(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const built = spawnSync(process.execPath, ['infra/scripts/build-servers.mjs'], { cwd: repoRoot, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`build-servers failed: ${built.stderr}`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-hostile-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['infra/api/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'error', KOMA_PUBLIC_URL: 'http://127.0.0.1:8080' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the API did not start')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { child, base, dataDir }
}

export async function measureHostile(seconds = 5): Promise<HostileFigures> {
  const { child, base, dataDir } = await startApi()
  try {
    const home = async (duration: number) =>
      autocannon({ url: `${base}/api/en/home`, connections: 10, duration, headers: await signed({ [HEADERS.clientUid]: 'bench-reader' }) })
    await home(2) // warm caches and the JIT
    const calm = await home(seconds)
    const statuses: Record<string, number> = {}
    const attacker = autocannon({ url: base, connections: 1, duration: seconds + 1, requests: await hostileRequests() })
    attacker.on('response', (_client: unknown, statusCode: number) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
    })
    const health = { ok: 0, failed: 0 }
    let polling = true
    const poller = (async () => {
      while (polling) {
        const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)
        if (ok) health.ok += 1
        else health.failed += 1
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const attacked = await home(seconds)
    const attack = await attacker
    polling = false
    await poller
    const rps = (result: autocannon.Result) => Math.round(result.requests.average)
    return {
      calm: { requestsPerSecond: rps(calm), p99Ms: calm.latency.p99 },
      attacked: { requestsPerSecond: rps(attacked), p99Ms: attacked.latency.p99 },
      kept: Math.round((100 * rps(attacked)) / Math.max(1, rps(calm))),
      attackerRequests: attack.requests.total,
      attackerStatuses: statuses,
      healthDuringAttack: health,
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printHostileFigures(figures: HostileFigures): void {
  console.log('\n## Home under hostile 1 MB bodies (compiled API on PGlite; home: 10 connections; attacker: 1 connection)')
  console.log(`calm       ${String(figures.calm.requestsPerSecond).padStart(7)} req/s   p99 ${figures.calm.p99Ms} ms`)
  console.log(`attacked   ${String(figures.attacked.requestsPerSecond).padStart(7)} req/s   p99 ${figures.attacked.p99Ms} ms   (${figures.kept}% kept; target ≥ 80%)`)
  const statuses = Object.entries(figures.attackerStatuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ')
  console.log(`attacker   ${figures.attackerRequests} hostile requests answered: ${statuses || 'none'}`)
  console.log(`health     ${figures.healthDuringAttack.ok} answered, ${figures.healthDuringAttack.failed} failed during the attack`)
}
