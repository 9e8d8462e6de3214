import { COOKIES, endpoints, isChapterUnit } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseContentType, parseId } from '../../http/ids'
import { route } from '../../http/route'
import { memo } from '../catalog/memo'
import { contentDetail, contentUnitList } from './service'

/** The episode list, and its episodes alone by unit. (The chapter itself is served by the viewer module.) */
export function registerContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.content, async ({ params, req, locale }) => {
    const type = parseContentType(params.type)
    const id = parseId(params.id)
    // A signed-out reader's episode list is everyone's: a short shared cache (see catalog/memo). A
    // mature title refuses every signed-out reader alike (session/maturity.ts), header or not.
    if (req.cookies[COOKIES.session]) return contentDetail(deps, req, type, id, locale)
    return memo(deps, `content:${type}:${id}:${locale}`, () => contentDetail(deps, req, type, id, locale))
  })

  // SPEC §7 GET /{type}/{id}/{unit}: unit is SPEC §3 chapterUnit; any other word is a 404 like a bad id.
  route(app, deps, endpoints.contentUnit, async ({ params, req, locale }) => {
    const type = parseContentType(params.type)
    const id = parseId(params.id)
    const unit = params.unit
    if (!isChapterUnit(unit)) throw apiError('notFound')
    if (req.cookies[COOKIES.session]) return contentUnitList(deps, req, type, id, unit, locale)
    return memo(deps, `content-unit:${type}:${id}:${unit}:${locale}`, () => contentUnitList(deps, req, type, id, unit, locale))
  })
}
