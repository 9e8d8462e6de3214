import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { isbot } from 'isbot'
import { parseVitalsBeacon, ROUTES, type VitalsBeacon } from '@koma/contracts/server'
import { clientIp } from '../http/api-proxy'
import { callerLocale, sendEdgeError } from '../http/errorCatalogue'
import type { Registry } from '../registry/types'
import { AddressCaps } from './beacons'
import type { VersionVitals } from './vitals'

/** Where pages send their Web Vitals (host/src/platform/webVitals.ts), next to the failure beacons. */
export const VITALS_PATH = '/beacons/vitals'
/** A beacon is a few short names and four numbers: a few hundred bytes. */
export const VITALS_BODY_LIMIT = 2 * 1024
/** Beacons one address may send per minute (a page sends one as it is hidden, rarely two). */
export const VITALS_PER_MINUTE = 20
/** Page loads one address adds to one remote version per window: a flood from one address cannot move a p75 by itself. */
export const VITALS_PER_ADDRESS = 20

/** Routes a page can land on (legacy short paths redirect: they are never drawn). */
const ROUTE_OWNERS: ReadonlyMap<string, string> = new Map(ROUTES.filter((route) => !route.redirectTo).map((route) => [route.id, route.owner]))

/**
 * Whether every name the beacon carries is live: its route exists and is drawn by the remote it
 * names (`host` for the shell's own), that remote's version is the live one or its canary, and
 * the host's is the live host. Old tabs report versions no longer live: they say nothing about
 * the ones being judged, and names from nowhere would grow the metrics' series without end.
 */
export function vitalsLabelsAreLive(beacon: VitalsBeacon, registry: Registry | null): boolean {
  if (!registry?.host || registry.host.version !== beacon.host) return false
  if (ROUTE_OWNERS.get(beacon.route) !== beacon.remote) return false
  if (beacon.remote === 'host') return beacon.version === registry.host.version
  return registry.remotes[beacon.remote]?.version === beacon.version || registry.canaries?.[beacon.remote]?.version === beacon.version
}

/** What the metrics are told of each counted beacon (metrics/metrics.ts). */
export type VitalsObserver = (beacon: VitalsBeacon) => void

/**
 * POST /beacons/vitals: one page's Web Vitals, labelled by the route it landed on and the versions
 * that drew it. Refused with 400 when its shape, its values or its names are not what a live page
 * sends, 413 past VITALS_BODY_LIMIT, 429 past VITALS_PER_MINUTE from one address; counted in the
 * window's vitals (shared in a cluster) and in the metrics' histograms, at most VITALS_PER_ADDRESS
 * page loads per address and version per window, none from crawlers.
 */
export async function registerVitalsBeacons(
  app: FastifyInstance,
  options: { vitals: VersionVitals; registry: () => Promise<Registry | null>; observe?: VitalsObserver; now?: () => number },
): Promise<void> {
  const caps = new AddressCaps(() => options.vitals.rules.windowMs, options.now ?? Date.now, VITALS_PER_ADDRESS)
  await app.register(rateLimit, { global: false })
  app.post(
    VITALS_PATH,
    {
      bodyLimit: VITALS_BODY_LIMIT,
      config: { rateLimit: { max: VITALS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (req) => clientIp(req) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const locale = callerLocale(req, 'en')
      let body: unknown
      try {
        body = typeof req.body === 'string' ? JSON.parse(req.body) : req.body
      } catch {
        return sendEdgeError(reply, 'vitalsMalformed', locale, { problem: 'not JSON' })
      }
      const parsed = parseVitalsBeacon(body)
      if ('problem' in parsed) return sendEdgeError(reply, 'vitalsMalformed', locale, { problem: parsed.problem })
      const { beacon } = parsed
      if (!vitalsLabelsAreLive(beacon, await options.registry())) return sendEdgeError(reply, 'vitalsUnknownLabel', locale)
      // A crawler's page is no reader's (as for page loads, server.ts): taken, not counted.
      if (!isbot(req.headers['user-agent']) && caps.take(clientIp(req), `${beacon.remote}@${beacon.version}`)) {
        await options.vitals.record(beacon.remote, beacon.version, beacon.vitals)
        options.observe?.(beacon)
      }
      return reply.code(204).send()
    },
  )
}
