import { use, useSyncExternalStore } from 'react'

/**
 * A tiny keyed cache of promises for Suspense screens: `useResource(key, load)` suspends until
 * the data is there and throws the failure to the nearest boundary (which picks the 404,
 * maintenance or server-error screen).
 *
 * Stale while revalidating: `invalidate(prefix)` (a write changed what an answer says) and an
 * answer past its age keep showing the answer they have while the new one loads, then swap it in,
 * so a list does not fall back to its skeleton (and lose the reader's scroll) after every unlock or
 * comment. A failed reload goes to the boundary as a first load's would. `forget(prefix)` drops
 * answers outright: the next render suspends (another reader, a fresh page drawn on the server).
 *
 * A failure stays cached for a few seconds: React renders again to throw it, and a fresh request
 * at that moment would suspend again, forever, while the API is down.
 */

/** A promise React's `use` reads at once, without suspending (the fields it looks for on a thenable). */
type Settled<T> = Promise<T> & { status?: 'fulfilled'; value?: T }

interface Entry {
  promise: Settled<unknown>
  failedAt: number | null
  loadedAt: number | null
  expiresAt: number | null
  /** Invalidated: shown until its reload arrives. */
  stale: boolean
  /** The reload in flight behind it, if one started since the last invalidate. */
  next: Entry | null
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
  /**
   * Show the answer held while its successor loads (default true). False for an answer that must
   * not outlive a change, e.g. a chapter (paid pages, a refusal the screen acts on): it suspends.
   */
  staleWhileReloading?: boolean
}

function fresh(entry: Entry, options: ResourceOptions, now: number): boolean {
  if (entry.failedAt !== null) return now - entry.failedAt < FAILURE_TTL_MS
  if (entry.expiresAt !== null && now >= entry.expiresAt) return false
  if (entry.loadedAt !== null && options.maxAgeMs !== undefined) return now - entry.loadedAt < options.maxAgeMs
  return true
}

type ExpiresAt<T> = (value: T, loadedAt: number) => number

function startLoad<T>(load: () => Promise<T>, expiresAt: ExpiresAt<T> | undefined): Entry {
  const created: Entry = { promise: load(), failedAt: null, loadedAt: null, expiresAt: null, stale: false, next: null }
  created.promise.then(
    (value) => {
      created.loadedAt = Date.now()
      if (expiresAt) created.expiresAt = expiresAt(value as T, created.loadedAt)
    },
    () => {
      created.failedAt = Date.now()
    },
  )
  return created
}

function changed(): void {
  version += 1
  for (const listener of [...listeners]) listener()
}

/**
 * Loads `key` again behind the answer `entry` shows: the new answer (or the failure) replaces it
 * once it arrives, unless the key was forgotten or replaced meanwhile, or invalidated again (the
 * reload then asked before that change: a newer one replaces it).
 */
function reload<T>(key: string, entry: Entry, load: () => Promise<T>, expiresAt: ExpiresAt<T> | undefined): void {
  const next = startLoad(load, expiresAt)
  entry.next = next
  const swap = () => {
    if (cache.get(key) !== entry || entry.next !== next) return
    cache.set(key, next)
    changed()
  }
  void next.promise.then((value) => {
    next.promise.status = 'fulfilled'
    next.promise.value = value
    swap()
  }, swap)
}

export function useResource<T>(
  key: string,
  load: () => Promise<T>,
  options: ResourceOptions & {
    /** Forget a successful result at this time (ms), computed from it once loaded (SPEC §4 home badges). */
    expiresAt?: ExpiresAt<T>
  } = {},
): T {
  // Re-render subscribers when something is invalidated.
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  )
  let entry = cache.get(key)
  const current = entry !== undefined && !entry.stale && fresh(entry, options, Date.now())
  if (entry && !current && entry.loadedAt !== null && options.staleWhileReloading !== false) {
    // An answer to show while its successor loads.
    if (!entry.next) reload(key, entry, load, options.expiresAt)
  } else if (!entry || !current) {
    entry = startLoad(load, options.expiresAt)
    cache.set(key, entry)
  }
  return use(entry.promise as Promise<T>)
}

/**
 * The answers under `prefix` ('' for all) changed: screens showing one keep it while they load it
 * again; one not on screen loads again when next shown. Areas go through their own `ownedCache`
 * (data/cache.ts), which types the prefix as one of their keys.
 */
export function invalidate(prefix = ''): void {
  for (const [key, entry] of [...cache.entries()]) {
    if (!key.startsWith(prefix)) continue
    if (entry.loadedAt === null) cache.delete(key)
    else {
      entry.stale = true
      entry.next = null
    }
  }
  changed()
}

/** Drop the answers under `prefix` ('' for all) outright: the next render suspends for new ones. */
export function forget(prefix = ''): void {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key)
  changed()
}

/** Forget every cached result (another reader, the host retrying a remote, tests between screens). */
export const invalidateAll = (): void => forget('')
