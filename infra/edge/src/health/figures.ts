import type { VitalsP75 } from '@koma/contracts/server'
import type { Registry } from '../registry/types'
import type { VersionHealth } from './versionHealth'
import type { VersionVitals, VitalFigures } from './vitals'

/** One remote version's figures over the canary window, as the judge reads them (for an operator's Health page). */
export interface VersionFigures {
  /** A remote's name (`mf_catalog`), or `host` for the shell's own pages. */
  remote: string
  version: string
  side: 'live' | 'canary'
  /** Pages the edge served that this version draws (not counted for the host: every page is its). */
  pageLoads: number
  /** Failures readers' pages reported for it, and per page load (0 without loads). */
  failures: number
  failureRate: number
  /** Per metric (LCP, INP, CLS, TTFB): page loads that reported it and their p75 (ms; CLS a score), null without any. */
  vitals: VitalFigures
}

/**
 * Per remote and version of the live registry (live, then its canary if any): page loads,
 * failures and readers' p75 LCP/INP/CLS/TTFB in the window. The same counts the canary judge
 * reads (shared by every edge process in a cluster): no second bookkeeping.
 */
export async function versionFigures(registry: () => Promise<Registry | null>, health: VersionHealth, vitals: VersionVitals): Promise<VersionFigures[]> {
  const live = await registry()
  if (!live) return []
  const sides: { remote: string; version: string; side: 'live' | 'canary' }[] = []
  if (live.host) sides.push({ remote: 'host', version: live.host.version, side: 'live' })
  for (const [remote, info] of Object.entries(live.remotes)) {
    if (info) sides.push({ remote, version: info.version, side: 'live' })
    const canary = live.canaries?.[remote]
    if (canary) sides.push({ remote, version: canary.version, side: 'canary' })
  }
  return Promise.all(
    sides.map(async (side) => {
      const [stats, figures] = await Promise.all([health.stats(side.remote, side.version), vitals.figures(side.remote, side.version)])
      return { ...side, pageLoads: stats.loads, failures: stats.failures, failureRate: stats.rate, vitals: figures }
    }),
  )
}

/** A remote version's readers' p75 LCP, INP (ms) and CLS in the window, as the console's Health page shows them (http/opsHealth.ts). */
export function vitalsP75(vitals: VersionVitals): (remote: string, version: string) => Promise<VitalsP75> {
  return async (remote, version) => {
    const figures = await vitals.figures(remote, version)
    return { lcpMs: figures.LCP.p75, inpMs: figures.INP.p75, cls: figures.CLS.p75 }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The edge's figures per remote version (health/figures.ts), for an operator's Health page. */
    versionFigures: () => Promise<VersionFigures[]>
  }
}
