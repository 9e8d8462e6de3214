import { endpoints, healthEndpoint } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { API_PREFIX, route } from '../../http/route'
import { sessionMember } from '../session/session'

/** The mailer's message ids and campaign codes. */
const MAIL_ID = /^[A-Za-z0-9_.-]{1,64}$/

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The public IP lookup of SPEC §7, plus the server's real time so clients can sign fresh requests.
  route(app, deps, endpoints.clientIp, async ({ req, reply }) => {
    reply.header('cache-control', 'no-store')
    return { ip: req.ip, now: deps.clock.realNow().getTime() }
  })
  // SPEC §7: the site was opened from an e-mail link carrying mmid and mmc. Recorded, with the
  // reader when signed in; ids outside the mailer's alphabet are refused, never stored.
  route(app, deps, endpoints.pushEmailReport, async ({ params, req }) => {
    if (!MAIL_ID.test(params.mmid) || !MAIL_ID.test(params.mmc)) throw apiError('invalidParameter', { field: 'mmid/mmc' })
    const member = await sessionMember(deps, req)
    await deps.db
      .insertInto('push_email_reports')
      .values({ mmid: params.mmid, mmc: params.mmc, member_id: member?.memberId ?? null, created_at: deps.clock.now() })
      .execute()
    return { reported: true }
  })
  // Names the process that answered (KOMA_INSTANCE, or a random name drawn at start): behind the
  // edge's balancing, operators and tests see which API process served a call. Public, so it
  // says nothing about the host (no host name, no process id: issue 33).
  app.get(API_PREFIX + healthEndpoint.path, { config: { bare: healthEndpoint.bare ?? false } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { result: { ok: true, instance: deps.config.instance } }
  })
}
