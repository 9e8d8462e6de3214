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

const BUCKET_MS = 10_000

interface Bucket {
  at: number
  loads: number
  byKind: Record<FailureKind, number>
}

/**
 * Page loads and failures per remote version over a sliding window (buckets of 10 s), kept in
 * this edge process. The canary's rate against the live version's decides an automatic rollback.
 */
export class VersionHealth {
  private readonly counts = new Map<string, Bucket[]>()

  constructor(
    private readonly rules: CanaryRules = DEFAULT_CANARY_RULES,
    private readonly now: () => number = Date.now,
  ) {}

  private bucket(remote: string, version: string): Bucket {
    const key = `${remote}@${version}`
    const at = Math.floor(this.now() / BUCKET_MS) * BUCKET_MS
    const buckets = this.counts.get(key) ?? []
    this.counts.set(key, buckets)
    let last = buckets[buckets.length - 1]
    if (!last || last.at !== at) {
      last = { at, loads: 0, byKind: { load: 0, boundary: 0, error: 0 } }
      buckets.push(last)
      const oldest = this.now() - this.rules.windowMs
      while (buckets.length && buckets[0]!.at + BUCKET_MS <= oldest) buckets.shift()
    }
    return last
  }

  pageServed(remote: string, version: string): void {
    this.bucket(remote, version).loads++
  }

  failed(remote: string, version: string, kind: FailureKind, count = 1): void {
    this.bucket(remote, version).byKind[kind] += count
  }

  stats(remote: string, version: string): VersionStats {
    const oldest = this.now() - this.rules.windowMs
    const byKind: Record<FailureKind, number> = { load: 0, boundary: 0, error: 0 }
    let loads = 0
    for (const bucket of this.counts.get(`${remote}@${version}`) ?? []) {
      if (bucket.at + BUCKET_MS <= oldest) continue
      loads += bucket.loads
      for (const kind of FAILURE_KINDS) byKind[kind] += bucket.byKind[kind]
    }
    const failures = byKind.load + byKind.boundary + byKind.error
    return { loads, failures, byKind, rate: loads > 0 ? failures / loads : 0 }
  }

  /**
   * Why the canary must end, or null: its failure rate exceeds the live version's by more than the
   * margin, once it has served at least minLoads pages in the window.
   */
  verdict(remote: string, live: string, canary: string): string | null {
    const tried = this.stats(remote, canary)
    if (tried.loads < this.rules.minLoads) return null
    const base = this.stats(remote, live)
    if (tried.rate - base.rate <= this.rules.margin) return null
    const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`
    return `${remote} ${canary} failed on ${percent(tried.rate)} of ${tried.loads} page loads (live ${live}: ${percent(base.rate)} of ${base.loads}), over the ${this.rules.margin * 100}-point margin`
  }
}
