import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

/**
 * Real API and edge processes for the cluster tests and benchmarks (issue 18): started the way
 * `npm start` starts them (tsx on src/main.ts), on ports of their own, their output kept for the
 * failure message.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  port: number
  child: ChildProcess
  output: string[]
  stop(): Promise<void>
}

const INFRA = path.join(__dirname, '..', '..', '..')

function startProcess(workspace: 'api' | 'edge', port: number, env: Record<string, string>): ServerProcess {
  const output: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(INFRA, workspace),
    // Metrics ports are fixed numbers: processes started side by side serve none unless a test asks (metrics.test.ts).
    env: { ...process.env, NODE_ENV: 'development', KOMA_METRICS_PORT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  return { port, child, output, stop }
}

/**
 * An API process on `databaseUrl`. Like `npm start` with several, the first (`api-1`) runs the
 * notification jobs and the others do not.
 */
export function startApiProcess(databaseUrl: string, port: number, instance: string, dataDir: string, env: Record<string, string> = {}): ServerProcess {
  return startProcess('api', port, {
    DATABASE_URL: databaseUrl,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    KOMA_INSTANCE: instance,
    KOMA_NOTIFICATIONS: instance === 'api-1' ? '1' : '0',
    KOMA_REQUEST_LOG: '0',
    KOMA_PUBLIC_URL: 'http://127.0.0.1:8150',
    ...env,
  })
}

/** An edge process balancing over `apiPorts` (nothing published: enough for /api and /healthz). */
export function startEdgeProcess(port: number, apiPorts: number[], dataDir: string, env: Record<string, string> = {}): ServerProcess {
  return startProcess('edge', port, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EDGE_DIR: path.join(dataDir, 'edge'),
    API_URL: apiPorts.map((apiPort) => `http://127.0.0.1:${apiPort}`).join(','),
    ...env,
  })
}

/** Resolves once `url` answers 200; fails with the process's output after `timeoutMs`. */
export async function waitForOk(url: string, server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      /* not up yet */
    }
    if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} did not answer: ${server.output.join('').slice(-3000)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
