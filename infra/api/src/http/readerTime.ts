import { HEADERS, readerDay } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'

/** The reader's time zone (SPEC §7 header) and calendar day. */
export function readerTimeZone(req: FastifyRequest): string {
  const value = req.headers[HEADERS.timezone]
  return typeof value === 'string' && value.length < 64 ? value : 'Asia/Seoul'
}
export const today = (deps: AppDeps, req: FastifyRequest): string => readerDay(deps.clock.now(), readerTimeZone(req))

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
