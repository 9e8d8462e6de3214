/**
 * Every read of "now" in the API goes through a clock. Outside production the faketime debug
 * hook (SPEC §7) shifts it so refills and expiries can be tested; request-checksum freshness
 * always uses the real time.
 */
export interface Clock {
  now(): Date
  realNow(): Date
  /** Shift "now" to `at` (null restores the real time). */
  setFakeTime(at: Date | null): void
  /** Take a shift another API process set (cluster/sharedClock.ts). */
  setOffsetMs(offset: number): void
  offsetMs(): number
}

export function createClock(): Clock {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    realNow: () => new Date(),
    setFakeTime: (at) => {
      offset = at ? at.getTime() - Date.now() : 0
    },
    setOffsetMs: (next) => {
      offset = Number.isFinite(next) ? next : 0
    },
    offsetMs: () => offset,
  }
}
