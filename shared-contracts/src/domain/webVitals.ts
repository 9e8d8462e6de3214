/**
 * Readers' Web Vitals (issue 38): what a page reports about its own load (LCP, INP, CLS, TTFB,
 * measured by the `web-vitals` library in the host), how the edge counts them (fixed buckets, so
 * every edge process adds to the same counts and a p75 is read from their sum) and the canary
 * rule on speed. Pure: the host, the edge and its tests call the same functions.
 */

export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const
export type WebVitalName = (typeof WEB_VITALS)[number]

export const isWebVitalName = (value: unknown): value is WebVitalName => (WEB_VITALS as readonly unknown[]).includes(value)

/**
 * Upper bounds of each metric's buckets: milliseconds (LCP, INP, TTFB), a layout shift score
 * (CLS). A value above the last bound counts in one more bucket (the overflow), whose p75 is
 * that last bound: "at least".
 */
export const VITAL_BUCKETS: Readonly<Record<WebVitalName, readonly number[]>> = {
  LCP: [250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000],
  INP: [25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 1000, 1500, 2000, 3000, 5000, 10_000, 30_000],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5],
  TTFB: [50, 100, 150, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 4000, 5000, 10_000, 30_000],
}

/** The largest value a page may report: beyond it the beacon is refused (no page waits ten minutes for its paint). */
export const VITAL_MAX: Readonly<Record<WebVitalName, number>> = { LCP: 600_000, INP: 600_000, CLS: 100, TTFB: 600_000 }

/** Which bucket a value counts in: the first whose bound is at least the value, or the overflow (`bounds.length`). */
export function vitalBucket(name: WebVitalName, value: number): number {
  const bounds = VITAL_BUCKETS[name]
  const index = bounds.findIndex((bound) => value <= bound)
  return index === -1 ? bounds.length : index
}

/**
 * The 75th percentile from bucket counts (`counts[i]`: values in bucket i, the last one the
 * overflow), interpolated inside its bucket as Prometheus's histogram_quantile does; null
 * without any value.
 */
export function p75FromBuckets(name: WebVitalName, counts: readonly number[]): number | null {
  const bounds = VITAL_BUCKETS[name]
  const total = counts.reduce((sum, n) => sum + n, 0)
  if (total <= 0) return null
  const rank = 0.75 * total
  let before = 0
  for (let i = 0; i < counts.length; i++) {
    const inBucket = counts[i] ?? 0
    if (inBucket > 0 && before + inBucket >= rank) {
      if (i >= bounds.length) return bounds[bounds.length - 1]!
      const low = i === 0 ? 0 : bounds[i - 1]!
      return low + (bounds[i]! - low) * ((rank - before) / inBucket)
    }
    before += inBucket
  }
  return bounds[bounds.length - 1]!
}

/** What one page sends (POST /beacons/vitals): the route it landed on, the versions that drew it, its figures. No personal data. */
export interface VitalsBeacon {
  /** The route id of the page the reader landed on (routes/table.ts). */
  route: string
  /** The host's version. */
  host: string
  /** The remote that owns the route (`host` for the shell's own pages) and its version. */
  remote: string
  version: string
  vitals: Partial<Record<WebVitalName, number>>
}

/** Label values are short names and version ids; anything longer is not ours. */
const LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/

/**
 * A beacon's body as the edge received it, checked for shape and bounds (the registry and the
 * route table check the names next): the beacon, or why it is refused.
 */
export function parseVitalsBeacon(body: unknown): { beacon: VitalsBeacon } | { problem: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { problem: 'the body must be an object' }
  const { route, host, remote, version, vitals, ...rest } = body as Record<string, unknown>
  if (Object.keys(rest).length) return { problem: 'unknown fields' }
  for (const [name, value] of Object.entries({ route, host, remote, version })) {
    if (typeof value !== 'string' || !LABEL.test(value)) return { problem: `${name} must be a name` }
  }
  if (!vitals || typeof vitals !== 'object' || Array.isArray(vitals)) return { problem: 'vitals must be an object' }
  const entries = Object.entries(vitals)
  if (entries.length === 0 || entries.length > WEB_VITALS.length) return { problem: 'vitals must name one to four metrics' }
  const checked: Partial<Record<WebVitalName, number>> = {}
  for (const [name, value] of entries) {
    if (!isWebVitalName(name)) return { problem: 'unknown metric' }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > VITAL_MAX[name]) return { problem: `${name} is out of bounds` }
    checked[name] = value
  }
  return { beacon: { route: route as string, host: host as string, remote: remote as string, version: version as string, vitals: checked } }
}

/** When a canary is ended for being slower than the live version (KOMA_CANARY_SLOWER_* override them). */
export interface SpeedRules {
  /** Page loads that reported the metric, on each side, before it is compared (noise below that). */
  minLoads: number
  /** How much worse the canary's p75 may be than the live version's (0.2: 20 % more). */
  margin: number
}

export const DEFAULT_SPEED_RULES: SpeedRules = { minLoads: 50, margin: 0.2 }

/** The metrics a canary is judged on: the paint readers wait for and the answer to their input. */
export const JUDGED_VITALS = ['LCP', 'INP'] as const satisfies readonly WebVitalName[]

/** One side's figure for a metric: page loads that reported it, and their p75. */
export interface VitalFigure {
  loads: number
  p75: number | null
}

export interface SlowerVerdict {
  metric: (typeof JUDGED_VITALS)[number]
  canary: number
  live: number
  /** (canary - live) / live. */
  increase: number
}

/**
 * Whether the canary is slower than the live version beyond the margin, on LCP or INP, once both
 * sides have at least minLoads page loads reporting that metric: the first such metric, or null.
 * A live p75 of 0 compares as 1 ms (no division by zero; a 0-ms live version is not a standard).
 */
export function slowerCanary(
  canary: Partial<Record<WebVitalName, VitalFigure>>,
  live: Partial<Record<WebVitalName, VitalFigure>>,
  rules: SpeedRules = DEFAULT_SPEED_RULES,
): SlowerVerdict | null {
  for (const metric of JUDGED_VITALS) {
    const tried = canary[metric]
    const base = live[metric]
    if (!tried || !base || tried.p75 === null || base.p75 === null) continue
    if (tried.loads < rules.minLoads || base.loads < rules.minLoads) continue
    const reference = Math.max(base.p75, 1)
    const increase = (tried.p75 - reference) / reference
    if (increase > rules.margin) return { metric, canary: tried.p75, live: base.p75, increase }
  }
  return null
}

/** A metric's value as an operator reads it: `3.1 s`, `180 ms`, `0.12` (CLS). */
export function formatVital(name: WebVitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(2)
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`
}

/** Why a slower canary was ended, for `npm run versions`: `p75 LCP 3.1 s vs 2.2 s live (+41%)`. */
export function describeSlower(verdict: SlowerVerdict): string {
  const { metric, canary, live, increase } = verdict
  return `p75 ${metric} ${formatVital(metric, canary)} vs ${formatVital(metric, live)} live (+${Math.round(increase * 100)}%)`
}
