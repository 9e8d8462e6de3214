import { endpoints, type Endpoints } from '@koma/contracts/server'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import type { AppDeps } from '../deps'
import { ENDPOINT_LIMITS, OUTSIDE_TABLE_LIMITS, type EndpointLimit, type LimitName } from '../limits'
import { API_PREFIX } from './route'

/**
 * Issue 33: every route is limited from one place, as limits.ts ENDPOINT_LIMITS says for its
 * endpoint (a route outside the table that writes, as OUTSIDE_TABLE_LIMITS says), whoever wrote
 * the route: an onRoute hook gives it its counts, per address before the body is read and per
 * signed-in member before the handler. Counters live where the limiter keeps them (Redis under
 * KOMA_RATE_LIMIT_STORE=redis, shared by every API process).
 */

/** The table endpoint a method and URL serve (a HEAD answers as its GET, handler and all). */
const TABLE = new Map(Object.entries(endpoints).map(([name, endpoint]) => [`${endpoint.method} ${API_PREFIX}${endpoint.path}`, name as keyof Endpoints]))

export function endpointOf(method: string, url: string): keyof Endpoints | null {
  return TABLE.get(`${method === 'HEAD' ? 'GET' : method} ${url}`) ?? null
}

/** What limits a route: its table entry, else an outside-table rule for a route that writes, else nothing. */
export function routeLimit(method: string, url: string): EndpointLimit | null {
  const name = endpointOf(method, url)
  if (name) return ENDPOINT_LIMITS[name]
  if (method === 'GET' || method === 'HEAD') return null
  return OUTSIDE_TABLE_LIMITS.find((rule) => url.startsWith(rule.prefix))?.limit ?? null
}

const counted = (limit: EndpointLimit | null): LimitName | null => (typeof limit === 'string' ? limit : null)

type Hook = (req: FastifyRequest) => Promise<void>
const withHook = <T>(existing: T | T[] | undefined, hook: T): T[] => [...(existing === undefined ? [] : [existing].flat()), hook] as T[]

/** Who is signed in on a request (modules/session's `sessionMember`, passed in: http/ is below modules/). */
export type MemberOf = (req: FastifyRequest) => Promise<{ memberId: number } | null>

/** Register before any route: the onRoute hook sees every route registered after it. */
export function registerEndpointLimits(app: FastifyInstance, deps: AppDeps, memberOf: MemberOf): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = [route.method].flat().find((item) => item !== 'HEAD') ?? 'HEAD'
    const limit = routeLimit(String(method), route.url)
    const named = route.config?.limit
    if (named && named !== counted(limit))
      throw new Error(`${String(method)} ${route.url} names the limit ${named}, but ENDPOINT_LIMITS says ${JSON.stringify(limit)} (limits.ts)`)
    const name = counted(limit)
    if (!name) return
    const address: Hook = (req) => app.abuseLimits.address(name, req)
    route.onRequest = withHook(route.onRequest, address as never)
    if (!deps.config.rateLimit.rules[name].member) return
    const member: Hook = async (req) => {
      const session = await memberOf(req)
      if (session) await app.abuseLimits.member(name, req, session.memberId)
    }
    route.preHandler = withHook(route.preHandler, member as never)
  })
}
