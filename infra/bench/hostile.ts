import { HEADERS, requestChecksum } from '@koma/contracts/server'
import autocannon from 'autocannon'
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * The home call's throughput while one client sends hostile 1 MB bodies as fast as it can
 * (issue 11: home must keep at least 80% of its unattacked throughput). The API runs compiled, as
 * in production, on the demo profile and PGlite, alone on one core; the load generator and the
 * attacker (attacker.ts, its own process) share the other, so what is measured is how much of the
 * API's core the hostile requests take, not how the clients fight over a CPU. Figures only.
 */
const repoRoot = path.resolve(__dirname, '..', '..')

export interface HostileFigures {
  calm: { requestsPerSecond: number; p99Ms: number; apiCpu: number }
  attacked: { requestsPerSecond: number; p99Ms: number; apiCpu: number }
  /** attacked / calm, in percent. */
  kept: number
  attackerRequests: number
  attackerStatuses: Record<string, number>
  healthDuringAttack: { ok: number; failed: number }
  pinned: boolean
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

async function signed(): Promise<Record<string, string>> {
  const time = String(Date.now())
  return {
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
    [HEADERS.language]: 'en',
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'bench-reader',
  }
}

/** CPU seconds a process has used (user + system), from /proc. */
export function apiCpuSeconds(pid: number | undefined): number {
  try {
    // After the command name in parentheses; a line without it is not a process we can read.
    const [, afterName] = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')
    if (afterName === undefined) return 0
    const fields = afterName.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** Can processes be pinned to cores 0 and 1 here (taskset, two cores)? */
function pinnable(): boolean {
  try {
    execFileSync('taskset', ['-c', '0,1', 'true'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** The attacker as its own process, next to the load generator. */
function runAttacker(base: string, seconds: number, pinned: boolean): Promise<{ requests: number; errors: number; statuses: Record<string, number> }> {
  const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx')
  const args = [path.join(__dirname, 'attacker.ts'), JSON.stringify({ url: base, seconds })]
  const child = pinned ? spawn('taskset', ['-c', '1', tsx, ...args], { cwd: repoRoot }) : spawn(tsx, args, { cwd: repoRoot })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? ''
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as { requests: number; errors: number; statuses: Record<string, number> })
      else reject(new Error(`the attacker exited ${code}: ${out}`))
    })
  })
}

/** The compiled API on a data folder (a new one unless given), pinned to core 0 or on every core. */
export async function startApi(options: { pinned: boolean; dataDir?: string }): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const { pinned } = options
  const built = spawnSync(process.execPath, ['infra/scripts/build-servers.mjs'], { cwd: repoRoot, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`build-servers failed: ${built.stderr}`)
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-hostile-'))
  const port = await freePort()
  const env = { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, API_PORT: String(port), LOG_LEVEL: 'error', KOMA_PUBLIC_URL: 'http://127.0.0.1:8080' }
  const main = 'infra/api/dist/main.js'
  const child = pinned
    ? spawn('taskset', ['-c', '0', process.execPath, main], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] })
    : spawn(process.execPath, [main], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the API did not start')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { child, base, dataDir }
}

export async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

export async function measureHostile(seconds = 5): Promise<HostileFigures> {
  const pinned = pinnable()
  // The load generator (this process) joins the attacker on core 1.
  if (pinned) execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' })
  const { child, base, dataDir } = await startApi({ pinned })
  try {
    const home = async (duration: number) => {
      const [cpuBefore, started] = [apiCpuSeconds(child.pid), Date.now()]
      const result = await autocannon({ url: `${base}/api/en/home`, connections: 10, duration, headers: await signed() })
      return { result, apiCpu: (apiCpuSeconds(child.pid) - cpuBefore) / ((Date.now() - started) / 1000) }
    }
    await home(2) // warm caches and the JIT
    const calm = await home(seconds)
    const attacker = runAttacker(base, seconds + 3, pinned)
    const health = { ok: 0, failed: 0 }
    let polling = true
    const poller = (async () => {
      while (polling) {
        const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) health.ok += 1
        else health.failed += 1
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    })()
    // Let the attacker's process start and get going.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const attacked = await home(seconds)
    const attack = await attacker
    polling = false
    await poller
    const rps = (run: { result: autocannon.Result }) => Math.round(run.result.requests.average)
    return {
      calm: { requestsPerSecond: rps(calm), p99Ms: calm.result.latency.p99, apiCpu: calm.apiCpu },
      attacked: { requestsPerSecond: rps(attacked), p99Ms: attacked.result.latency.p99, apiCpu: attacked.apiCpu },
      kept: Math.round((100 * rps(attacked)) / Math.max(1, rps(calm))),
      attackerRequests: attack.requests,
      attackerStatuses: attack.statuses,
      healthDuringAttack: health,
      pinned,
    }
  } finally {
    await stopApi(child)
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (pinned) execFileSync('taskset', ['-pc', '0,1', String(process.pid)], { stdio: 'ignore' })
  }
}

export function printHostileFigures(figures: HostileFigures): void {
  const where = figures.pinned
    ? 'compiled API on PGlite alone on core 0; load generator and attacker on core 1'
    : 'compiled API on PGlite; processes not pinned'
  console.log(`\n## Home under hostile 1 MB bodies (${where}; home: 10 connections; attacker: 1 connection, its own process)`)
  const cpu = (value: number) => `API CPU ${(value * 100).toFixed(0)}%`
  console.log(`calm       ${String(figures.calm.requestsPerSecond).padStart(7)} req/s   p99 ${figures.calm.p99Ms} ms   ${cpu(figures.calm.apiCpu)}`)
  console.log(
    `attacked   ${String(figures.attacked.requestsPerSecond).padStart(7)} req/s   p99 ${figures.attacked.p99Ms} ms   ${cpu(figures.attacked.apiCpu)}   (${figures.kept}% kept; target ≥ 80%)`,
  )
  const statuses = Object.entries(figures.attackerStatuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ')
  console.log(`attacker   ${figures.attackerRequests} hostile requests answered: ${statuses || 'none'}`)
  console.log(`health     ${figures.healthDuringAttack.ok} answered, ${figures.healthDuringAttack.failed} failed during the attack`)
}
