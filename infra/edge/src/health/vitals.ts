import {
  DEFAULT_SPEED_RULES,
  describeSlower,
  p75FromBuckets,
  slowerCanary,
  VITAL_BUCKETS,
  vitalBucket,
  WEB_VITALS,
  type SpeedRules,
  type VitalFigure,
  type WebVitalName,
} from '@koma/contracts/server'
import { BUCKET_MS } from './versionHealth'

/**
 * Readers' Web Vitals per remote version (issue 38) over the canary's sliding window: each page
 * load adds one to a fixed bucket of each metric it reported (contracts' VITAL_BUCKETS), in
 * 10-second buckets of time. Counts, never values: every edge process adds to the same counts
 * (Redis in a cluster, redisCounts.ts), and a p75 is read from their sum.
 */

/** `LCP:12`: metric and value bucket, a field of one time bucket's counts. */
const fieldOf = (metric: WebVitalName, bucket: number) => `${metric}:${bucket}`

/** Where the vitals' counts live: this process's memory, or Redis shared by every edge process. */
export interface VitalsCounts {
  /** Never rejects: a count that cannot be kept is lost. */
  add(key: string, bucketAt: number, fields: readonly string[]): Promise<void>
  /** The time buckets of `key` from `fromBucket` to `toBucket`, each as its fields' counts. */
  read(key: string, fromBucket: number, toBucket: number): Promise<Record<string, number>[]>
}

export class MemoryVitalsCounts implements VitalsCounts {
  private readonly counts = new Map<string, { at: number; fields: Record<string, number> }[]>()

  constructor(private readonly windowMs: number) {}

  async add(key: string, bucketAt: number, fields: readonly string[]): Promise<void> {
    const buckets = this.counts.get(key) ?? []
    this.counts.set(key, buckets)
    let last = buckets[buckets.length - 1]
    if (!last || last.at !== bucketAt) {
      last = { at: bucketAt, fields: {} }
      buckets.push(last)
      while (buckets.length && buckets[0]!.at + BUCKET_MS <= bucketAt - this.windowMs) buckets.shift()
    }
    for (const field of fields) last.fields[field] = (last.fields[field] ?? 0) + 1
  }

  async read(key: string, fromBucket: number, toBucket: number): Promise<Record<string, number>[]> {
    return (this.counts.get(key) ?? []).filter((bucket) => bucket.at >= fromBucket && bucket.at <= toBucket).map((bucket) => bucket.fields)
  }
}

export type VitalFigures = Record<WebVitalName, VitalFigure>

export class VersionVitals {
  private readonly counts: VitalsCounts

  constructor(
    readonly rules: { windowMs: number; speed?: SpeedRules },
    private readonly now: () => number = Date.now,
    counts?: VitalsCounts,
  ) {
    this.counts = counts ?? new MemoryVitalsCounts(rules.windowMs)
  }

  get speed(): SpeedRules {
    return this.rules.speed ?? DEFAULT_SPEED_RULES
  }

  /** One page load's figures (checked values: parseVitalsBeacon). */
  record(remote: string, version: string, vitals: Partial<Record<WebVitalName, number>>): Promise<void> {
    const fields = WEB_VITALS.flatMap((metric) => {
      const value = vitals[metric]
      return value === undefined ? [] : [fieldOf(metric, vitalBucket(metric, value))]
    })
    return this.counts.add(`${remote}@${version}`, Math.floor(this.now() / BUCKET_MS) * BUCKET_MS, fields)
  }

  /** Per metric: page loads that reported it in the window, and their p75 (null without any). */
  async figures(remote: string, version: string): Promise<VitalFigures> {
    const fromBucket = Math.floor((this.now() - this.rules.windowMs) / BUCKET_MS) * BUCKET_MS
    const toBucket = Math.floor(this.now() / BUCKET_MS) * BUCKET_MS
    const sums = Object.fromEntries(WEB_VITALS.map((metric) => [metric, new Array<number>(VITAL_BUCKETS[metric].length + 1).fill(0)])) as Record<
      WebVitalName,
      number[]
    >
    for (const bucket of await this.counts.read(`${remote}@${version}`, fromBucket, toBucket)) {
      for (const [field, n] of Object.entries(bucket)) {
        const [metric, index] = field.split(':') as [WebVitalName, string]
        const counts = sums[metric]
        const at = Number(index)
        if (counts && Number.isInteger(at) && at >= 0 && at < counts.length) counts[at]! += n
      }
    }
    return Object.fromEntries(
      WEB_VITALS.map((metric) => [metric, { loads: sums[metric].reduce((sum, n) => sum + n, 0), p75: p75FromBuckets(metric, sums[metric]) }]),
    ) as VitalFigures
  }

  /**
   * Why the canary must end for being slower, or null: its readers' p75 LCP or INP is worse than
   * the live version's by more than the margin, both sides past the minimum page loads.
   */
  async verdict(remote: string, live: string, canary: string): Promise<string | null> {
    const tried = await this.figures(remote, canary)
    if (tried.LCP.loads < this.speed.minLoads && tried.INP.loads < this.speed.minLoads) return null
    const base = await this.figures(remote, live)
    const slower = slowerCanary(tried, base, this.speed)
    if (!slower) return null
    const loads = `${tried[slower.metric].loads} and ${base[slower.metric].loads} page loads`
    return `rolled back: ${describeSlower(slower)}: ${remote} ${canary} is slower for its readers than live ${live} (${loads}, over the ${Math.round(this.speed.margin * 100)}% margin)`
  }
}
