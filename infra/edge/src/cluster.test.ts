import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../api/src/test/processes'
import { eventually } from '../../e2e/support/eventually'
import { edgeProcesses } from './cluster'
import { redisUp } from './test/fixtures'
import { checkMetrics, promtoolMissing } from '../../jest/promtool'

jest.setTimeout(120_000)

describe('KOMA_EDGE_PROCESSES', () => {
  it('is one edge by default; several need the shared store; nonsense is refused', () => {
    expect(edgeProcesses({})).toBe(1)
    expect(edgeProcesses({ KOMA_EDGE_PROCESSES: '3', KOMA_EDGE_STORE: 'redis' })).toBe(3)
    expect(() => edgeProcesses({ KOMA_EDGE_PROCESSES: '2' })).toThrow(/KOMA_EDGE_STORE=redis/)
    for (const bad of ['0', '-1', '1.5', 'two', '33'])
      expect(() => edgeProcesses({ KOMA_EDGE_PROCESSES: bad, KOMA_EDGE_STORE: 'redis' })).toThrow(/whole number/)
  })
})

/** The instance that answered /healthz, or null when nothing answered. */
async function healthz(port: number): Promise<string | null> {
  try {
    // A new connection each time, so the primary may hand it to either worker.
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5_000) })
    return ((await response.json()) as { instance: string }).instance
  } catch {
    return null
  }
}

/** The answers of `count` calls, as a set of instance names. */
async function instancesSeen(port: number, count: number): Promise<Set<string | null>> {
  const seen = new Set<string | null>()
  for (let i = 0; i < count; i++) seen.add(await healthz(port))
  return seen
}

;(redisUp ? describe : describe.skip)('several edge processes on one port (real processes)', () => {
  let primary: ChildProcess
  let port: number
  let metricsPort: number
  const output: string[] = []
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-edge-cluster-'))

  beforeAll(async () => {
    port = await freePort()
    metricsPort = await freePort()
    primary = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        ...process.env,
        KOMA_METRICS_PORT: String(metricsPort),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: root,
        EDGE_DIR: path.join(root, 'edge'),
        API_URL: 'http://127.0.0.1:9',
        KOMA_EDGE_PROCESSES: '2',
        KOMA_EDGE_STORE: 'redis',
        REDIS_URL: 'redis://127.0.0.1:6379',
        KOMA_EDGE_REDIS_PREFIX: `koma:test:edge-cluster:${randomBytes(4).toString('hex')}:`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    primary.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    primary.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  })
  afterAll(() => {
    primary?.kill('SIGKILL')
    spawnSync('pkill', ['-KILL', '-P', String(primary.pid)])
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('both edges answer on the one port; a killed edge is replaced and readers keep being answered meanwhile', async () => {
    const both = (seen: Set<string | null>) => seen.has('edge-1') && seen.has('edge-2')
    await eventually(() => instancesSeen(port, 12), both, 60_000, 100).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output.join('')}`)
    })
    // Kill one worker outright (a crash): the primary starts it again.
    const workers = spawnSync('pgrep', ['-P', String(primary.pid), '-f', 'main.ts'])
      .stdout.toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number)
    expect(workers.length).toBe(2)
    process.kill(workers[0]!, 'SIGKILL')
    // Once the primary knows (a connection handed over in the instant before is lost, as with any
    // crash), the other edge answers every reader until the new one is up.
    await eventually(
      async () => output.join(''),
      (text) => /edge-\d exited \(SIGKILL\); starting it again/.test(text),
      10_000,
      20,
    )
    for (let i = 0; i < 6; i++) expect(await healthz(port)).not.toBeNull()
    await eventually(() => instancesSeen(port, 12), both, 60_000, 100)
    const after = spawnSync('pgrep', ['-P', String(primary.pid), '-f', 'main.ts'])
      .stdout.toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number)
    expect(after.length).toBe(2)
    expect(after).not.toContain(workers[0])
  })

  it("the primary serves every worker's metrics merged on the metrics port", async () => {
    const healthzCount = async () => {
      const body = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(5_000) })).text()
      const line = body.split('\n').find((row) => row.startsWith('koma_edge_http_requests_total{method="GET",route="/healthz",status="200"} '))
      return { body, count: Number(line?.split(' ')[1] ?? 0) }
    }
    const before = await healthzCount()
    // Both workers answer these (a new connection each), and a scrape counts them all.
    const seen = await instancesSeen(port, 12)
    expect(seen.has('edge-1') && seen.has('edge-2')).toBe(true)
    expect((await healthzCount()).count - before.count).toBe(12)
    expect(before.body).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m)
    if (promtoolMissing) return console.log(promtoolMissing)
    expect(checkMetrics(before.body)).toEqual({ status: 0, complaints: '' })
  })
})
