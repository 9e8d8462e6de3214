import { packageInfo, packages } from './packages'
import { versionIsIntact } from './publish'
import { historyOf, readDeployments, recordEvent, saveDeployments, withRegistryLock } from './store'
import type { PackageVersions, RollbackResult } from './types'

/**
 * Makes the version that was live before the current one live again: no rebuild, no restart.
 * Twice goes back two versions; a later deploy continues from whatever is live then.
 */
export async function rollback(edgeDir: string, packageName: string, now: () => Date = () => new Date()): Promise<RollbackResult> {
  const pkg = packageInfo(packageName)
  return withRegistryLock(edgeDir, async () => {
    const deployments = await readDeployments(edgeDir)
    const history = historyOf(deployments, pkg.name)
    const current = history.current
    if (!current) throw new Error(`${pkg.name} has never been deployed: nothing to roll back`)
    if (history.canary) {
      // During a canary, rollback ends it at once: every reader is back on the live version.
      const canary = history.canary.version
      history.canary = null
      recordEvent(history, { at: now().toISOString(), action: 'canary-end', version: current, from: canary })
      await saveDeployments(edgeDir, deployments)
      return { package: pkg.name, version: current, previous: canary, endedCanary: true }
    }
    const target = history.lineage.at(-2)
    if (target === undefined) {
      throw new Error(`${pkg.name}: no earlier version to roll back to (${current} is the first live version in its history)`)
    }
    if (!(await versionIsIntact(edgeDir, pkg, target))) {
      throw new Error(`${pkg.name}: cannot roll back to ${target}, its files are gone from ${edgeDir}`)
    }
    history.lineage.pop()
    history.current = target
    recordEvent(history, { at: now().toISOString(), action: 'rollback', version: target, from: current })
    await saveDeployments(edgeDir, deployments)
    return { package: pkg.name, version: target, previous: current }
  })
}

/**
 * Ends a canary because of `reason` (the edge's automatic rollback), only if `version` is still
 * the canary: a promote or another canary in between is left alone. True when it ended it.
 */
export async function endCanary(edgeDir: string, packageName: string, version: string, reason: string, now: () => Date = () => new Date()): Promise<boolean> {
  const pkg = packageInfo(packageName)
  return withRegistryLock(edgeDir, async () => {
    const deployments = await readDeployments(edgeDir)
    const history = historyOf(deployments, pkg.name)
    if (history.canary?.version !== version || !history.current) return false
    history.canary = null
    recordEvent(history, { at: now().toISOString(), action: 'canary-end', version: history.current, from: version, reason })
    await saveDeployments(edgeDir, deployments)
    return true
  })
}

/**
 * Makes the canary live for every reader (the previous live version becomes the rollback target).
 * `reason`: the edge did it by itself after a clean window; `required`: open tabs must reload.
 */
export async function promote(
  edgeDir: string,
  packageName: string,
  now: () => Date = () => new Date(),
  options: { required?: boolean } = {},
): Promise<RollbackResult> {
  const result = await promoteIf(edgeDir, packageName, null, undefined, now, options.required)
  if (!result) throw new Error(`${packageInfo(packageName).name} has no canary to promote (npm run canary -- ${packageName} --share 10 starts one)`)
  return result
}

/**
 * The edge's automatic promotion after a clean window, only if `version` is still the canary
 * (a rollback or another canary in between is left alone). True when it promoted it.
 */
export async function promoteCanary(
  edgeDir: string,
  packageName: string,
  version: string,
  reason: string,
  now: () => Date = () => new Date(),
): Promise<boolean> {
  return (await promoteIf(edgeDir, packageName, version, reason, now)) !== null
}

async function promoteIf(
  edgeDir: string,
  packageName: string,
  version: string | null,
  reason: string | undefined,
  now: () => Date,
  required?: boolean,
): Promise<RollbackResult | null> {
  const pkg = packageInfo(packageName)
  return withRegistryLock(edgeDir, async () => {
    const deployments = await readDeployments(edgeDir)
    const history = historyOf(deployments, pkg.name)
    const canary = history.canary
    if (!canary || (version !== null && canary.version !== version)) return null
    const previous = history.current
    history.current = canary.version
    history.lineage.push(canary.version)
    history.canary = null
    const record = history.versions.find((v) => v.version === canary.version)
    if (required && record) record.required = true
    recordEvent(history, { at: now().toISOString(), action: 'promote', version: canary.version, from: previous, ...(reason ? { reason } : {}) })
    await saveDeployments(edgeDir, deployments)
    return { package: pkg.name, version: canary.version, previous: previous ?? canary.version }
  })
}

/** Published versions, newest first, with the live one and the rollback target marked. */
export async function listVersions(edgeDir: string, packageName?: string): Promise<PackageVersions[]> {
  const targets = packageName ? [packageInfo(packageName)] : packages
  const deployments = await readDeployments(edgeDir)
  return targets.map((pkg) => {
    const history = deployments.packages[pkg.name]
    if (!history) return { package: pkg.name, current: null, versions: [] }
    const rollbackTarget = history.lineage.length >= 2 ? history.lineage[history.lineage.length - 2] : null
    const versions = [...history.versions].reverse().map((record) => ({
      version: record.version,
      deployedAt: record.deployedAt,
      live: record.version === history.current,
      rollbackTarget: record.version === rollbackTarget,
      ...(history.canary?.version === record.version
        ? { canaryShare: history.canary.share, ...(history.canary.autoPromote ? { autoPromote: true } : {}) }
        : {}),
      ...(record.required ? { required: true } : {}),
      ...(record.sourceHash ? { sourceHash: record.sourceHash } : {}),
    }))
    const lastEvent = history.events[history.events.length - 1]
    return { package: pkg.name, current: history.current, versions, ...(lastEvent ? { lastEvent } : {}) }
  })
}
