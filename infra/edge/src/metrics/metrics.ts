import { REMOTES } from '@koma/contracts/server'
import { VITAL_BUCKETS, WEB_VITALS, type RequestCounts, type VitalsBeacon, type WebVitalName } from '@koma/contracts/server'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { readRequests, RequestSeries, type MetricJson } from '@koma/contracts/metrics'
import type { VersionFigures } from '../health/figures'
import type { Registry as EdgeRegistry } from '../registry/types'

/**
 * The edge's Prometheus series (issue 38), one registry per edge (tests build many in one
 * process). Labels take bounded values only: Fastify's route patterns, the page route ids of the
 * route table (`page:<id>`), status codes, the remotes' names (contracts REMOTES) and the reasons
 * named in the code. Served on a port of its own (metrics/server.ts), never on the public one.
 */

/** Seconds: from an asset out of memory (well under a ms) to a page drawn after slow API answers. */
export const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The route label of a request no route or page matched. */
export const UNMATCHED_ROUTE = 'unmatched'

/** Why a page the edge draws went undrawn (the browser drew it): too many in flight, too slow, or it failed. */
export type DrawingFallback = 'busy' | 'late' | 'failed'

/** What the drawing code tells the metrics (render/firstPaint.ts). */
export interface DrawingMetrics {
  drawnCache(hit: boolean): void
  drawn(): void
  fallback(reason: DrawingFallback): void
}

export interface EdgeMetrics {
  readonly registry: Registry
  /** Requests by method, route pattern and status: a counter and a duration histogram. */
  readonly http: RequestSeries
  readonly cacheLookups: Counter<'cache' | 'result'>
  readonly drawings: Counter<'outcome'>
  readonly canaryEndings: Counter<'remote' | 'outcome'>
  readonly drawing: DrawingMetrics
  /** One page's Web Vitals, counted (health/vitalsBeacons.ts: its labels checked against the registry). */
  vitals(beacon: VitalsBeacon): void
  /** Report drawings in flight on every scrape. */
  watchDrawings(inFlight: () => number): void
  /** Report the canaries of the live registry on every scrape. */
  watchRegistry(current: () => Promise<EdgeRegistry | null>): void
  /** Report each live and canary version's page loads and failures on every scrape: the judge's counts, as the Health page shows them. */
  watchVersions(figures: () => Promise<VersionFigures[]>): void
  scrape(): Promise<{ contentType: string; body: string }>
  /** The requests this registry counted, for the console's Health page (the same series the scrape exposes). */
  requestCounts(): Promise<RequestCounts>
}

let processRegistry: Registry | null = null

/** Node's own figures (event-loop lag, heap, RSS, GC), one set per process (they watch the process, not an edge). */
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

export function createEdgeMetrics(options: { processMetrics?: boolean; now?: () => number } = {}): EdgeMetrics {
  const now = options.now ?? Date.now
  const registry = new Registry()
  const processFigures = options.processMetrics === false ? null : processMetricsRegistry()
  const registers = [registry]
  let inFlight: () => number = () => 0
  let live: () => Promise<EdgeRegistry | null> = async () => null
  let versions: () => Promise<VersionFigures[]> = async () => []
  // One reading of the judge's counts serves both version gauges of a scrape.
  let reading: { at: number; figures: Promise<VersionFigures[]> } | null = null
  const versionFigures = (): Promise<VersionFigures[]> => {
    if (!reading || now() - reading.at > 1_000) reading = { at: now(), figures: versions().catch(() => []) }
    return reading.figures
  }

  const cacheLookups = new Counter({
    name: 'koma_edge_cache_lookups_total',
    help: "The edge's caches: drawn pages (drawn_page) and its copy of the home answer (home_answer), by result (hit or miss).",
    labelNames: ['cache', 'result'],
    registers,
  })
  const drawings = new Counter({
    name: 'koma_edge_page_drawings_total',
    help: 'Pages the edge set out to draw, by outcome: drawn, or a fallback to the browser (busy, late, failed).',
    labelNames: ['outcome'],
    registers,
  })
  const vitalLabels = ['remote', 'version', 'route', 'host_version'] as const
  /** Seconds for the times (Prometheus's unit), the score itself for CLS; the same buckets the canary's p75 is read from. */
  const vitalSeries = Object.fromEntries(
    WEB_VITALS.map((metric) => {
      const seconds = metric !== 'CLS'
      return [
        metric,
        new Histogram({
          name: `koma_web_vitals_${metric.toLowerCase()}${seconds ? '_seconds' : ''}`,
          help: `Readers' ${metric} (Web Vitals, sampled page loads of readers who allow analytics), by the remote that drew the page, its version, the route and the host's version.`,
          labelNames: vitalLabels,
          buckets: VITAL_BUCKETS[metric].map((bound) => (seconds ? bound / 1000 : bound)),
          registers,
        }),
      ]
    }),
  ) as Record<WebVitalName, Histogram<(typeof vitalLabels)[number]>>
  const metrics: EdgeMetrics = {
    registry,
    http: new RequestSeries(registry, 'koma_edge_http', 'edge', DURATION_BUCKETS),
    cacheLookups,
    drawings,
    canaryEndings: new Counter({
      name: 'koma_edge_canary_endings_total',
      help: "Canaries the edge's judge ended by itself, by remote and outcome (rolled_back or promoted).",
      labelNames: ['remote', 'outcome'],
      registers,
    }),
    drawing: {
      drawnCache: (hit) => cacheLookups.inc({ cache: 'drawn_page', result: hit ? 'hit' : 'miss' }),
      drawn: () => drawings.inc({ outcome: 'drawn' }),
      fallback: (reason) => drawings.inc({ outcome: reason }),
    },
    vitals(beacon) {
      const labels = { remote: beacon.remote, version: beacon.version, route: beacon.route, host_version: beacon.host }
      for (const metric of WEB_VITALS) {
        const value = beacon.vitals[metric]
        if (value !== undefined) vitalSeries[metric].observe(labels, metric === 'CLS' ? value : value / 1000)
      }
    },
    watchDrawings(count) {
      inFlight = count
    },
    watchRegistry(current) {
      live = current
    },
    watchVersions(figures) {
      versions = figures
    },
    async scrape() {
      const own = await registry.metrics()
      return { contentType: registry.contentType, body: processFigures ? `${await processFigures.metrics()}\n${own}` : own }
    },
    async requestCounts() {
      const metric = registry.getSingleMetric('koma_edge_http_requests_total')
      const duration = registry.getSingleMetric('koma_edge_http_request_duration_seconds')
      const json = (await Promise.all([metric, duration].flatMap((item) => (item ? [item.get()] : [])))) as unknown as MetricJson[]
      return readRequests(json, 'koma_edge_http')
    },
  }

  new Gauge({
    name: 'koma_edge_drawings_in_flight',
    help: 'Pages being drawn by this edge now.',
    registers,
    collect() {
      this.set(inFlight())
    },
  })
  // The same registry for every edge process: the largest, not the sum, when a cluster's are merged.
  new Gauge({
    name: 'koma_edge_canary_share_percent',
    help: "Share of readers (percent) on each remote's canary; 0 when it has none.",
    labelNames: ['remote'],
    aggregator: 'max',
    registers,
    async collect() {
      const canaries = (await live().catch(() => null))?.canaries ?? {}
      for (const remote of REMOTES) this.set({ remote }, canaries[remote]?.share ?? 0)
    },
  })
  // The canary judge's window counts per version (shared by a cluster's edges through Redis, so
  // the largest, not the sum, when merged): what the console's Health page shows (health/figures.ts).
  for (const [name, help, value] of [
    ['koma_edge_version_page_loads', "Page loads each live and canary remote version drew in the canary judge's window.", (f: VersionFigures) => f.pageLoads],
    [
      'koma_edge_version_failures',
      "Failures readers' pages reported for each live and canary remote version in the canary judge's window.",
      (f: VersionFigures) => f.failures,
    ],
  ] as const)
    new Gauge({
      name,
      help,
      labelNames: ['remote', 'version', 'side'],
      aggregator: 'max',
      registers,
      async collect() {
        const figures = await versionFigures()
        // Only the versions live now: one rolled back or promoted leaves the series.
        this.reset()
        for (const each of figures) this.set({ remote: each.remote, version: each.version, side: each.side }, value(each))
      },
    })
  return metrics
}
