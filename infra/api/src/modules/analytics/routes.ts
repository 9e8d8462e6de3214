import { COOKIES, doNotShare, endpoints } from '@koma/contracts/server'
import { parseAnalyticsBatch } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { route } from '../../http/route'
import { deviceIdOf, sessionMember } from '../session/session'
import { storeEvents } from './service'

/** First-party analytics (SPEC §7): the browser's batches, stored unless the reader chose not to share (SPEC §1). */
export function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(
    app,
    deps,
    endpoints.analyticsEvents,
    async ({ body, req, reply, locale }) => {
      reply.header('cache-control', 'no-store')
      const events = parseAnalyticsBatch(body.events)
      if (!events) throw apiError('invalidParameter', { field: 'events' })
      const member = await sessionMember(deps, req)
      const gpc = req.headers['sec-gpc']
      let optedOut = doNotShare({ gpc: typeof gpc === 'string' ? gpc.trim() : null, cookie: req.cookies[COOKIES.doNotShare] ?? null })
      if (!optedOut && member) {
        const settings = await deps.db.selectFrom('member_settings').select('do_not_share').where('member_id', '=', member.memberId).executeTakeFirst()
        optedOut = doNotShare({ setting: settings?.do_not_share ?? false })
      }
      if (optedOut) return { stored: 0 }
      return { stored: await storeEvents(deps, events, { locale, deviceId: deviceIdOf(req), memberId: member?.memberId ?? null }) }
    },
    { limit: 'analytics' },
  )
}
