import cluster, { type Worker } from 'node:cluster'

/**
 * KOMA_EDGE_PROCESSES=N (issue 18): N edge processes on one port, by Node's cluster module (the
 * primary hands each new connection to a worker). Unlike the API processes, which the edge must
 * see one by one to health-check and retry, readers reach the edges at one address; on several
 * machines a load balancer plays the primary's part. Every edge must read the same registry,
 * history and canary health, so more than one needs KOMA_EDGE_STORE=redis.
 */
export const MAX_EDGE_PROCESSES = 32

export function edgeProcesses(env: NodeJS.ProcessEnv): number {
  const raw = env.KOMA_EDGE_PROCESSES
  if (raw === undefined || raw === '') return 1
  const count = Number(raw)
  if (!Number.isInteger(count) || count < 1 || count > MAX_EDGE_PROCESSES)
    throw new Error(`KOMA_EDGE_PROCESSES must be a whole number from 1 to ${MAX_EDGE_PROCESSES}, got "${raw}"`)
  if (count > 1 && env.KOMA_EDGE_STORE !== 'redis')
    throw new Error(
      `KOMA_EDGE_PROCESSES=${count} needs KOMA_EDGE_STORE=redis: every edge must read one registry and one canary health (README, "Several processes").`,
    )
  return count
}

/** A worker that dies is replaced, at most this often, so a crash loop does not spin. */
const RESPAWN_MIN_MS = 1000

/** The primary: start the workers, replace one that dies, stop them all on SIGINT/SIGTERM. */
export function runPrimary(count: number, log: (line: string) => void = console.log): void {
  let stopping = false
  const lastStart = new Map<number, number>()
  const start = (index: number): Worker => {
    lastStart.set(index, Date.now())
    const worker = cluster.fork({ KOMA_EDGE_INSTANCE: process.env.KOMA_EDGE_INSTANCE ? `${process.env.KOMA_EDGE_INSTANCE}-${index}` : `edge-${index}` })
    worker.once('exit', (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
        return
      }
      log(`[edge] edge-${index} exited (${signal ?? code}); starting it again`)
      const wait = Math.max(0, RESPAWN_MIN_MS - (Date.now() - (lastStart.get(index) ?? 0)))
      setTimeout(() => start(index), wait).unref()
    })
    return worker
  }
  for (let index = 1; index <= count; index++) start(index)
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  log(`[edge] ${count} edge processes share the port (KOMA_EDGE_PROCESSES)`)
}
