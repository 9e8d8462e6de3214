import { use, useSyncExternalStore } from 'react'

/**
 * A tiny keyed cache of promises for Suspense screens: `useResource(key, load)` suspends until
 * the data is there and throws the failure to the nearest boundary (which picks the 404,
 * maintenance or server-error screen). `invalidate(prefix)` makes the next render load again.
 *
 * A failure stays cached for a few seconds: React renders again to throw it, and a fresh request
 * at that moment would suspend again, forever, while the API is down.
 */
interface Entry {
  promise: Promise<unknown>
  failedAt: number | null
  loadedAt: number | null
  expiresAt: number | null
}

const FAILURE_TTL_MS = 5_000
const cache = new Map<string, Entry>()
const listeners = new Set<() => void>()
let version = 0

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export interface ResourceOptions {
  /** Forget a successful result after this long (e.g. SPEC §4's 10-minute home cache). */
  maxAgeMs?: number
}

function fresh(entry: Entry, options: ResourceOptions, now: number): boolean {
  if (entry.failedAt !== null) return now - entry.failedAt < FAILURE_TTL_MS
  if (entry.expiresAt !== null && now >= entry.expiresAt) return false
  if (entry.loadedAt !== null && options.maxAgeMs !== undefined) return now - entry.loadedAt < options.maxAgeMs
  return true
}

export function useResource<T>(
  key: string,
  load: () => Promise<T>,
  options: ResourceOptions & {
    /** Forget a successful result at this time (ms), computed from it once loaded (SPEC §4 home badges). */
    expiresAt?: (value: T, loadedAt: number) => number
  } = {},
): T {
  // Re-render subscribers when something is invalidated.
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  )
  let entry = cache.get(key)
  if (!entry || !fresh(entry, options, Date.now())) {
    const created: Entry = { promise: load(), failedAt: null, loadedAt: null, expiresAt: null }
    created.promise.then(
      (value) => {
        created.loadedAt = Date.now()
        if (options.expiresAt) created.expiresAt = options.expiresAt(value as T, created.loadedAt)
      },
      () => {
        created.failedAt = Date.now()
      },
    )
    cache.set(key, created)
    entry = created
  }
  return use(entry.promise as Promise<T>)
}

/**
 * Forget cached results whose key starts with `prefix` ('' forgets everything). Areas go through
 * their own `ownedCache` (data/cache.ts), which types the prefix as one of their keys.
 */
export function invalidate(prefix = ''): void {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key)
  version += 1
  for (const listener of [...listeners]) listener()
}

/** Forget every cached result (the host retrying a remote, tests between screens). */
export const invalidateAll = (): void => invalidate('')
