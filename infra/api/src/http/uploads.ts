import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../deps'
import type { LimitName } from '../limits'
import { route, type HandlerContext } from './route'
import type { Endpoint, ResultOf } from '@koma/contracts/server'

/** SPEC §7: uploads are sent raw. The bytes are checked by content (sharp), never by this type. */
const RAW_TYPES = ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/gif']

/**
 * A raw upload route. The raw parser exists only in this route's own scope (everywhere else an
 * image body is a 415), with the route's own body limit; the address limit is counted before the
 * body is read. An oversized body answers 413 with the upload message.
 */
export function uploadRoute<E extends Endpoint<unknown, unknown, unknown, unknown>>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<ResultOf<E>>,
  options: { limit: LimitName; maxBytes: number },
): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer', bodyLimit: options.maxBytes }, (_req, body, done) => done(null, body))
    route(scope, deps, endpoint, handler, { limit: options.limit, bodyLimit: options.maxBytes, upload: true })
  })
}
