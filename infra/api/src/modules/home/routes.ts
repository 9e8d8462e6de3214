import { endpoints, homeCacheUntil, isLocale, type HomeLayout } from '@koma/contracts/server'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AppDeps } from '../../deps'
import { acceptMatureRequired, notFound } from '../../http/errors'
import { route } from '../../http/route'
import { memo } from '../catalog/memo'
import { matureAccepted } from '../member/maturity'
import { homeLayout } from './service'

/** SPEC §4: the browser may keep the home until its earliest badge expires, or 10 minutes. */
function cacheFor(reply: FastifyReply, home: HomeLayout, now: number): HomeLayout {
  const seconds = Math.max(0, Math.floor((homeCacheUntil(home, now) - now) / 1000))
  reply.header('cache-control', `private, max-age=${seconds}`)
  return home
}

export function registerHomeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.home, async ({ params, reply }) => {
    if (!isLocale(params.lang)) throw notFound()
    const lang = params.lang
    return cacheFor(reply, await memo(deps, `home:${lang}:all`, () => homeLayout(deps, lang, false), homeCacheUntil), deps.clock.now().getTime())
  })

  route(app, deps, endpoints.homeMature, async ({ params, req, reply }) => {
    if (!isLocale(params.lang)) throw notFound()
    if (!(await matureAccepted(deps, req))) throw acceptMatureRequired()
    const lang = params.lang
    return cacheFor(reply, await memo(deps, `home:${lang}:mature`, () => homeLayout(deps, lang, true), homeCacheUntil), deps.clock.now().getTime())
  })
}
