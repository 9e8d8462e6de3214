import { LRUCache } from 'lru-cache'
import { readMayBeStale } from '../../db/replica'
import type { AppDeps } from '../../deps'
import { cacheNameOf } from '../../metrics/metrics'

/**
 * Short-lived server caches of what every reader sees alike (home, menu lists, the anonymous
 * episode list): a few seconds stale at most, by the API's clock (so faketime expires them too),
 * and never past a time the value itself names (the earliest badge expiry of a home).
 */
export const SHARED_TTL_MS = 15_000

interface Entry {
  value: Promise<unknown>
  until: number
}

const caches = new WeakMap<AppDeps, LRUCache<string, Entry>>()

export function memo<T>(deps: AppDeps, key: string, build: () => Promise<T>, until?: (value: T, now: number) => number): Promise<T> {
  let cache = caches.get(deps)
  if (!cache) {
    cache = new LRUCache<string, Entry>({ max: 2000 })
    caches.set(deps, cache)
  }
  const now = deps.clock.now().getTime()
  const hit = cache.get(key)
  const fresh = hit !== undefined && now < hit.until
  deps.metrics?.cacheLookup(cacheNameOf(key), fresh)
  if (fresh) return hit.value as Promise<T>
  // What every reader sees alike may come from a read replica (db/replica.ts): it is seconds stale anyway.
  const entry: Entry = { value: readMayBeStale(build), until: now + SHARED_TTL_MS }
  cache.set(key, entry)
  entry.value.then(
    (value) => {
      if (until) entry.until = Math.min(entry.until, until(value as T, now))
    },
    () => cache?.delete(key),
  )
  return entry.value as Promise<T>
}

/** Forget every shared answer of this app (a write changed them: cluster/invalidation.ts). */
export function forgetSharedAnswers(deps: AppDeps): void {
  caches.get(deps)?.clear()
}
