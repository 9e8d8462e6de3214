import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { clientIp } from '../http/api-proxy'
import { callerLocale, sendEdgeError } from '../http/errorCatalogue'
import type { Registry } from '../registry/types'
import type { CanaryJudge } from './judge'
import { FAILURE_KINDS, type FailureKind, type VersionHealth } from './versionHealth'

/** A beacon's body: failures of remote versions seen by one page, batched (no personal data). */
interface BeaconBody {
  failures?: { remote?: unknown; version?: unknown; kind?: unknown; count?: unknown }[]
}

const MAX_FAILURES = 20
/** Beacons one address may send per minute (a page sends one every few seconds at most). */
export const BEACONS_PER_MINUTE = 30
/**
 * Failures one address adds to one remote version per window: with the default rules (50 loads,
 * 5 points) two are 4 points, so a flood from one address cannot end a canary by itself.
 */
export const FAILURES_PER_ADDRESS = 2
/** Addresses remembered for that cap; the oldest are forgotten first (memory stays bounded). */
const ADDRESSES_KEPT = 20_000

/** How many failures (or page loads' vitals) each address has added to each remote version in the current window. */
export class AddressCaps {
  private readonly counts = new Map<string, { count: number; since: number }>()

  constructor(
    private readonly windowMs: () => number,
    private readonly now: () => number,
    private readonly perAddress = FAILURES_PER_ADDRESS,
  ) {}

  /** Counts one more for this address and version; false once the address has used its share. */
  take(address: string, remoteVersion: string): boolean {
    const key = `${address}|${remoteVersion}`
    const now = this.now()
    let entry = this.counts.get(key)
    if (entry && now - entry.since >= this.windowMs()) entry = undefined
    if (!entry) {
      entry = { count: 0, since: now }
      this.counts.delete(key)
      this.counts.set(key, entry)
      if (this.counts.size > ADDRESSES_KEPT) this.counts.delete(this.counts.keys().next().value as string)
    }
    if (entry.count >= this.perAddress) return false
    entry.count++
    return true
  }
}

/**
 * POST /beacons: readers' pages report module load failures, errors caught by a remote's
 * boundary and unhandled errors from its code. Only versions the registry names (live or canary)
 * count; then every canary is judged, and one failing past its rules is ended at once. One address
 * sends at most BEACONS_PER_MINUTE beacons (429 beyond) and adds at most FAILURES_PER_ADDRESS
 * failures to a version per window.
 */
export async function registerBeacons(
  app: FastifyInstance,
  options: { health: VersionHealth; judge: CanaryJudge; registry: () => Promise<Registry | null>; now?: () => number },
): Promise<void> {
  const caps = new AddressCaps(() => options.health.rules.windowMs, options.now ?? Date.now)
  // Its own in-memory store is an LRU of 5,000 addresses: a flood of addresses cannot grow it.
  await app.register(rateLimit, { global: false })
  app.post(
    '/beacons',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: { max: BEACONS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (req) => clientIp(req) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      let body: BeaconBody
      try {
        body = (typeof req.body === 'string' ? JSON.parse(req.body) : req.body) as BeaconBody
      } catch {
        return sendEdgeError(reply, 'beaconMalformed', callerLocale(req, 'en'))
      }
      if (!body || typeof body !== 'object' || !Array.isArray(body.failures) || body.failures.length > MAX_FAILURES) {
        return sendEdgeError(reply, 'beaconTooLong', callerLocale(req, 'en'), { max: MAX_FAILURES })
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
        if (!caps.take(clientIp(req), `${remote}@${version}`)) continue
        await options.health.failed(remote, version, kind as FailureKind)
      }
      if (registry.canaries) await options.judge.check()
      return reply.code(204).send()
    },
  )
}
