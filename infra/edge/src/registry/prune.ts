import { promises as fs } from 'node:fs'
import path from 'node:path'
import { packageInfo, packageRoot, packages, versionDir, type PackageInfo } from './packages'
import { historyOf, readDeployments, saveDeployments, withRegistryLock } from './store'
import type { PackageHistory } from './types'

const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000

/**
 * Drops all but the `keep` latest versions from a history, never the live one nor the `keep`
 * latest steps of its rollback line. Returns the dropped version ids (folders still on disk).
 */
export function pruneHistory(history: PackageHistory, keep: number): string[] {
  if (keep <= 0 || history.versions.length <= keep) return []
  const kept = new Set([
    ...history.versions.slice(-keep).map((v) => v.version),
    ...history.lineage.slice(-keep),
    ...(history.current ? [history.current] : []),
    ...(history.canary ? [history.canary.version] : []),
  ])
  const dropped = history.versions.filter((v) => !kept.has(v.version)).map((v) => v.version)
  history.versions = history.versions.filter((v) => kept.has(v.version))
  history.lineage = history.lineage.filter((v) => kept.has(v))
  return dropped
}

/** Deletes version folders (after the registry stopped pointing at them). */
export async function removeVersions(edgeDir: string, pkg: PackageInfo, versions: readonly string[]): Promise<void> {
  for (const version of versions) await fs.rm(versionDir(edgeDir, pkg, version), { recursive: true, force: true })
}

/** Removes version folders the history no longer knows and temporary folders of crashed publishes (an hour old). */
async function sweep(edgeDir: string, pkg: PackageInfo, history: PackageHistory): Promise<string[]> {
  const root = packageRoot(edgeDir, pkg)
  const known = new Set(history.versions.map((v) => v.version))
  const removed: string[] = []
  const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isDirectory()) continue
    if (known.has(entry.name)) continue
    // A folder the history does not know yet may belong to a publish waiting for the lock.
    const full = path.join(root, entry.name)
    const stat = await fs.stat(full).catch(() => null)
    if (!stat || Date.now() - stat.mtimeMs < ORPHAN_MIN_AGE_MS) continue
    await fs.rm(versionDir(edgeDir, pkg, entry.name), { recursive: true, force: true })
    if (!entry.name.startsWith('.')) removed.push(entry.name)
  }
  return removed
}

/** Keeps the `keep` latest versions of one package (or all), deleting the rest from disk. */
export async function prune(edgeDir: string, packageName?: string, keep = 10): Promise<Record<string, string[]>> {
  const targets = packageName ? [packageInfo(packageName)] : packages
  return withRegistryLock(edgeDir, async () => {
    const deployments = await readDeployments(edgeDir)
    const pruned = targets.map((pkg) => ({ pkg, versions: pruneHistory(historyOf(deployments, pkg.name), keep) }))
    await saveDeployments(edgeDir, deployments)
    const dropped: Record<string, string[]> = {}
    for (const { pkg, versions } of pruned) {
      await removeVersions(edgeDir, pkg, versions)
      const removed = await sweep(edgeDir, pkg, historyOf(deployments, pkg.name))
      dropped[pkg.name] = [...new Set([...versions, ...removed])]
    }
    return dropped
  })
}
