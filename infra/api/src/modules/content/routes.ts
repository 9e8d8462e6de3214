import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { parseContentType, parseId, parseSalesType } from '../../http/ids'
import { route } from '../../http/route'
import { chapterView, contentDetail } from './service'

export function registerContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.content, async ({ params, req, locale }) =>
    contentDetail(deps, req, parseContentType(params.type), parseId(params.id), locale),
  )

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
