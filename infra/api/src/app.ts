import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import { text, type ErrorBody } from '@koma/contracts/server'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { AppDeps } from './deps'
import { checksumIsValid } from './http/checksum'
import { HttpError, notFound } from './http/errors'
import { requestLocale } from './http/locale'
import { nulField, unstorableText } from './http/nul'
import { registerModules } from './modules'
import { initPageUrls } from './modules/image/signing'

export interface BuildOptions {
  logger?: boolean | { level: string }
  /** Told of every route as it is registered (tests list them: nothing may be served unaccounted for). */
  onRoute?: (route: { method: string | string[]; url: string }) => void
}

/**
 * The router's own refusals (a path parameter with broken %-encoding, or longer than any id can
 * be) get the SPEC §5 answer to a bad route parameter: 404, in the SPEC §8 body.
 */
function routerRefusal(_error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const body: ErrorBody = { code: 404, message: text('notFound', requestLocale(req)) }
  void reply.status(404).send(body)
}

/** The API as a Fastify instance: every module registered, errors in the SPEC §8 shape. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // The edge is our one proxy; its X-Forwarded-For gives the reader's address.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    frameworkErrors: routerRefusal,
  })
  const { onRoute } = options
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }))
  await app.register(cookie)
  await app.register(formbody)

  // A route parameter with a NUL character (which PostgreSQL text cannot hold) names nothing: the SPEC §5 404.
  app.addHook('preValidation', async (req) => {
    if (nulField(req.params)) throw notFound()
  })

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
    if (unstorableText(error)) {
      // A field no check stopped carried text PostgreSQL cannot store (a NUL character): the caller's
      // input, refused by the database before anything was written (the statement failed).
      const body: ErrorBody = { code: 400, message: text('invalidParameter', locale, { field: 'request' }) }
      return reply.status(400).send(body)
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
