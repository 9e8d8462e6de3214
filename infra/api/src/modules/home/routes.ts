import { endpoints, homeBadgeExpiries, homeCacheUntilFrom, isLocale, type HomeLayout, type Locale } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { prepare, sendPrepared } from '../../http/prepared'
import { rawRoute, route } from '../../http/route'
import { memo } from '../catalog/memo'
import { matureListed } from '../session/maturity'
import { homeLayout, nextHomeChange } from './service'

/**
 * A home as built, the next scheduled change after it was built (a campaign starting or ending),
 * and its badge expiries (read once, not on every call).
 */
interface BuiltHome {
  home: HomeLayout
  changesAt: number | null
  expiries: number[]
}

/**
 * SPEC §4: a home is kept until its earliest badge expires, or 10 minutes; never past the next
 * scheduled campaign change, so a popup, banner or section shows and goes on time.
 */
const freshUntil = (built: BuiltHome, loadedAt: number): number => Math.min(homeCacheUntilFrom(built.expiries, loadedAt), built.changesAt ?? Infinity)

function builtHome(deps: AppDeps, lang: Locale, mature: boolean): Promise<BuiltHome> {
  return memo(
    deps,
    `home:${lang}:${mature ? 'mature' : 'all'}`,
    async () => {
      const now = deps.clock.now()
      const [home, changesAt] = await Promise.all([homeLayout(deps, lang, mature, now), nextHomeChange(deps, now)])
      return { home, changesAt, expiries: homeBadgeExpiries(home) }
    },
    freshUntil,
  )
}

const secondsLeft = (built: BuiltHome, now: number): number => Math.max(0, Math.floor((freshUntil(built, now) - now) / 1000))

export function registerHomeRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The same for every reader: serialised and compressed once per cached home, public so a CDN
  // (or the edge, for the first page) may keep it as long as the browser does.
  rawRoute(app, deps, endpoints.home, async ({ params, req, reply }) => {
    if (!isLocale(params.lang)) throw apiError('notFound')
    const built = await builtHome(deps, params.lang, false)
    return sendPrepared(req, reply, await prepare(built.home), `public, max-age=${secondsLeft(built, deps.clock.now().getTime())}`)
  })

  route(app, deps, endpoints.homeMature, async ({ params, req, reply }) => {
    if (!isLocale(params.lang)) throw apiError('notFound')
    if (!(await matureListed(deps, req))) throw apiError('matureNotAccepted')
    const built = await builtHome(deps, params.lang, true)
    reply.header('cache-control', `private, max-age=${secondsLeft(built, deps.clock.now().getTime())}`)
    return built.home
  })
}
