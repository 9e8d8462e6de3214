import {
  HEADERS,
  isLocale,
  OPERATOR_STEP_UP_CODE,
  RELEASE_ACTIONS,
  text,
  type Locale,
  type ReleaseAction,
  type ReleaseDone,
  type ReleaseHealth,
  type ReleasePackage,
} from '@koma/contracts/server'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { VersionHealth } from '../health/versionHealth'
import { listVersions, promote, rollback } from '../registry'
import { packageInfo, packages } from '../registry/packages'
import { clientIp } from './api-proxy'

/**
 * The operator console's releases (issues 16 and 17): the version table and promote / rollback,
 * answered by the edge because the edge holds the registry. The API decides who may: each call
 * first asks it `GET /api/ops/me` with the caller's own cookie and SPEC §7 headers (an operator
 * with a confirmed second factor, or the API's own refusal, passed on as is); a release done is
 * then written to the API's audit log with the same credentials.
 */

const FORWARDED = [...Object.values(HEADERS), 'cookie', 'user-agent', 'accept-language']

function asCaller(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'x-forwarded-for': clientIp(req) }
  for (const name of FORWARDED) {
    const value = req.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  return headers
}

/** The caller's language as its SPEC §7 header says (the console's own), for the edge's few messages. */
function localeOf(req: FastifyRequest): Locale {
  const value = req.headers[HEADERS.language]
  return isLocale(value) ? value : 'en'
}

type Check = { ok: true } | { ok: false; status: number; body: unknown }

async function operatorCheck(apiUrl: string, req: FastifyRequest): Promise<Check> {
  try {
    const response = await fetch(`${apiUrl}/api/ops/me`, { headers: asCaller(req), signal: AbortSignal.timeout(5000) })
    const body = (await response.json().catch(() => null)) as { result?: { verified?: boolean }; code?: number; message?: string } | null
    if (response.ok && body?.result?.verified) return { ok: true }
    if (response.ok) return { ok: false, status: 403, body: { code: OPERATOR_STEP_UP_CODE, message: text('operatorStepUp', localeOf(req)) } }
    return { ok: false, status: response.status, body }
  } catch {
    return { ok: false, status: 503, body: { code: 503, message: text('releaseCannotCheck', localeOf(req)) } }
  }
}

async function healthOf(health: VersionHealth, container: string | null, version: string | undefined): Promise<ReleaseHealth | null> {
  if (!container || !version) return null
  const stats = await health.stats(container, version)
  return { loads: stats.loads, failures: stats.failures, rate: stats.rate }
}

/** `apiUrl`: the API's address, or a function picking one of several (the edge's balancing). */
export function registerOpsReleases(app: FastifyInstance, options: { apiUrl: string | (() => string); edgeDir: string; health: VersionHealth }): void {
  app.register(async (scope) => releaseRoutes(scope, options))
}

function releaseRoutes(app: FastifyInstance, options: { apiUrl: string | (() => string); edgeDir: string; health: VersionHealth }): void {
  const { edgeDir, health } = options
  const api = (): string => (typeof options.apiUrl === 'string' ? options.apiUrl : options.apiUrl())
  // The browser's client sends every POST form-encoded (SPEC §7), here with nothing in it: the
  // package and the action are in the path. A body is read (at most 1 kB) and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}))

  app.get('/api/ops/releases', async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const check = await operatorCheck(api(), req)
    if (!check.ok) return reply.code(check.status).send(check.body)
    const listed = await listVersions(edgeDir)
    const result: ReleasePackage[] = []
    for (const item of listed) {
      const { container } = packageInfo(item.package)
      const canary = item.versions.find((v) => v.canaryShare !== undefined)
      result.push({
        package: item.package,
        current: item.current,
        versions: item.versions.slice(0, 5),
        liveHealth: await healthOf(health, container, item.current ?? undefined),
        canary: canary
          ? {
              version: canary.version,
              share: canary.canaryShare ?? 0,
              autoPromote: Boolean(canary.autoPromote),
              health: await healthOf(health, container, canary.version),
            }
          : null,
        lastEvent: item.lastEvent ?? null,
      })
    }
    return reply.send({ result: { packages: result } })
  })

  app.post<{ Params: { package: string; action: string } }>('/api/ops/releases/:package/:action', async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const name = packages.find((pkg) => pkg.name === req.params.package)?.name
    const action = (RELEASE_ACTIONS as readonly string[]).includes(req.params.action) ? (req.params.action as ReleaseAction) : null
    if (!name || !action) return reply.code(404).send({ code: 404, message: text('notFound', localeOf(req)) })
    const check = await operatorCheck(api(), req)
    if (!check.ok) return reply.code(check.status).send(check.body)
    let done: ReleaseDone
    try {
      done = action === 'promote' ? await promote(edgeDir, name) : await rollback(edgeDir, name)
    } catch (error) {
      // Nothing to promote or roll back to (the registry's own explanation goes to the log).
      req.log.info({ package: name, action, reason: error instanceof Error ? error.message : String(error) }, 'release refused')
      return reply.code(409).send({ code: 409, message: text('releaseNothingToDo', localeOf(req), { package: name }) })
    }
    const recorded = await fetch(`${api()}/api/ops/audit/releases`, {
      method: 'POST',
      headers: { ...asCaller(req), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ package: name, action, from: done.previous, to: done.version }).toString(),
      signal: AbortSignal.timeout(5000),
    }).catch(() => null)
    if (!recorded?.ok) req.log.error({ package: name, action, status: recorded?.status ?? 0 }, 'a release was made but the audit log did not record it')
    req.log.info({ package: name, action, version: done.version, previous: done.previous }, 'release by an operator from the console')
    return reply.send({ result: done })
  })
}
