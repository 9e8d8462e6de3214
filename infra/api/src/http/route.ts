import {
  API_PREFIX,
  isOperatorEndpoint,
  RESPONSE_HEADERS,
  type BodyOf,
  type Endpoint,
  type Locale,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
} from '@koma/contracts/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'
import type { LimitName } from '../limits'
import { requestLocale } from './locale'

export interface HandlerContext<E> {
  params: ParamsOf<E>
  query: QueryOf<E>
  body: BodyOf<E>
  req: FastifyRequest
  reply: FastifyReply
  locale: Locale
  deps: AppDeps
}

type AnyEndpoint = Endpoint<unknown, unknown, unknown, unknown>

/** API routes live under /api; the path after it is the contracts endpoint's path. */
export { API_PREFIX }

/**
 * An operator's write (any call of the operator API but a GET) says so in its answer: the edge
 * then forgets the public answers it keeps (home, titles) and tells the other edges.
 */
function operatorWrite(endpoint: AnyEndpoint): boolean {
  return endpoint.method !== 'GET' && isOperatorEndpoint(endpoint)
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without the SPEC §7 headers (see Endpoint.bare). */
    bare?: boolean
    /** A raw upload route: an oversized body is the upload message, not the form one. */
    upload?: boolean
    /** The limit the route's call named (checked against ENDPOINT_LIMITS when it is registered). */
    limit?: LimitName
  }
}

export interface RouteOptions {
  /**
   * The abuse limit (limits.ts), as ENDPOINT_LIMITS names it for this endpoint: counted by
   * http/endpointLimits.ts for every table route, so this only restates it (a route that names
   * another limit is refused when it is registered).
   */
  limit?: LimitName
  /** This route's body limit, when it differs from the app's default (uploads). */
  bodyLimit?: number
  upload?: boolean
}

function routeSettings(options: RouteOptions) {
  return {
    config: { upload: options.upload ?? false, ...(options.limit ? { limit: options.limit } : {}) },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
  }
}

/**
 * Register a handler for a contracts endpoint: same method and path as the browser calls, and
 * the handler's return value becomes `{ result }`.
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<ResultOf<E>>,
  options: RouteOptions = {},
): void {
  const settings = routeSettings(options)
  const writes = operatorWrite(endpoint)
  app.route({
    method: endpoint.method,
    url: API_PREFIX + endpoint.path,
    ...settings,
    config: { bare: endpoint.bare ?? false, ...settings.config },
    handler: async (req, reply) => {
      if (writes) reply.header(RESPONSE_HEADERS.operatorWrite, '1')
      const result = await handler({
        params: req.params as ParamsOf<E>,
        query: (req.query ?? {}) as QueryOf<E>,
        body: (req.body ?? {}) as BodyOf<E>,
        req,
        reply,
        locale: requestLocale(req),
        deps,
      })
      return { result }
    },
  })
}

/** For handlers that write the reply themselves (binary bodies such as images). */
export function rawRoute<E extends AnyEndpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<FastifyReply>,
  options: RouteOptions = {},
): void {
  const settings = routeSettings(options)
  const writes = operatorWrite(endpoint)
  app.route({
    method: endpoint.method,
    url: API_PREFIX + endpoint.path,
    ...settings,
    config: { bare: endpoint.bare ?? false, ...settings.config },
    handler: (req, reply) => {
      if (writes) reply.header(RESPONSE_HEADERS.operatorWrite, '1')
      return handler({
        params: req.params as ParamsOf<E>,
        query: (req.query ?? {}) as QueryOf<E>,
        body: (req.body ?? {}) as BodyOf<E>,
        req,
        reply,
        locale: requestLocale(req),
        deps,
      })
    },
  })
}
