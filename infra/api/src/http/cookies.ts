import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps'

/**
 * Whether cookies go out with Secure: whenever the reader's request came over TLS (the edge, behind
 * a TLS proxy it trusts, forwards the scheme; the API trusts the edge), and always in production
 * with an https public origin, even should a proxy forget to say so.
 */
export function secureCookies(deps: AppDeps, req: FastifyRequest): boolean {
  return req.protocol === 'https' || (deps.config.production && deps.config.publicUrl.startsWith('https:'))
}
