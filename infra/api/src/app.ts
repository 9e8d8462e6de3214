import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import { text, type ErrorBody } from '@koma/contracts/server'
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { AppDeps } from './deps'
import { checksumIsValid } from './http/checksum'
import { HttpError } from './http/errors'
import { apiError } from './http/errorCatalogue'
import { requestLocale } from './http/locale'
import { registerPenaltyBox } from './http/penalty'
import { registerAbuseLimits } from './http/rateLimit'
import { registerEndpointLimits } from './http/endpointLimits'
import { BODY_LIMITS } from './limits'
import { nulField, unstorableText } from './http/nul'
import { registerModules } from './modules'
import { initPageUrls } from './modules/image/signing'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db/unavailable'
import { registerMaintenanceGate } from './modules/ops/states'
import { isObjectStoreUnavailable } from './storage'

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

/** The call came through a proxy hop the API trusts (the edge): its socket's peer is trusted and named the reader. */
const viaTrustedProxy = (req: FastifyRequest): boolean => (req.ips?.length ?? 0) > 1

/** The API as a Fastify instance: every module registered, errors in the SPEC §8 shape. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { timeouts } = deps.config
  const app = Fastify({
    logger: options.logger ?? false,
    // Only the edge's hop (this machine by default) may say who the reader is: anyone else's
    // X-Forwarded-For is ignored, so a client calling the API directly cannot pick its address.
    trustProxy: deps.config.trustProxy,
    // Forms and JSON are small; the upload routes have their own limits (http/uploads.ts).
    bodyLimit: BODY_LIMITS.default,
    // A slow or silent client cannot hold a connection (limits.ts API_TIMEOUTS).
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    frameworkErrors: routerRefusal,
    // Fastify's two lines per request are replaced by the sampled one below.
    logController: new LogController({ disableRequestLogging: true }),
  })
  const { onRoute } = options
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }))
  await app.register(cookie)
  await app.register(formbody)
  // The penalty box first: a penalised address is refused before the rate limiter counts it.
  registerPenaltyBox(app, deps.config.rateLimit.penalty)
  await registerAbuseLimits(app, deps.config.rateLimit)
  // Every route's limits (issue 33), from limits.ts ENDPOINT_LIMITS: registered before any route.
  registerEndpointLimits(app, deps)
  // SPEC §8 maintenance: readers' calls answer 503 while operators have the site in maintenance.
  registerMaintenanceGate(app, deps)

  // A route parameter with a NUL character (which PostgreSQL text cannot hold) names nothing: the SPEC §5 404.
  app.addHook('preValidation', async (req) => {
    if (nulField(req.params)) throw apiError('notFound')
  })

  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config.bare || deps.config.skipChecksum) return
    if (!checksumIsValid(req, deps.clock)) throw apiError('invalidRequestHashToken')
  })

  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    const locale = requestLocale(req)
    if (error instanceof HttpError) {
      const message = error.literalMessage ?? (error.textKey ? text(error.textKey, locale, error.values) : '')
      const body: ErrorBody = { code: error.code, message, ...error.extra }
      return reply.status(error.status).headers(error.headers).send(body)
    }
    if (unstorableText(error)) {
      // A field no check stopped carried text PostgreSQL cannot store (a NUL character): the caller's
      // input, refused by the database before anything was written (the statement failed).
      const body: ErrorBody = { code: 400, message: text('invalidParameter', locale, { field: 'request' }) }
      return reply.status(400).send(body)
    }
    const status = error.statusCode ?? 500
    if (status === 413) {
      const key = req.routeOptions.config?.upload ? 'uploadTooLarge' : 'requestTooLarge'
      return reply.status(413).send({ code: 413, message: text(key, locale) } satisfies ErrorBody)
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed body, unsupported media type.
      const body: ErrorBody = { code: status, message: text('invalidParameter', locale, { field: 'request' }) }
      return reply.status(status).send(body)
    }
    if (isDatabaseUnavailable(error) || isObjectStoreUnavailable(error)) {
      // PostgreSQL restarting or out of reach, or the object store holding images and EPUB files
      // (storage/s3.ts, bounded by its timeouts): SPEC §8's message, come back in a moment.
      req.log.error({ err: error }, isObjectStoreUnavailable(error) ? 'object store unavailable' : 'database unavailable')
      const body: ErrorBody = { code: 500, message: text('dataNotObtained', locale) }
      return reply.status(500).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body)
    }
    req.log.error({ err: error }, 'unhandled error')
    const body: ErrorBody = { code: 500, message: text('undefinedError', locale) }
    return reply.status(500).send(body)
  })

  // A refusal sent before a large body was read (too large, rate-limited, unknown route) closes
  // the connection: otherwise Node reads and throws away the rest of the body to keep the
  // connection alive, and a client sending megabytes it knows will be refused costs the API the
  // reading. Small bodies are cheaper drained than reconnected.
  //
  // Not for the edge (a trusted proxy hop, issue 33): a proxy still writing the reader's upload
  // when the connection closes under it fails its write (EPIPE) before it reads the answer, and
  // the reader got a 502 "connection lost" instead of this 413 in their language. The edge's
  // connection stays open and what it still sends is thrown away as it comes; the edge stops
  // sending as soon as it has read the answer.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && !req.raw.complete && viaTrustedProxy(req)) reply.removeHeader('connection')
    else if (reply.statusCode >= 400 && !req.raw.complete && Number(req.headers['content-length'] ?? 0) > BODY_LIMITS.default)
      reply.header('connection', 'close')
    // Every answer is what its content-type says, never sniffed: a rendered image, an EPUB's file,
    // an upload's reply, an error (issue 33). The edge relays /api answers as they are.
    reply.header('x-content-type-options', 'nosniff')
    return payload
  })

  const sample = deps.config.requestLogSample
  app.addHook('onResponse', async (req, reply) => {
    // A refused body from the edge: read what is left of it into nothing (the parser may have stopped reading).
    if (!req.raw.complete && viaTrustedProxy(req)) req.raw.resume()
    const status = reply.statusCode
    if (status >= 500) req.log.error({ method: req.method, url: req.url, status, ms: Math.round(reply.elapsedTime) }, 'request failed')
    else if (sample > 0 && (sample >= 1 || Math.random() < sample))
      req.log.info({ method: req.method, url: req.url, status, ms: Math.round(reply.elapsedTime) }, 'request')
  })

  app.setNotFoundHandler((req, reply) => {
    const body: ErrorBody = { code: 404, message: text('notFound', requestLocale(req)) }
    return reply.status(404).send(body)
  })

  await initPageUrls(deps)
  registerModules(app, deps)
  return app
}
