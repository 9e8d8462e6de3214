import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { parseContentType, parseId, parseSalesType } from '../../http/ids'
import { route } from '../../http/route'
import { COOKIES, HEADERS } from '@koma/contracts/server'
import { memo } from '../catalog/memo'
import { chapterView, contentDetail } from './service'

export function registerContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.content, async ({ params, req, locale }) => {
    const type = parseContentType(params.type)
    const id = parseId(params.id)
    // A signed-out reader's episode list is everyone's: a short shared cache (see catalog/memo).
    if (req.cookies[COOKIES.session]) return contentDetail(deps, req, type, id, locale)
    return memo(deps, `content:${type}:${id}:${locale}:${req.headers[HEADERS.acceptMature] === 'Y'}`, () => contentDetail(deps, req, type, id, locale))
  })

  route(app, deps, endpoints.chapter, async ({ params, req, locale }) =>
    chapterView(deps, req, {
      type: parseContentType(params.type),
      contentId: parseId(params.id),
      chapterId: parseId(params.chapterId),
      salesType: parseSalesType(params.salesType),
      locale,
    }),
  )
}
