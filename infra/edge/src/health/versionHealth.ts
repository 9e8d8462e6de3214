import type { SpeedRules } from '@koma/contracts/server'

/** What readers' pages report about a remote version: it failed to load, its boundary caught an error, or its code threw. */
export type FailureKind = 'load' | 'boundary' | 'error'
export const FAILURE_KINDS: readonly FailureKind[] = ['load', 'boundary', 'error']

export interface CanaryRules {
  /** The sliding window the counts cover. */
  windowMs: number
  /** Page loads the canary must have served in the window before it is judged (noise below that). */
  minLoads: number
  /** How far the canary's failure rate may exceed the live version's (0.05: five points). */
  margin: number
  /** When it is ended for being slower for its readers (p75 LCP or INP; default contracts' DEFAULT_SPEED_RULES). */
  speed?: SpeedRules
}

/** Defaults (documented in docs/architecture.md; KOMA_CANARY_* override them). */
export const DEFAULT_CANARY_RULES: CanaryRules = { windowMs: 10 * 60_000, minLoads: 50, margin: 0.05 }

export interface VersionStats {
  loads: number
  failures: number
  byKind: Record<FailureKind, number>
  /** Failures per page load (0 without loads). */
  rate: number
}

export const BUCKET_MS = 10_000

/** What one 10-second bucket counted: page loads, and failures by kind. */
export type Counted = Record<'loads' | FailureKind, number>
export type CountField = keyof Counted

/**
 * Where the counts live: this process's memory (the default), or a store every edge process
 * shares (Redis, redisStore.ts), so that two edges judge a canary on the same readers.
 */
export interface HealthCounts {
  /** Never rejects: a count that cannot be kept is lost, the page is still served. */
  add(key: string, bucketAt: number, field: CountField, n: number): Promise<void>
  /** The buckets of `key` from `fromBucket` to `toBucket` (older ones may already be gone). */
  read(key: string, fromBucket: number, toBucket: number): Promise<Counted[]>
}

const emptyCount = (): Counted => ({ loads: 0, load: 0, boundary: 0, error: 0 })

/** Counts in this process: a few buckets per remote version, the older ones dropped as new ones start. */
export class MemoryCounts implements HealthCounts {
  private readonly counts = new Map<string, { at: number; counted: Counted }[]>()

  constructor(private readonly windowMs: number) {}

  async add(key: string, bucketAt: number, field: CountField, n: number): Promise<void> {
    const buckets = this.counts.get(key) ?? []
    this.counts.set(key, buckets)
    let last = buckets[buckets.length - 1]
    if (!last || last.at !== bucketAt) {
      last = { at: bucketAt, counted: emptyCount() }
      buckets.push(last)
      while (buckets.length && buckets[0]!.at + BUCKET_MS <= bucketAt - this.windowMs) buckets.shift()
    }
    last.counted[field] += n
  }

  async read(key: string, fromBucket: number, toBucket: number): Promise<Counted[]> {
    return (this.counts.get(key) ?? []).filter((bucket) => bucket.at >= fromBucket && bucket.at <= toBucket).map((bucket) => bucket.counted)
  }
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`

/**
 * Page loads and failures per remote version over a sliding window (buckets of 10 s). The
 * canary's rate against the live version's decides an automatic rollback, or a promotion.
 */
export class VersionHealth {
  readonly rules: CanaryRules
  private readonly counts: HealthCounts

  constructor(
    rules: CanaryRules = DEFAULT_CANARY_RULES,
    private readonly now: () => number = Date.now,
    counts?: HealthCounts,
  ) {
    this.rules = rules
    this.counts = counts ?? new MemoryCounts(rules.windowMs)
  }

  private add(remote: string, version: string, field: CountField, n: number): Promise<void> {
    return this.counts.add(`${remote}@${version}`, Math.floor(this.now() / BUCKET_MS) * BUCKET_MS, field, n)
  }

  pageServed(remote: string, version: string): Promise<void> {
    return this.add(remote, version, 'loads', 1)
  }

  failed(remote: string, version: string, kind: FailureKind, count = 1): Promise<void> {
    return this.add(remote, version, kind, count)
  }

  async stats(remote: string, version: string): Promise<VersionStats> {
    // A bucket counts while any of it is inside the window.
    const fromBucket = Math.floor((this.now() - this.rules.windowMs) / BUCKET_MS) * BUCKET_MS
    const byKind: Record<FailureKind, number> = { load: 0, boundary: 0, error: 0 }
    let loads = 0
    const toBucket = Math.floor(this.now() / BUCKET_MS) * BUCKET_MS
    for (const bucket of await this.counts.read(`${remote}@${version}`, fromBucket, toBucket)) {
      loads += bucket.loads
      for (const kind of FAILURE_KINDS) byKind[kind] += bucket[kind]
    }
    const failures = byKind.load + byKind.boundary + byKind.error
    return { loads, failures, byKind, rate: loads > 0 ? failures / loads : 0 }
  }

  /**
   * Why the canary must end, or null: its failure rate exceeds the live version's by more than the
   * margin, once it has served at least minLoads pages in the window.
   */
  async verdict(remote: string, live: string, canary: string): Promise<string | null> {
    const tried = await this.stats(remote, canary)
    if (tried.loads < this.rules.minLoads) return null
    const base = await this.stats(remote, live)
    if (tried.rate - base.rate <= this.rules.margin) return null
    return `${remote} ${canary} failed on ${percent(tried.rate)} of ${tried.loads} page loads (live ${live}: ${percent(base.rate)} of ${base.loads}), over the ${this.rules.margin * 100}-point margin`
  }

  /**
   * Why the canary may go live for everyone, or null: it has run for a whole window, served at
   * least minLoads pages in it, and failed no more than the live version plus the margin.
   */
  async cleanWindow(remote: string, live: string, canary: string, startedAt: number): Promise<string | null> {
    if (this.now() - startedAt < this.rules.windowMs) return null
    const tried = await this.stats(remote, canary)
    if (tried.loads < this.rules.minLoads) return null
    const base = await this.stats(remote, live)
    if (tried.rate - base.rate > this.rules.margin) return null
    return `${remote} ${canary} ran a clean window of ${this.rules.windowMs / 1000} s: failed on ${percent(tried.rate)} of ${tried.loads} page loads (live ${live}: ${percent(base.rate)} of ${base.loads}), within the ${this.rules.margin * 100}-point margin`
  }
}
