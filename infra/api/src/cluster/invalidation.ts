import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { AppDeps } from '../deps'
import { forgetSharedAnswers } from '../modules/catalog/memo'
import { forgetSearchIndex } from '../modules/catalog/search'
import { forgetServiceStates } from '../modules/ops/states'
import { forgetAvifMissing } from '../modules/image/avifMissing'

/**
 * Each API process keeps short-lived copies of what every reader sees alike (issue 18):
 *   catalog         home, menu lists, anonymous episode lists, the sitemap (catalog/memo.ts, 15 s)
 *                   and the search index (catalog/search.ts, 60 s);
 *   service-states  maintenance and the update flag (ops/states.ts, 2 s);
 *   avif            which images have no AVIF yet (image/avifMissing.ts, 60 s): an image's AVIF
 *                   was stored (issue 34).
 * A write that changes them forgets this process's copy at once and tells the other processes
 * on the same PostgreSQL through NOTIFY (cacheBus.ts), so none serves the old answer until its
 * copy expires. Without a bus (PGlite: one process) only this process's copy is forgotten.
 */
export const CACHE_SCOPES = ['catalog', 'service-states', 'avif'] as const
export type CacheScope = (typeof CACHE_SCOPES)[number]

/** The PostgreSQL channel the API processes listen on. */
export const CACHE_CHANNEL = 'koma_cache'

export interface CacheMessage {
  scope: CacheScope
  /** The instance that made the write (it has already forgotten its own copy). */
  from: string
}

/** The faketime hook's shift, moved on every process (sharedClock.ts); outside production only. */
export interface ClockMessage {
  scope: 'clock'
  from: string
  offsetMs: number
}

export const isCacheScope = (value: unknown): value is CacheScope => CACHE_SCOPES.includes(value as CacheScope)

/** Forget this process's copies of one scope. */
export function forgetLocally(deps: AppDeps, scope: CacheScope): void {
  // A replica may not have the change yet: refill from the primary for a moment.
  deps.replica?.holdPrimary()
  if (scope === 'catalog') {
    forgetSharedAnswers(deps)
    forgetSearchIndex(deps)
  } else if (scope === 'avif') forgetAvifMissing(deps)
  else forgetServiceStates(deps)
}

const buses = new WeakMap<AppDeps, true>()

/** Whether this app's changes are told to other processes. */
export const busAttached = (deps: AppDeps): boolean => buses.has(deps)

/** cacheBus.ts: this app's invalidations are told to the others. */
export function markBusAttached(deps: AppDeps, attached: boolean): void {
  if (attached) buses.set(deps, true)
  else buses.delete(deps)
}

/**
 * Tell every process listening on the database that `scope` changed (the CLI commands, e.g. an
 * import, call this too). NOTIFY is delivered only once the transaction that sends it commits,
 * so call it after the write's own transaction (or inside it, to go out with it).
 */
export async function notifyCacheChange(db: Kysely<Database>, scope: CacheScope, from: string): Promise<void> {
  const message: CacheMessage = { scope, from }
  await sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(message)})`.execute(db)
}

/**
 * A write changed what `scope` caches: forget it here, and on the other processes when a bus is
 * attached. A failed NOTIFY is logged, never the reader's error: the others catch up when their
 * copies expire (their stated lifetimes above).
 */
export async function invalidate(deps: AppDeps, scope: CacheScope, log?: { warn(obj: object, msg: string): void }): Promise<void> {
  forgetLocally(deps, scope)
  if (!buses.has(deps)) return
  await notifyCacheChange(deps.db, scope, deps.config.instance).catch((err: unknown) => log?.warn({ err, scope }, 'telling the other API processes failed'))
}
