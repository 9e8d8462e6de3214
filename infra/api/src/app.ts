import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import { text, type ErrorBody } from '@koma/contracts/server'
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify'
import type { AppDeps } from './deps'
import { checksumIsValid } from './http/checksum'
import { HttpError } from './http/errors'
import { requestLocale } from './http/locale'
import { registerModules } from './modules'
import { initPageUrls } from './modules/image/signing'

export interface BuildOptions {
  logger?: boolean | { level: string }
  /** Told of every route as it is registered (tests list them: nothing may be served unaccounted for). */
  onRoute?: (route: { method: string | string[]; url: string }) => void
}

/** The API as a Fastify instance: every module registered, errors in the SPEC §8 shape. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // The edge is our one proxy; its X-Forwarded-For gives the reader's address.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  })
  const { onRoute } = options
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }))
  await app.register(cookie)
  await app.register(formbody)

  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config.bare || deps.config.skipChecksum) return
    if (!(await checksumIsValid(req, deps.clock))) throw new HttpError(400, 'invalidRequestHashToken')
  })

  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    const locale = requestLocale(req)
    if (error instanceof HttpError) {
      const message = error.literalMessage ?? (error.textKey ? text(error.textKey, locale, error.values) : '')
      const body: ErrorBody = { code: error.code, message, ...error.extra }
      return reply.status(error.status).send(body)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed body, unsupported media type, body too large.
      const body: ErrorBody = { code: status, message: text('invalidParameter', locale, { field: 'request' }) }
      return reply.status(status).send(body)
    }
    req.log.error({ err: error }, 'unhandled error')
    const body: ErrorBody = { code: 500, message: text('undefinedError', locale) }
    return reply.status(500).send(body)
  })

  app.setNotFoundHandler((req, reply) => {
    const body: ErrorBody = { code: 404, message: text('notFound', requestLocale(req)) }
    return reply.status(404).send(body)
  })

  await initPageUrls(deps)
  registerModules(app, deps)
  return app
}
