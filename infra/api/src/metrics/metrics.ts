import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client'
import type { ApiProcessReading } from '@koma/contracts/server'
import { readRequests, RequestSeries, sampleSum, sumsBy, TableCounter, TableHistogram, type MetricJson } from '@koma/contracts/metrics'

/**
 * The API's Prometheus series (issue 38), one registry per app (tests build many apps in one
 * process). Every label takes a bounded set of values: route patterns (Fastify's routeOptions.url,
 * never the raw URL), status codes, the names of limits, caches, queues and outcomes in the code.
 * Served on a port of its own (metrics/server.ts), never on the API's.
 */

/** Seconds: from a cached answer (a few ms) to a slow upload or render (seconds). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5]

/** The route label of a request no route matched (404s, the router's refusals). */
export const UNMATCHED_ROUTE = 'unmatched'

/** The caches whose hits are counted (catalog/memo.ts keys start with these). */
export const CACHE_NAMES = ['home', 'menu', 'content', 'content-unit', 'sitemap'] as const
export type CacheName = (typeof CACHE_NAMES)[number] | 'other'

/** A cache key's name label: its first segment when it is a known cache, else 'other' (keys hold ids). */
export function cacheNameOf(key: string): CacheName {
  const colon = key.indexOf(':')
  const head = colon === -1 ? key : key.slice(0, colon)
  return (CACHE_NAMES as readonly string[]).includes(head) ? (head as CacheName) : 'other'
}

/** What the database pool looks like now (PostgreSQL's pg.Pool; PGlite has one connection and no pool). */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

/** What a job queue is asked for its depth (pg-boss). */
export interface QueueSizes {
  getQueueSize(name: string): Promise<number>
}

export type PaypalCall = 'create_order' | 'capture_order'
export type PaypalOutcome = 'completed' | 'declined' | 'pending' | 'created' | 'error'

export interface ApiMetrics {
  readonly registry: Registry
  /** Requests by method, route pattern and status: a counter and a duration histogram. */
  readonly http: RequestSeries
  readonly queryDuration: TableHistogram
  readonly jobFailures: Counter<'queue'>
  readonly cacheLookups: TableCounter
  /** Count one lookup of a shared answer cache (catalog/memo.ts). */
  cacheLookup(cache: CacheName, hit: boolean): void
  readonly signedUrlRefusals: Counter
  readonly rateLimitRefusals: Counter<'limit' | 'scope'>
  readonly coinLedgerWrites: Counter
  readonly unlockFailures: Counter<'reason'>
  readonly paypalCalls: Counter<'call' | 'outcome'>
  /** Report this pool's figures on every scrape (the primary pool; null: none). */
  watchPool(stats: () => PoolStats | null): void
  /** Report these queues' depths on every scrape. */
  watchQueues(boss: QueueSizes, queues: readonly string[]): void
  /** Told of every database statement (db/connect.ts's Kysely log hook). */
  observeQuery(durationMs: number, failed: boolean, sql: string): void
  /** The exposition (Prometheus text) and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>
  /** What this registry holds now, for the console's Health page (the same series the scrape exposes). */
  reading(instance: string): Promise<ApiProcessReading>
}

export interface ApiMetricsOptions {
  /** Node's own figures (event-loop lag, heap, RSS, GC) in the scrape: on by default. */
  processMetrics?: boolean
}

let processRegistry: Registry | null = null

/**
 * Node's own figures (prom-client's default metrics: event-loop lag, heap, RSS, GC, handles),
 * one set per process: they watch the process (an event-loop monitor, a GC observer that are
 * never released), not an app, and tests build many apps in one process.
 */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 })
    // Three gauges named like counters (`…_total`), which promtool refuses; nodejs_active_handles,
    // nodejs_active_requests and nodejs_active_resources (by type) say the same.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      processRegistry.removeSingleMetric(name)
  }
  return processRegistry
}

export function createApiMetrics(options: ApiMetricsOptions = {}): ApiMetrics {
  const registry = new Registry()
  const processFigures = options.processMetrics === false ? null : processMetricsRegistry()
  const registers = [registry]
  const startedAt = Date.now()
  let pool: () => PoolStats | null = () => null
  /** Each queue's latest worker (jobs stopped and started again replace theirs). */
  const queues = new Map<string, QueueSizes>()

  const metrics: ApiMetrics = {
    registry,
    http: new RequestSeries(registry, 'koma_api_http', 'API', DURATION_BUCKETS),
    queryDuration: new TableHistogram(registry, 'koma_api_db_query_duration_seconds', 'Database statements, by outcome (ok or error).', QUERY_BUCKETS),
    jobFailures: new Counter({
      name: 'koma_api_job_failures_total',
      help: 'Background jobs (pg-boss) that failed, by queue.',
      labelNames: ['queue'],
      registers,
    }),
    cacheLookups: new TableCounter(
      registry,
      'koma_api_cache_lookups_total',
      'Shared answer cache lookups (home, menu lists, episode lists), by cache and result (hit or miss).',
    ),
    cacheLookup(cache, hit) {
      metrics.cacheLookups.inc(hit ? `${cache} hit` : `${cache} miss`, () => ({ cache, result: hit ? 'hit' : 'miss' }))
    },
    signedUrlRefusals: new Counter({
      name: 'koma_api_signed_url_refusals_total',
      help: 'Page image requests refused for a missing, wrong or expired URL signature.',
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'koma_api_rate_limit_refusals_total',
      help: 'Requests refused by an abuse limit (429), by limit and scope (address, account, member, store_down).',
      labelNames: ['limit', 'scope'],
      registers,
    }),
    coinLedgerWrites: new Counter({
      name: 'koma_api_coin_ledger_writes_total',
      help: 'Rows inserted into the coin ledger (every row of a multi-row insert; counted as each statement succeeds, before its transaction commits).',
      registers,
    }),
    unlockFailures: new Counter({
      name: 'koma_api_coin_unlock_failures_total',
      help: 'Chapter unlocks (buying with coins) that failed, by reason (the error catalogue key).',
      labelNames: ['reason'],
      registers,
    }),
    paypalCalls: new Counter({
      name: 'koma_api_paypal_calls_total',
      help: "Calls to PayPal's Orders API (or its sandbox), by call and outcome.",
      labelNames: ['call', 'outcome'],
      registers,
    }),
    watchPool(stats) {
      pool = stats
    },
    watchQueues(boss, names) {
      for (const name of names) queues.set(name, boss)
    },
    observeQuery(durationMs, failed, sql) {
      const outcome = failed ? 'error' : 'ok'
      metrics.queryDuration.observe(outcome, () => ({ outcome }), durationMs / 1000)
      if (!failed && sql.startsWith('insert into "coin_ledger"')) metrics.coinLedgerWrites.inc(insertedRows(sql))
    },
    async scrape() {
      const own = await registry.metrics()
      return { contentType: registry.contentType, body: processFigures ? `${await processFigures.metrics()}\n${own}` : own }
    },
    async reading(instance) {
      const json = (await registry.getMetricsAsJSON()) as unknown as MetricJson[]
      const inUse = sampleSum(json, 'koma_api_db_pool_connections', { state: 'in_use' })
      const queued = sumsBy(json, 'koma_api_jobs_queued', 'queue')
      const failed = sumsBy(json, 'koma_api_job_failures_total', 'queue')
      const names = [...new Set([...queued.keys(), ...failed.keys()])].sort()
      return {
        instance,
        startedAt,
        requests: readRequests(json, 'koma_api_http'),
        pool:
          inUse === null
            ? null
            : {
                inUse,
                idle: sampleSum(json, 'koma_api_db_pool_connections', { state: 'idle' }) ?? 0,
                waiting: sampleSum(json, 'koma_api_db_pool_waiting') ?? 0,
              },
        queues: names.map((queue) => ({ queue, queued: queued.get(queue) ?? null, failed: failed.get(queue) ?? 0 })),
      }
    },
  }

  new Gauge({
    name: 'koma_api_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle); absent on PGlite (one connection, no pool).',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = pool()
      if (!stats) return
      this.set({ state: 'in_use' }, stats.total - stats.idle)
      this.set({ state: 'idle' }, stats.idle)
    },
  })
  new Gauge({
    name: 'koma_api_db_pool_waiting',
    help: 'Calls waiting for a PostgreSQL pool connection (0 on PGlite).',
    registers,
    collect() {
      this.set(pool()?.waiting ?? 0)
    },
  })
  new Gauge({
    name: 'koma_api_jobs_queued',
    help: 'Jobs waiting in each background queue (pg-boss) this process works.',
    labelNames: ['queue'],
    registers,
    async collect() {
      await Promise.all(
        [...queues].map(async ([name, boss]) => {
          try {
            this.set({ queue: name }, await boss.getQueueSize(name))
          } catch {
            // A queue that cannot be counted now (the database away) is left out of this scrape.
            this.remove({ queue: name })
          }
        }),
      )
    },
  })
  return metrics
}

/** Count a background job's failure and pass it on (pg-boss retries or fails the job). */
export async function countingFailures<T>(metrics: ApiMetrics | undefined, queue: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    metrics?.jobFailures.inc({ queue })
    throw error
  }
}

/**
 * How many rows an `insert … values (…), (…)` statement writes: its top-level value tuples (a
 * tuple's own parentheses, e.g. a function call inside it, do not count). 1 for any other shape.
 */
export function insertedRows(sql: string): number {
  const start = sql.search(/\svalues\s*\(/i)
  if (start < 0) return 1
  let depth = 0
  let rows = 0
  for (let i = start; i < sql.length; i++) {
    const ch = sql[i]
    if (ch === "'") {
      // A quoted literal: skip to its end ('' is a quote inside it).
      i = sql.indexOf("'", i + 1)
      while (i >= 0 && sql[i + 1] === "'") i = sql.indexOf("'", i + 2)
      if (i < 0) break
    } else if (ch === '(') {
      if (depth === 0) rows++
      depth++
    } else if (ch === ')') depth--
    else if (depth === 0 && ch !== ',' && !/\s/.test(ch ?? '') && rows > 0) break
  }
  return Math.max(1, rows)
}
