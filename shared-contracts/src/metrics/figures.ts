import type { BucketCount, ProcessFigures, RequestCounts } from '../api/endpoints/ops'

/**
 * The console's Health figures (issue 38) read out of a process's own Prometheus registry
 * (`registry.getMetricsAsJSON()`): the same series its metrics port exposes, no second count.
 * Rates and the p99 need two readings: `ReadingRing` keeps a few per process and gives the
 * figures over the interval since the oldest one still in its window.
 */

/** One metric as prom-client's `getMetricsAsJSON()` gives it (histograms: `metricName` says _bucket, _sum or _count). */
export interface MetricJson {
  name: string
  type: string
  values: { labels: Record<string, string | number>; value: number; metricName?: string }[]
}

const matches = (labels: Record<string, string | number>, wanted: Record<string, string>): boolean =>
  Object.entries(wanted).every(([key, value]) => String(labels[key]) === value)

/** The sum of a metric's samples with these labels (all of them without), or null when the metric or such a sample is absent. */
export function sampleSum(metrics: readonly MetricJson[], name: string, labels: Record<string, string> = {}): number | null {
  const metric = metrics.find((item) => item.name === name)
  const values = metric?.values.filter((sample) => (sample.metricName ?? name) === name && matches(sample.labels, labels)) ?? []
  return values.length ? values.reduce((sum, sample) => sum + sample.value, 0) : null
}

/** A metric's samples summed by the value of one label (`queue`, `state`…). */
export function sumsBy(metrics: readonly MetricJson[], name: string, label: string): Map<string, number> {
  const sums = new Map<string, number>()
  for (const sample of metrics.find((item) => item.name === name)?.values ?? []) {
    if ((sample.metricName ?? name) !== name || sample.labels[label] === undefined) continue
    const key = String(sample.labels[label])
    sums.set(key, (sums.get(key) ?? 0) + sample.value)
  }
  return sums
}

/** A histogram's buckets with every other label summed away, ascending, +Inf (null) last. */
export function histogramBuckets(metrics: readonly MetricJson[], name: string): BucketCount[] {
  const byBound = new Map<number, number>()
  for (const sample of metrics.find((item) => item.name === name)?.values ?? []) {
    if (sample.metricName !== `${name}_bucket`) continue
    const le = sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le)
    byBound.set(le, (byBound.get(le) ?? 0) + sample.value)
  }
  return [...byBound].sort(([a], [b]) => a - b).map(([le, count]) => ({ le: Number.isFinite(le) ? le : null, count }))
}

/**
 * `<prefix>_requests_total` (by method, route, status) and `<prefix>_request_duration_seconds`
 * (contracts RequestSeries): requests, 5xx answers, the duration buckets.
 */
export function readRequests(metrics: readonly MetricJson[], prefix: string): RequestCounts {
  const byStatus = sumsBy(metrics, `${prefix}_requests_total`, 'status')
  let total = 0
  let errors = 0
  for (const [status, count] of byStatus) {
    total += count
    if (status.startsWith('5')) errors += count
  }
  return { total, errors, buckets: histogramBuckets(metrics, `${prefix}_request_duration_seconds`) }
}

/**
 * The q-quantile (0 < q ≤ 1) of a histogram's observations, as Prometheus's histogram_quantile
 * estimates it: linear within the bucket the rank falls in (from 0 for the first), the largest
 * finite bound when it falls in +Inf. Null without observations.
 */
export function histogramQuantile(q: number, buckets: readonly BucketCount[]): number | null {
  const total = buckets[buckets.length - 1]?.count ?? 0
  if (total <= 0 || buckets.length === 0) return null
  const rank = q * total
  let previousBound = 0
  let previousCount = 0
  for (const bucket of buckets) {
    if (bucket.count >= rank) {
      if (bucket.le === null) return previousBound
      const inBucket = bucket.count - previousCount
      if (inBucket <= 0) return bucket.le
      return previousBound + ((bucket.le - previousBound) * (rank - previousCount)) / inBucket
    }
    if (bucket.le !== null) previousBound = bucket.le
    previousCount = bucket.count
  }
  return previousBound
}

/** What a histogram counted between two readings of it (the same bounds: bucket by bucket). */
export function bucketsSince(now: readonly BucketCount[], before: readonly BucketCount[]): BucketCount[] {
  const earlier = new Map(before.map((bucket) => [bucket.le, bucket.count]))
  return now.map((bucket) => ({ le: bucket.le, count: Math.max(0, bucket.count - (earlier.get(bucket.le) ?? 0)) }))
}

/** A process's request counts read at `at` (ms). */
export interface TimedCounts {
  at: number
  counts: RequestCounts
}

/** The figures over the interval from `before` to `now` (no interval: the totals alone). */
export function figuresBetween(now: TimedCounts, before: TimedCounts | null): ProcessFigures {
  const { total, errors } = now.counts
  const seconds = before ? (now.at - before.at) / 1000 : 0
  if (!before || seconds <= 0) return { requests: total, errors, intervalSeconds: null, rate: null, p99Seconds: null, recentErrors: null }
  return {
    requests: total,
    errors,
    intervalSeconds: seconds,
    rate: Math.max(0, total - before.counts.total) / seconds,
    p99Seconds: histogramQuantile(0.99, bucketsSince(now.counts.buckets, before.counts.buckets)),
    recentErrors: Math.max(0, errors - before.counts.errors),
  }
}

/** How long readings are kept for the interval, and how close two may be. */
export const READING_WINDOW_MS = 60_000
export const READING_GAP_MS = 1_000

/**
 * A few readings per process (its address, or `edge`): each new one gives the figures over the
 * interval since the oldest reading still inside the window (a minute: steady figures whoever
 * refreshes, and how often), or since the newest older one. A process whose counters restarted
 * (another identity, or fewer requests than before) starts afresh.
 */
export class ReadingRing {
  private readonly entries = new Map<string, { identity: string; readings: TimedCounts[] }>()

  constructor(
    private readonly windowMs = READING_WINDOW_MS,
    private readonly gapMs = READING_GAP_MS,
  ) {}

  figures(key: string, identity: string, now: TimedCounts): ProcessFigures {
    let entry = this.entries.get(key)
    if (!entry || entry.identity !== identity || entry.readings.some((reading) => reading.counts.total > now.counts.total)) {
      entry = { identity, readings: [] }
      this.entries.set(key, entry)
    }
    const old = entry.readings.filter((reading) => reading.at <= now.at - this.gapMs)
    const baseline = old.find((reading) => reading.at >= now.at - this.windowMs) ?? old[old.length - 1] ?? null
    const last = entry.readings[entry.readings.length - 1]
    if (!last || now.at - last.at >= this.gapMs) entry.readings.push(now)
    // Keep the newest reading older than the window (the baseline when nobody looked for a while), drop the rest of those.
    const inWindow = entry.readings.findIndex((reading) => reading.at >= now.at - this.windowMs)
    if (inWindow > 1) entry.readings.splice(0, inWindow - 1)
    return figuresBetween(now, baseline)
  }
}
