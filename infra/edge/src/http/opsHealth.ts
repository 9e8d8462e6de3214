import {
  API_PREFIX,
  edgeOpsEndpoints,
  endpoints,
  type ApiProcessHealth,
  type ApiProcessReading,
  type OpsHealth,
  type QueueHealth,
  type RemoteHealth,
  type VersionFigures,
  type VitalsP75,
} from '@koma/contracts/server'
import { ReadingRing } from '@koma/contracts/metrics'
import type { FastifyInstance } from 'fastify'
import type { VersionHealth } from '../health/versionHealth'
import type { EdgeMetrics } from '../metrics/metrics'
import { listVersions } from '../registry'
import { packageInfo } from '../registry/packages'
import { apiCall } from './apiFetch'
import { asCaller, operatorCheck } from './operatorCheck'

/**
 * The console's Health page (issue 38): answered by the edge, which holds the remotes' version
 * health and knows every API process (its upstreams). Who may is the API's to say (operatorCheck.ts).
 *
 * Every figure is one a Prometheus registry holds, read again, never counted a second time: the
 * edge's own registry, and each API process's registry as that process reads it out
 * (`GET /api/ops/process`, asked of every upstream address in turn with the operator's own
 * cookie). Not a scrape of the API processes' metrics ports: those are bound to 127.0.0.1 of the
 * API's machine (unreachable from an edge on another host), turned off where nobody scrapes them
 * (tests, KOMA_METRICS_PORT=off), and answer anyone who reaches them; the endpoint goes where the
 * edge already sends readers, and each process refuses anyone but an operator by itself.
 *
 * Rates and the p99 come from two readings of the counters (ReadingRing: over the last minute of
 * readings this edge process took), so the first reading has totals only.
 */

export interface OpsHealthOptions {
  /** The API processes' addresses (upstreams.ts), each asked for its own figures. */
  apiUrls: readonly string[]
  /** Where the operator check goes (the edge's balancing). */
  apiUrl: () => string
  edgeDir: string
  health: VersionHealth
  /** The edge's registry; none: the edge counts nothing (KOMA_METRICS=0). */
  metrics?: EdgeMetrics
  /** Readers' Web Vitals at p75 for a remote version (issue 38 item 2), when the edge aggregates them. */
  vitals?: (remote: string, version: string) => Promise<VitalsP75 | null>
  /** How long one API process may take to answer (default 2 s): a slow one is shown unreachable, the page still comes. */
  processTimeoutMs?: number
  /** The clock of the readings (tests step it). */
  now?: () => number
}

const EDGE_IDENTITY = `edge:${process.pid}`

export function registerOpsHealth(app: FastifyInstance, options: OpsHealthOptions): void {
  const ring = new ReadingRing()
  const now = options.now ?? Date.now
  const edgeStartedAt = now()

  async function versionFigures(container: string, version: string): Promise<VersionFigures> {
    const stats = await options.health.stats(container, version)
    const figures: VersionFigures = { version, loads: stats.loads, failures: stats.failures, rate: stats.rate }
    if (options.vitals) figures.vitals = await options.vitals(container, version)
    return figures
  }

  async function remotes(): Promise<RemoteHealth[]> {
    const result: RemoteHealth[] = []
    for (const item of await listVersions(options.edgeDir)) {
      const { container } = packageInfo(item.package)
      // The host sends no beacons: remotes only.
      if (!container) continue
      const canary = item.versions.find((version) => version.canaryShare !== undefined)
      result.push({
        remote: item.package,
        live: item.current ? await versionFigures(container, item.current) : null,
        canary: canary ? { ...(await versionFigures(container, canary.version)), share: canary.canaryShare ?? 0 } : null,
      })
    }
    return result
  }

  async function apiProcess(
    address: string,
    caller: Record<string, string>,
    at: number,
  ): Promise<{ row: ApiProcessHealth; reading: ApiProcessReading | null }> {
    const answer = await apiCall(address, endpoints.opsProcessReading, {}, { asCaller: caller, timeoutMs: options.processTimeoutMs ?? 2_000 })
    const reading = answer.status === 200 ? (answer.result?.reading ?? null) : null
    const row: ApiProcessHealth = {
      address,
      instance: reading?.instance ?? null,
      reachable: answer.status === 200,
      figures: reading ? ring.figures(address, `${reading.instance}:${reading.startedAt}`, { at, counts: reading.requests }) : null,
      pool: reading?.pool ?? null,
    }
    return { row, reading }
  }

  app.get(API_PREFIX + edgeOpsEndpoints.opsHealth.path, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const check = await operatorCheck(options.apiUrl(), req)
    if (!check.ok) return reply.code(check.status).send(check.body)
    const at = now()
    const caller = asCaller(req)
    const [processes, remoteRows, edgeCounts] = await Promise.all([
      Promise.all(options.apiUrls.map((address) => apiProcess(address, caller, at))),
      remotes(),
      options.metrics?.requestCounts() ?? null,
    ])
    const result: OpsHealth = {
      at: new Date(at).toISOString(),
      windowSeconds: options.health.rules.windowMs / 1000,
      remotes: remoteRows,
      edge: edgeCounts ? ring.figures('edge', `${EDGE_IDENTITY}:${edgeStartedAt}`, { at, counts: edgeCounts }) : null,
      apis: processes.map((item) => item.row),
      queues: queuesOf(processes.flatMap((item) => (item.reading ? [item.reading] : []))),
    }
    return reply.send({ result })
  })
}

/**
 * The job queues over every process that works them: the waiting jobs are the database's (each
 * process reports the same count: the largest), the failures each process's own (summed).
 */
export function queuesOf(readings: readonly ApiProcessReading[]): QueueHealth[] {
  const queues = new Map<string, QueueHealth>()
  for (const reading of readings)
    for (const item of reading.queues) {
      const seen = queues.get(item.queue) ?? { queue: item.queue, queued: null, failed: 0 }
      if (item.queued !== null) seen.queued = Math.max(seen.queued ?? 0, item.queued)
      seen.failed += item.failed
      queues.set(item.queue, seen)
    }
  return [...queues.values()].sort((a, b) => a.queue.localeCompare(b.queue))
}
