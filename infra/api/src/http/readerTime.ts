import { DEFAULT_TIMEZONE, HEADERS, readerDay, validTimeZone } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'

/**
 * The browser's time zone as its request tells it (SPEC §7 header), else SPEC §1's default. Only
 * a first guess: what the account is stored with (`accountTimeZone`) counts for any once-a-day
 * rule; a header is the caller's to write and moved the daily bonus's day at will (issue 33).
 */
export function readerTimeZone(req: FastifyRequest): string {
  return validTimeZone(req.headers[HEADERS.timezone]) ?? DEFAULT_TIMEZONE
}

/** The day by the browser's own zone: for rules with no account yet (the join forms' age check). */
export const today = (deps: AppDeps, req: FastifyRequest): string => readerDay(deps.clock.now(), readerTimeZone(req))

/**
 * The account's time zone (issue 33): the one stored with it (sign-up, guest creation, or the
 * member's setting, once in 30 days). An account that has none yet (made before it was stored)
 * takes this request's zone, once: a conditional update, so two requests naming two zones at the
 * same moment store one and both read it.
 */
export async function accountTimeZone(deps: AppDeps, memberId: number, req: FastifyRequest): Promise<string> {
  const row = await deps.db.selectFrom('members').select('time_zone').where('id', '=', memberId).executeTakeFirst()
  const stored = validTimeZone(row?.time_zone)
  if (stored || !row) return stored ?? DEFAULT_TIMEZONE
  const before = row.time_zone
  await deps.db
    .updateTable('members')
    .set({ time_zone: readerTimeZone(req) })
    .where('id', '=', memberId)
    .where((eb) => (before === null ? eb('time_zone', 'is', null) : eb('time_zone', '=', before)))
    .execute()
  const after = await deps.db.selectFrom('members').select('time_zone').where('id', '=', memberId).executeTakeFirst()
  return validTimeZone(after?.time_zone) ?? DEFAULT_TIMEZONE
}

/** A moment for a mail, SPEC §9 style in the reader's time zone: '2026/11/20 21:05 (Asia/Tokyo)'. */
export function mailTime(at: Date, timeZone: string): string {
  const format = (zone: string): string => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at)
    const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((item) => item.type === type)?.value ?? ''
    return `${part('year')}/${part('month')}/${part('day')} ${part('hour')}:${part('minute')} (${zone})`
  }
  try {
    return format(timeZone)
  } catch {
    return format('Asia/Seoul')
  }
}
