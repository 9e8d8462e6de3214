import { COOKIES, endpoints, HEADERS } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { parseContentType, parseId } from '../../http/ids'
import { route } from '../../http/route'
import { memo } from '../catalog/memo'
import { contentDetail } from './service'

/** The episode list. (The chapter itself is served by the viewer module.) */
export function registerContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.content, async ({ params, req, locale }) => {
    const type = parseContentType(params.type)
    const id = parseId(params.id)
    // A signed-out reader's episode list is everyone's: a short shared cache (see catalog/memo).
    if (req.cookies[COOKIES.session]) return contentDetail(deps, req, type, id, locale)
    return memo(deps, `content:${type}:${id}:${locale}:${req.headers[HEADERS.acceptMature] === 'Y'}`, () => contentDetail(deps, req, type, id, locale))
  })
}
