import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { AppDeps } from './deps'
import { checksumIsValid } from './http/checksum'
import { HttpError } from './http/errors'
import { apiError, errorBody } from './http/errorCatalogue'
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
import { sessionMember } from './modules/session/session'
import { isObjectStoreUnavailable } from './storage'
import { createApiMetrics, UNMATCHED_ROUTE } from './metrics/metrics'

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
  void answerFailure(req, reply, apiError('notFound'))
}

/** A failure's SPEC §8 body (its catalogue name, code and message) with its headers; `status` when Fastify chose it. */
const answerFailure = (req: FastifyRequest, reply: FastifyReply, error: HttpError, status: number = error.status) =>
  reply
    .status(status)
    .headers(error.headers)
    .send(errorBody(error, requestLocale(req)))

/** The call came through a proxy hop the API trusts (the edge): its socket's peer is trusted and named the reader. */
const viaTrustedProxy = (req: FastifyRequest): boolean => (req.ips?.length ?? 0) > 1

/** The API as a Fastify instance: every module registered, errors in the SPEC §8 shape. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { timeouts } = deps.config
  // The Prometheus series (issue 38): given by main.ts (which serves them and feeds the database's
  // figures), else made here so every module counts into one registry; none under KOMA_METRICS=0.
  if (!deps.metrics && deps.config.metrics.collected) deps.metrics = createApiMetrics()
  const metrics = deps.metrics
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
  await registerAbuseLimits(app, deps.config.rateLimit, metrics)
  // Every route's limits (issue 33), from limits.ts ENDPOINT_LIMITS: registered before any route.
  registerEndpointLimits(app, deps, (req) => sessionMember(deps, req))
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
    if (error instanceof HttpError) return answerFailure(req, reply, error)
    if (unstorableText(error)) {
      // A field no check stopped carried text PostgreSQL cannot store (a NUL character): the caller's
      // input, refused by the database before anything was written (the statement failed).
      return answerFailure(req, reply, apiError('invalidParameter', { field: 'request' }))
    }
    const status = error.statusCode ?? 500
    if (status === 413) return answerFailure(req, reply, apiError(req.routeOptions.config?.upload ? 'uploadTooLarge' : 'requestTooLarge'))
    // Fastify's own refusals: malformed body, unsupported media type (its status kept).
    if (status >= 400 && status < 500) return answerFailure(req, reply, apiError('requestRefused'), status)
    if (isDatabaseUnavailable(error) || isObjectStoreUnavailable(error)) {
      // PostgreSQL restarting or out of reach, or the object store holding images and EPUB files
      // (storage/s3.ts, bounded by its timeouts): SPEC §8's message, come back in a moment.
      req.log.error({ err: error }, isObjectStoreUnavailable(error) ? 'object store unavailable' : 'database unavailable')
      const unavailable = apiError('dataNotObtained')
      unavailable.headers['retry-after'] = String(RETRY_AFTER_SECONDS)
      return answerFailure(req, reply, unavailable)
    }
    req.log.error({ err: error }, 'unhandled error')
    return answerFailure(req, reply, apiError('undefinedError'))
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
    if (metrics) {
      // The route's pattern (/api/:type/:id), never the URL: one series per route and status.
      metrics.http.observe(req.method, req.routeOptions.url ?? UNMATCHED_ROUTE, status, reply.elapsedTime / 1000)
    }
    if (status >= 500) req.log.error({ method: req.method, url: req.url, status, ms: Math.round(reply.elapsedTime) }, 'request failed')
    else if (sample > 0 && (sample >= 1 || Math.random() < sample))
      req.log.info({ method: req.method, url: req.url, status, ms: Math.round(reply.elapsedTime) }, 'request')
  })

  app.setNotFoundHandler((req, reply) => answerFailure(req, reply, apiError('notFound')))

  await initPageUrls(deps)
  registerModules(app, deps)
  return app
}
