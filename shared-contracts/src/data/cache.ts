import { events as pageEvents, type EventBus, type EventMap } from '../events/bus'
import type { ScreenOwner } from '../remotes'
import { forget, invalidate, useResource, type ResourceOptions } from './resource'

/**
 * The resource cache's keys, by the area that owns them (issue 14). A key is one of its owner's
 * prefixes and whatever tells its entries apart. No prefix of one owner starts another owner's
 * (cache.test.ts), so an owner forgetting its own keys never touches another area's.
 */
export const CACHE_PREFIXES = {
  mf_catalog: ['home:', 'content:', 'soon:', 'collection:', 'menu:', 'search:', 'library:', 'events:'],
  mf_viewer: ['chapter:'],
  mf_account: ['account:', 'password-reset:'],
  mf_payments: ['coin-'],
  mf_community: ['community:', 'report-config:'],
  mf_ops: ['ops:'],
  host: ['dialogs:'],
} as const satisfies Record<ScreenOwner, readonly string[]>

export type CacheOwner = keyof typeof CACHE_PREFIXES

/** A cache key (or a prefix of keys) owned by `O`: `'account:profile'`, `'coin-'`, `` `content:${type}:${id}:${locale}` ``. */
export type CacheKey<O extends CacheOwner = CacheOwner> = `${(typeof CACHE_PREFIXES)[O][number]}${string}`

/**
 * Changes that cross areas, as the page's typed events: the area where the change happened
 * emits one, and each owner says here which of its own keys the change makes stale.
 */
export type CacheEvent = 'inventory:changed' | 'access:changed'

/**
 * The keys an event makes stale: a fixed list, or one computed from the event (the chapters it
 * names), so an area forgets no more than the change touched.
 */
export type CacheReactions<O extends CacheOwner> = { readonly [E in CacheEvent]?: readonly CacheKey<O>[] | ((change: EventMap[E]) => readonly CacheKey<O>[]) }

export interface OwnedCache<O extends CacheOwner> {
  readonly owner: O
  /** Suspense data under one of this owner's keys (see data/resource.ts). */
  useResource<T>(key: CacheKey<O>, load: () => Promise<T>, options?: ResourceOptions & { expiresAt?: (value: T, loadedAt: number) => number }): T
  /** Forget this owner's entries whose key starts with `prefix`. */
  invalidate(prefix: CacheKey<O>): void
}

/**
 * Most answers are the reader's own (an episode list carries what the reader bought and rented, a
 * library and an inbox are theirs): when the reader changes (sign-in, sign-out, becoming a guest)
 * every area's cached answers are forgotten, so no screen shows the previous reader's state.
 */
export function forgetOnReaderChange(bus: EventBus<EventMap> = pageEvents): () => void {
  return bus.on('auth:changed', () => forget(''))
}
forgetOnReaderChange()

/** Subscriptions of the owners declared so far: a remote loaded again replaces its own. */
const subscriptions = new Map<CacheOwner, () => void>()

/**
 * An area's view of the cache: it reads and forgets only its own keys, and forgets the keys named
 * in `reactions` when another area reports a change. Each remote declares one, in its `src/cache.ts`
 * (a lint rule keeps a remote to its own owner name).
 */
export function ownedCache<O extends CacheOwner>(owner: O, reactions: CacheReactions<O> = {}, bus: EventBus<EventMap> = pageEvents): OwnedCache<O> {
  subscriptions.get(owner)?.()
  const offs = (Object.keys(reactions) as CacheEvent[]).map((name) =>
    bus.on(name, (change) => {
      const reaction = reactions[name] as readonly CacheKey<O>[] | ((change: EventMap[CacheEvent]) => readonly CacheKey<O>[]) | undefined
      const prefixes = typeof reaction === 'function' ? reaction(change) : (reaction ?? [])
      for (const prefix of prefixes) invalidate(prefix)
    }),
  )
  subscriptions.set(owner, () => offs.forEach((off) => off()))
  return {
    owner,
    useResource: (key, load, options) => useResource(key, load, options),
    invalidate: (prefix) => invalidate(prefix),
  }
}

/** The owner of a key, or null when no area declares its prefix. */
export function ownerOfKey(key: string): CacheOwner | null {
  for (const [owner, prefixes] of Object.entries(CACHE_PREFIXES) as [CacheOwner, readonly string[]][]) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) return owner
  }
  return null
}
