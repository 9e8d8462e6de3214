import { sql } from 'kysely'
import type { AppDeps } from '../deps'
import { CACHE_CHANNEL, busAttached, type ClockMessage } from './invalidation'

/**
 * The faketime debug hook (SPEC §7, never in production) moves every API process, not only the
 * one the call reached (issue 18): the shift is one `debug_clock` row, told to the other
 * processes with the cache invalidations (cacheBus.ts applies it on arrival) and read again by a
 * process when it starts listening, so one started or reconnected later keeps the same time.
 */
export async function shareClock(deps: AppDeps, log?: { warn(obj: object, msg: string): void }): Promise<void> {
  const offsetMs = Math.round(deps.clock.offsetMs())
  try {
    await deps.db
      .insertInto('debug_clock')
      .values({ id: 1, offset_ms: offsetMs, updated_at: deps.clock.realNow() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ offset_ms: offsetMs, updated_at: deps.clock.realNow() }))
      .execute()
    if (!busAttached(deps)) return
    const message: ClockMessage = { scope: 'clock', from: deps.config.instance, offsetMs }
    await sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(message)})`.execute(deps.db)
  } catch (err) {
    // This process has moved; the others keep their time until they reconnect. Logged, not the caller's error.
    log?.warn({ err }, 'sharing the debug clock with the other API processes failed')
  }
}

/** Take the shared shift (a process starting or reconnecting); nothing to do in production. */
export async function loadSharedClock(deps: AppDeps): Promise<void> {
  if (!deps.config.faketime) return
  const row = await deps.db.selectFrom('debug_clock').select('offset_ms').where('id', '=', 1).executeTakeFirst()
  deps.clock.setOffsetMs(row ? Number(row.offset_ms) : 0)
}

/** A clock message from another process (cacheBus.ts); ignored in production. */
export function applyClockMessage(deps: AppDeps, message: Partial<ClockMessage>): void {
  if (!deps.config.faketime || typeof message.offsetMs !== 'number') return
  deps.clock.setOffsetMs(message.offsetMs)
}
