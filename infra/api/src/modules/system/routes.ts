import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { route } from '../../http/route'

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The public IP lookup of SPEC §7, plus the server's real time so clients can sign fresh requests.
  route(app, deps, endpoints.clientIp, async ({ req, reply }) => {
    reply.header('cache-control', 'no-store')
    return { ip: req.ip, now: deps.clock.realNow().getTime() }
  })
  app.get('/api/health', { config: { bare: true } }, async () => ({ result: { ok: true } }))
}
