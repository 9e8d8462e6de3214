import { endpoints, homeCacheUntil, isLocale, type HomeLayout } from '@koma/contracts/server'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { prepare, sendPrepared } from '../../http/prepared'
import { rawRoute, route } from '../../http/route'
import { memo } from '../catalog/memo'
import { matureAccepted } from '../session/maturity'
import { homeLayout } from './service'

/** SPEC §4: the browser may keep the home until its earliest badge expires, or 10 minutes. */
function cacheFor(reply: FastifyReply, home: HomeLayout, now: number): HomeLayout {
  const seconds = Math.max(0, Math.floor((homeCacheUntil(home, now) - now) / 1000))
  reply.header('cache-control', `private, max-age=${seconds}`)
  return home
}

export function registerHomeRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The same for every reader: serialised and compressed once per cached home, public so a CDN
  // (or the edge, for the first page) may keep it as long as the browser does.
  rawRoute(app, deps, endpoints.home, async ({ params, req, reply }) => {
    if (!isLocale(params.lang)) throw apiError('notFound')
    const lang = params.lang
    const home = await memo(deps, `home:${lang}:all`, () => homeLayout(deps, lang, false), homeCacheUntil)
    const now = deps.clock.now().getTime()
    const seconds = Math.max(0, Math.floor((homeCacheUntil(home, now) - now) / 1000))
    return sendPrepared(req, reply, await prepare(home), `public, max-age=${seconds}`)
  })

  route(app, deps, endpoints.homeMature, async ({ params, req, reply }) => {
    if (!isLocale(params.lang)) throw apiError('notFound')
    if (!(await matureAccepted(deps, req))) throw apiError('matureNotAccepted')
    const lang = params.lang
    return cacheFor(reply, await memo(deps, `home:${lang}:mature`, () => homeLayout(deps, lang, true), homeCacheUntil), deps.clock.now().getTime())
  })
}
