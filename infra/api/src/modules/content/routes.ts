import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { parseContentType, parseId } from '../../http/ids'
import { route } from '../../http/route'
import { contentDetail } from './service'

export function registerContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.content, async ({ params, req, locale }) =>
    contentDetail(deps, req, parseContentType(params.type), parseId(params.id), locale),
  )
}
