import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { route } from '../../http/route'
import { shareClock } from '../../cluster/sharedClock'

/** The fake clock stays within ten years of the real one: far-off times break every date the API writes. */
const MAX_SHIFT_MS = 10 * 365.25 * 24 * 60 * 60 * 1000

/** A time for the faketime hook: an ISO date, or epoch milliseconds (seconds when it has 10 digits or fewer). */
export function parseFakeTime(value: string | undefined, realNow: Date): Date | null {
  if (!value || value.length > 40) return null
  let at: number
  if (/^\d{1,16}$/.test(value)) at = value.length <= 10 ? Number(value) * 1000 : Number(value)
  else at = Date.parse(value)
  if (Number.isNaN(at) || Math.abs(at - realNow.getTime()) > MAX_SHIFT_MS) return null
  return new Date(at)
}

/** The caller is this machine (through the edge, whose X-Forwarded-For the API trusts, or directly). */
export function fromThisMachine(req: FastifyRequest): boolean {
  return req.ip === '127.0.0.1' || req.ip === '::1' || req.ip === '::ffff:127.0.0.1'
}

/**
 * SPEC §7 debug hook: POST /debug/faketime?time= and DELETE /debug/faketime move the API clock
 * (refills, expiries). Registered only outside production (config.faketime), and answering only
 * callers on this machine: a demo reachable from elsewhere cannot have its clock moved, and a
 * page that sends a victim's browser to `/?faketime=` gets a 403.
 */
export function registerFaketimeRoutes(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.faketime) return
  const guard = (req: FastifyRequest) => {
    if (!fromThisMachine(req)) throw apiError('debugUnavailable')
  }
  route(app, deps, endpoints.debugFaketimeSet, async ({ query, req }) => {
    guard(req)
    const at = parseFakeTime(query.time, deps.clock.realNow())
    if (!at) throw apiError('invalidParameter', { field: 'time' })
    deps.clock.setFakeTime(at)
    await shareClock(deps, req.log)
    return { now: deps.clock.now().toISOString() }
  })
  route(app, deps, endpoints.debugFaketimeClear, async ({ req }) => {
    guard(req)
    deps.clock.setFakeTime(null)
    await shareClock(deps, req.log)
    return { now: deps.clock.now().toISOString() }
  })
}
