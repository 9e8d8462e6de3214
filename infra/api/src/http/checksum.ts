import { checksumInput, HEADERS, REQUEST_TIME_WINDOW_MS } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../clock'

/**
 * SPEC §7: every call carries its request time and a checksum of that time and the caller's IP.
 * A missing, stale or forged pair is refused with 400 "Invalid request hash token".
 */
export function checksumIsValid(req: FastifyRequest, clock: Clock): boolean {
  const time = req.headers[HEADERS.requestTime]
  const given = req.headers[HEADERS.checksum]
  if (typeof time !== 'string' || typeof given !== 'string' || !/^\d{1,16}$/.test(time)) return false
  if (Math.abs(Number(time) - clock.realNow().getTime()) > REQUEST_TIME_WINDOW_MS) return false
  // The contracts' requestChecksum, hashed by Node (checksum.test.ts checks they agree).
  const expected = createHash('sha256').update(checksumInput(time, req.ip)).digest('hex')
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}
