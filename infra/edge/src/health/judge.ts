import { endCanary, packages, promoteCanary } from '../registry'
import type { Registry } from '../registry/types'
import type { VersionHealth } from './versionHealth'
import type { VersionVitals } from './vitals'

export interface JudgeLog {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
  error: (obj: object, msg: string) => void
}

/**
 * Judges every canary in the registry on its readers' counts: one failing past the rules, or
 * slower for its readers than the live version (p75 LCP or INP, vitals.ts), is ended (the
 * automatic rollback), one with --auto-promote that ran a clean window goes live for all.
 * The decision goes through the registry's lock and only applies if that canary is still the one
 * judged, so two edges (or a person running promote) cannot act twice.
 */
export class CanaryJudge {
  private readonly busy = new Set<string>()

  constructor(
    private readonly options: {
      edgeDir: string
      health: VersionHealth
      /** Readers' Web Vitals: a canary slower than the live version past its speed rules is ended too. */
      vitals?: VersionVitals
      registry: () => Promise<Registry | null>
      log: JudgeLog
      now?: () => Date
      /** Told of each canary it ended by itself (metrics: koma_edge_canary_endings_total). */
      onDecision?: (remote: string, outcome: 'rolled_back' | 'promoted') => void
    },
  ) {}

  /** What it did, for tests and logs: `ended` and `promoted` remote names. */
  async check(): Promise<{ ended: string[]; promoted: string[] }> {
    const done = { ended: [] as string[], promoted: [] as string[] }
    const registry = await this.options.registry()
    const { health, log } = this.options
    for (const [remote, canary] of Object.entries(registry?.canaries ?? {})) {
      const live = registry?.remotes[remote]?.version
      const pkg = packages.find((candidate) => candidate.container === remote)
      if (!live || !pkg || this.busy.has(remote)) continue
      this.busy.add(remote)
      try {
        const reason = (await health.verdict(remote, live, canary.version)) ?? (await this.options.vitals?.verdict(remote, live, canary.version)) ?? null
        if (reason) {
          if (await endCanary(this.options.edgeDir, pkg.name, canary.version, reason, this.options.now)) {
            log.warn({ remote, canary: canary.version, live, reason }, 'canary rolled back automatically')
            done.ended.push(remote)
            this.options.onDecision?.(remote, 'rolled_back')
          }
          continue
        }
        if (!canary.autoPromote || !canary.startedAt) continue
        const clean = await health.cleanWindow(remote, live, canary.version, Date.parse(canary.startedAt))
        if (clean && (await promoteCanary(this.options.edgeDir, pkg.name, canary.version, clean, this.options.now))) {
          log.info({ remote, canary: canary.version, previous: live, reason: clean }, 'canary promoted automatically')
          done.promoted.push(remote)
          this.options.onDecision?.(remote, 'promoted')
        }
      } catch (error) {
        log.error({ err: error, remote }, 'judging a canary failed')
      } finally {
        this.busy.delete(remote)
      }
    }
    return done
  }
}
