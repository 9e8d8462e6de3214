import {
  API_PREFIX,
  edgeOpsEndpoints,
  endpoints,
  RELEASE_ACTIONS,
  type ReleaseAction,
  type ReleaseDone,
  type ReleaseHealth,
  type ReleasePackage,
} from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { VersionHealth } from '../health/versionHealth'
import { listVersions, promote, rollback } from '../registry'
import { packageInfo, packages } from '../registry/packages'
import { apiCall } from './apiFetch'
import { sendEdgeError } from './errorCatalogue'
import { asCaller, localeOf, operatorCheck } from './operatorCheck'

/**
 * The operator console's releases (issues 16 and 17): the version table and promote / rollback,
 * answered by the edge because the edge holds the registry. The API decides who may
 * (operatorCheck.ts: an operator with a confirmed second factor, or the API's own refusal, passed
 * on as is); a release done is then written to the API's audit log with the same credentials.
 */

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

  app.get(API_PREFIX + edgeOpsEndpoints.opsReleases.path, async (req, reply) => {
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

  app.post<{ Params: { package: string; action: string } }>(API_PREFIX + edgeOpsEndpoints.opsRelease.path, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const name = packages.find((pkg) => pkg.name === req.params.package)?.name
    const action = (RELEASE_ACTIONS as readonly string[]).includes(req.params.action) ? (req.params.action as ReleaseAction) : null
    if (!name || !action) return sendEdgeError(reply, 'releaseNotFound', localeOf(req))
    const check = await operatorCheck(api(), req)
    if (!check.ok) return reply.code(check.status).send(check.body)
    let done: ReleaseDone
    try {
      done = action === 'promote' ? await promote(edgeDir, name) : await rollback(edgeDir, name)
    } catch (error) {
      // Nothing to promote or roll back to (the registry's own explanation goes to the log).
      req.log.info({ package: name, action, reason: error instanceof Error ? error.message : String(error) }, 'release refused')
      return sendEdgeError(reply, 'releaseNothingToDo', localeOf(req), { package: name })
    }
    const recorded = await apiCall(
      api(),
      endpoints.opsReleaseRecord,
      { body: { package: name, action, from: done.previous, to: done.version } },
      { asCaller: asCaller(req) },
    )
    if (recorded.status < 200 || recorded.status >= 300)
      req.log.error({ package: name, action, status: recorded.status }, 'a release was made but the audit log did not record it')
    req.log.info({ package: name, action, version: done.version, previous: done.previous }, 'release by an operator from the console')
    return reply.send({ result: done })
  })
}
