import type { FastifyInstance } from 'fastify'
import { endCanary, packages } from '../registry'
import type { Registry } from '../registry/types'
import { FAILURE_KINDS, type FailureKind, type VersionHealth } from './versionHealth'

/** A beacon's body: failures of remote versions seen by one page, batched (no personal data). */
interface BeaconBody {
  failures?: { remote?: unknown; version?: unknown; kind?: unknown; count?: unknown }[]
}

const MAX_FAILURES = 20

/**
 * POST /beacons: readers' pages report module load failures, errors caught by a remote's
 * boundary and unhandled errors from its code. Only versions the registry names (live or canary)
 * count; then every canary is judged, and one failing past its rules is ended at once.
 */
export function registerBeacons(
  app: FastifyInstance,
  options: { edgeDir: string; health: VersionHealth; registry: () => Promise<Registry | null>; now?: () => Date },
): void {
  const ending = new Set<string>()
  app.post('/beacons', { bodyLimit: 8 * 1024 }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    let body: BeaconBody
    try {
      body = (typeof req.body === 'string' ? JSON.parse(req.body) : req.body) as BeaconBody
    } catch {
      return reply.code(400).send({ code: 400, message: 'A beacon is JSON: { failures: [{ remote, version, kind }] }' })
    }
    if (!body || typeof body !== 'object' || !Array.isArray(body.failures) || body.failures.length > MAX_FAILURES) {
      return reply.code(400).send({ code: 400, message: `A beacon is JSON: { failures: [{ remote, version, kind }] }, at most ${MAX_FAILURES}` })
    }
    const registry = await options.registry()
    if (!registry) return reply.code(204).send()
    // One page's beacon counts at most once per remote version and kind: the rate is failed page
    // loads over page loads, and one sender cannot multiply its weight with counts.
    const seen = new Set<string>()
    for (const failure of body.failures) {
      const { remote, version, kind } = failure
      if (typeof remote !== 'string' || typeof version !== 'string' || !FAILURE_KINDS.includes(kind as FailureKind)) continue
      // Old tabs report versions no longer live: they say nothing about the ones being judged.
      const known = registry.remotes[remote]?.version === version || registry.canaries?.[remote]?.version === version
      if (!known) continue
      const key = `${remote}@${version}:${String(kind)}`
      if (seen.has(key)) continue
      seen.add(key)
      options.health.failed(remote, version, kind as FailureKind)
    }
    for (const [remote, canary] of Object.entries(registry.canaries ?? {})) {
      const live = registry.remotes[remote]?.version
      if (!live || ending.has(remote)) continue
      const reason = options.health.verdict(remote, live, canary.version)
      const pkg = packages.find((candidate) => candidate.container === remote)
      if (!reason || !pkg) continue
      ending.add(remote)
      try {
        if (await endCanary(options.edgeDir, pkg.name, canary.version, reason, options.now)) {
          app.log.warn({ remote, canary: canary.version, live, reason }, 'canary rolled back automatically')
        }
      } catch (error) {
        app.log.error({ err: error, remote }, 'the automatic rollback of a canary failed')
      } finally {
        ending.delete(remote)
      }
    }
    return reply.code(204).send()
  })
}
