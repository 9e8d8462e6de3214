import path from 'node:path'
import { readJson, withLock, writeJsonAtomic } from './files'
import { sharedState } from './shared'
import { packages, publicBase } from './packages'
import type { Deployments, PackageHistory, Registry } from './types'

export const REGISTRY_FILE = 'registry.json'
export const DEPLOYMENTS_FILE = 'deployments.json'
const MAX_EVENTS = 200

export const registryPath = (edgeDir: string): string => path.join(edgeDir, REGISTRY_FILE)
export const deploymentsPath = (edgeDir: string): string => path.join(edgeDir, DEPLOYMENTS_FILE)

export function emptyHistory(): PackageHistory {
  return { current: null, versions: [], lineage: [], events: [] }
}

/** Reads the history, repairing what a hand edit could break (the live version tops the lineage). */
export async function readDeployments(edgeDir: string): Promise<Deployments> {
  const shared = sharedState()
  const stored = shared
    ? (JSON.parse((await shared.get(DEPLOYMENTS_FILE)) ?? 'null') as Partial<Deployments> | null)
    : await readJson<Partial<Deployments>>(deploymentsPath(edgeDir))
  const deployments: Deployments = { schema: 1, packages: {} }
  for (const [name, raw] of Object.entries(stored?.packages ?? {})) {
    const history: PackageHistory = { ...emptyHistory(), ...raw }
    const known = new Set(history.versions.map((v) => v.version))
    history.lineage = history.lineage.filter((v) => known.has(v))
    if (history.current && !known.has(history.current)) history.current = null
    if (history.current && history.lineage[history.lineage.length - 1] !== history.current) {
      history.lineage = [...history.lineage.filter((v) => v !== history.current), history.current]
    }
    deployments.packages[name] = history
  }
  return deployments
}

export function historyOf(deployments: Deployments, name: string): PackageHistory {
  deployments.packages[name] ??= emptyHistory()
  return deployments.packages[name]
}

export function recordEvent(history: PackageHistory, event: PackageHistory['events'][number]): void {
  history.events.push(event)
  if (history.events.length > MAX_EVENTS) history.events.splice(0, history.events.length - MAX_EVENTS)
}

/** What the browser needs: each package's live version and where to load it from. */
export function registryFrom(deployments: Deployments): Registry {
  let host: Registry['host']
  const remotes: Registry['remotes'] = {}
  const canaries: NonNullable<Registry['canaries']> = {}
  for (const pkg of packages) {
    const history = deployments.packages[pkg.name]
    const version = history?.current
    if (!history || !version) continue
    const required = (v: string) => (history.versions.find((record) => record.version === v)?.required ? { required: true as const } : {})
    if (pkg.kind === 'host') host = { version, base: publicBase(pkg, version), ...required(version) }
    else remotes[pkg.container as string] = { version, entry: `${publicBase(pkg, version)}mf-manifest.json`, ...required(version) }
    const canary = history.canary
    if (canary && pkg.kind !== 'host')
      canaries[pkg.container as string] = {
        version: canary.version,
        entry: `${publicBase(pkg, canary.version)}mf-manifest.json`,
        share: canary.share,
        startedAt: canary.startedAt,
        ...(canary.autoPromote ? { autoPromote: true as const } : {}),
        ...required(canary.version),
      }
  }
  return { ...(host ? { host } : {}), remotes, ...(Object.keys(canaries).length ? { canaries } : {}) }
}

/** History first, then the registry: a crash in between leaves the old registry live, never a dangling one. */
export async function saveDeployments(edgeDir: string, deployments: Deployments): Promise<void> {
  const shared = sharedState()
  if (shared) {
    await shared.save({ [DEPLOYMENTS_FILE]: JSON.stringify(deployments), [REGISTRY_FILE]: JSON.stringify(registryFrom(deployments)) })
    return
  }
  await writeJsonAtomic(deploymentsPath(edgeDir), deployments)
  await writeJsonAtomic(registryPath(edgeDir), registryFrom(deployments))
}

export async function readRegistry(edgeDir: string): Promise<Registry | null> {
  const shared = sharedState()
  if (shared) return JSON.parse((await shared.get(REGISTRY_FILE)) ?? 'null') as Registry | null
  return readJson<Registry>(registryPath(edgeDir))
}

/** Serialises registry updates: the edge folder's lock file, or Redis's when the state is shared. */
export function withRegistryLock<T>(edgeDir: string, action: () => Promise<T>): Promise<T> {
  const shared = sharedState()
  return shared ? shared.withLock(action) : withLock(edgeDir, action)
}
