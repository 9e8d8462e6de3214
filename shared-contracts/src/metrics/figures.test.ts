import { Counter, Registry } from 'prom-client'
import type { BucketCount, RequestCounts } from '../api/endpoints/ops'
import { bucketsSince, figuresBetween, histogramBuckets, histogramQuantile, readRequests, ReadingRing, sampleSum, sumsBy, type MetricJson } from './figures'
import { RequestSeries } from './tables'

const b = (pairs: [number | null, number][]): BucketCount[] => pairs.map(([le, count]) => ({ le, count }))

describe('histogramQuantile: as Prometheus estimates it', () => {
  it('interpolates inside the bucket the rank falls in, from 0 for the first', () => {
    // 100 observations: 50 ≤ 0.1 s, 90 ≤ 0.5 s, all ≤ 1 s.
    const buckets = b([
      [0.1, 50],
      [0.5, 90],
      [1, 100],
      [null, 100],
    ])
    expect(histogramQuantile(0.5, buckets)).toBeCloseTo(0.1)
    expect(histogramQuantile(0.25, buckets)).toBeCloseTo(0.05)
    // rank 99: 9 of the 10 in (0.5, 1].
    expect(histogramQuantile(0.99, buckets)).toBeCloseTo(0.95)
    expect(histogramQuantile(0.7, buckets)).toBeCloseTo(0.3)
  })

  it('answers the largest finite bound when the rank falls in +Inf, and null without observations', () => {
    expect(
      histogramQuantile(
        0.99,
        b([
          [0.1, 10],
          [1, 50],
          [null, 100],
        ]),
      ),
    ).toBe(1)
    expect(
      histogramQuantile(
        0.99,
        b([
          [0.1, 0],
          [null, 0],
        ]),
      ),
    ).toBeNull()
    expect(histogramQuantile(0.99, [])).toBeNull()
  })

  it('skips empty buckets before the rank', () => {
    expect(
      histogramQuantile(
        0.5,
        b([
          [0.005, 0],
          [0.01, 0],
          [0.025, 4],
          [null, 4],
        ]),
      ),
    ).toBeCloseTo(0.0175)
  })
})

describe('reading a prom-client registry', () => {
  it('sums requests, 5xx answers and duration buckets over every route, method and status', async () => {
    const registry = new Registry()
    const series = new RequestSeries(registry, 'koma_test_http', 'test', [0.01, 0.1, 1])
    series.observe('GET', '/home', 200, 0.005)
    series.observe('GET', '/home', 200, 0.05)
    series.observe('POST', '/coin', 503, 0.5)
    series.observe('GET', '/x', 404, 2)
    const metrics = (await registry.getMetricsAsJSON()) as unknown as MetricJson[]
    expect(readRequests(metrics, 'koma_test_http')).toEqual({
      total: 4,
      errors: 1,
      buckets: b([
        [0.01, 1],
        [0.1, 2],
        [1, 3],
        [null, 4],
      ]),
    })
    expect(histogramBuckets(metrics, 'koma_nope')).toEqual([])
    expect(readRequests(metrics, 'koma_nope')).toEqual({ total: 0, errors: 0, buckets: [] })
  })

  it('reads gauges and counters by label, null when absent', async () => {
    const registry = new Registry()
    const failures = new Counter({ name: 'jobs_failed_total', help: 'h', labelNames: ['queue'], registers: [registry] })
    failures.inc({ queue: 'deliver' }, 2)
    failures.inc({ queue: 'tick' })
    const metrics = (await registry.getMetricsAsJSON()) as unknown as MetricJson[]
    expect(sampleSum(metrics, 'jobs_failed_total')).toBe(3)
    expect(sampleSum(metrics, 'jobs_failed_total', { queue: 'tick' })).toBe(1)
    expect(sampleSum(metrics, 'jobs_failed_total', { queue: 'other' })).toBeNull()
    expect(sampleSum(metrics, 'absent')).toBeNull()
    expect([...sumsBy(metrics, 'jobs_failed_total', 'queue')]).toEqual([
      ['deliver', 2],
      ['tick', 1],
    ])
  })
})

const counts = (total: number, errors: number, fast: number): RequestCounts => ({
  total,
  errors,
  buckets: b([
    [0.1, fast],
    [1, total],
    [null, total],
  ]),
})

describe('figures between two readings', () => {
  it('gives requests per second, 5xx and the p99 of the interval alone', () => {
    const figures = figuresBetween({ at: 20_000, counts: counts(300, 3, 200) }, { at: 10_000, counts: counts(100, 1, 100) })
    expect(figures).toEqual({ requests: 300, errors: 3, intervalSeconds: 10, rate: 20, p99Seconds: expect.any(Number), recentErrors: 2 })
    // The interval: 100 fast, 100 slow → p99 in (0.1, 1].
    expect(figures.p99Seconds).toBeCloseTo(0.1 + (0.9 * (198 - 100)) / 100)
    expect(bucketsSince(counts(300, 3, 200).buckets, counts(100, 1, 100).buckets)).toEqual(
      b([
        [0.1, 100],
        [1, 200],
        [null, 200],
      ]),
    )
  })

  it('gives the totals alone on a first reading, and no p99 for an interval without requests', () => {
    expect(figuresBetween({ at: 1, counts: counts(5, 0, 5) }, null)).toEqual({
      requests: 5,
      errors: 0,
      intervalSeconds: null,
      rate: null,
      p99Seconds: null,
      recentErrors: null,
    })
    const idle = figuresBetween({ at: 5_000, counts: counts(5, 0, 5) }, { at: 0, counts: counts(5, 0, 5) })
    expect(idle).toMatchObject({ rate: 0, p99Seconds: null, recentErrors: 0, intervalSeconds: 5 })
  })
})

describe('ReadingRing', () => {
  it('measures from the oldest reading still in the window, whoever refreshes and how often', () => {
    const ring = new ReadingRing(60_000, 1_000)
    expect(ring.figures('api', 'a', { at: 0, counts: counts(0, 0, 0) }).rate).toBeNull()
    expect(ring.figures('api', 'a', { at: 10_000, counts: counts(100, 0, 100) }).rate).toBe(10)
    // A second tab half a second later: still from the first reading (none newer is a second old).
    expect(ring.figures('api', 'a', { at: 10_500, counts: counts(105, 0, 105) }).intervalSeconds).toBe(10.5)
    expect(ring.figures('api', 'a', { at: 20_000, counts: counts(400, 0, 400) })).toMatchObject({ rate: 20, intervalSeconds: 20 })
    // Past the window: from the oldest reading inside it (10 s), the older ones dropped.
    expect(ring.figures('api', 'a', { at: 65_000, counts: counts(1000, 0, 1000) })).toMatchObject({ intervalSeconds: 55, rate: 900 / 55 })
  })

  it('uses the newest older reading when none is inside the window, and keeps processes apart', () => {
    const ring = new ReadingRing(60_000, 1_000)
    ring.figures('api', 'a', { at: 0, counts: counts(0, 0, 0) })
    ring.figures('edge', 'e', { at: 0, counts: counts(50, 0, 50) })
    expect(ring.figures('api', 'a', { at: 300_000, counts: counts(600, 0, 600) })).toMatchObject({ intervalSeconds: 300, rate: 2 })
    expect(ring.figures('edge', 'e', { at: 10_000, counts: counts(150, 0, 150) })).toMatchObject({ rate: 10 })
  })

  it('starts afresh when the process restarted (another identity, or counters that went down)', () => {
    const ring = new ReadingRing(60_000, 1_000)
    ring.figures('api', 'a', { at: 0, counts: counts(500, 0, 500) })
    expect(ring.figures('api', 'b', { at: 10_000, counts: counts(600, 0, 600) }).rate).toBeNull()
    expect(ring.figures('api', 'b', { at: 20_000, counts: counts(10, 0, 10) }).rate).toBeNull()
    expect(ring.figures('api', 'b', { at: 30_000, counts: counts(110, 0, 110) }).rate).toBe(10)
  })
})
