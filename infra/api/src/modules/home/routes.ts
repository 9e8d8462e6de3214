import { endpoints, isLocale } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { notFound } from '../../http/errors'
import { route } from '../../http/route'
import { homeLayout } from './service'

export function registerHomeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.home, async ({ params }) => {
    if (!isLocale(params.lang)) throw notFound()
    return homeLayout(deps, params.lang, false)
  })
}
