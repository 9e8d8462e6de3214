import { distBuiltAt, type SourceState } from './build'
import {
  checkCanaryShare,
  distDir,
  listVersions,
  packageInfo,
  packageNames,
  packages,
  promote,
  prune,
  publish,
  readDeployments,
  rollback,
  versionIsIntact,
  UnknownPackageError,
  type PackageInfo,
  type PublishResult,
} from './registry'

export interface CliDeps {
  repoRoot: string
  edgeDir: string
  /** Runs the package's build; resolves to whether it succeeded. */
  build: (pkg: PackageInfo) => Promise<boolean>
  sourceState: (pkg: PackageInfo) => Promise<SourceState>
  out: (line: string) => void
  err: (line: string) => void
}

export const USAGE = `Usage (from the repository root):
  npm run deploy -- <package> [--no-build] [--force] [--required]
                                                        build, publish and make live
  npm run canary -- <package> --share N [--auto-promote] [--required] [--no-build]
                                                        build, publish and try on N% of readers
                                                        (--auto-promote: live for all after a clean window)
  npm run promote -- <package> [--required]             make the canary live for everyone
  (--required: open tabs on an older version reload, after a notice, instead of being offered it)
  npm run rollback -- <package>                         end a canary, else make the previous version live again
  npm run versions [-- <package>]                       list published versions (live, canary and share)
  tsx infra/edge/src/cli.ts publish-all [--no-build]    give every package a live, current version
  tsx infra/edge/src/cli.ts prune [<package>] [--keep N] delete all but the N latest versions (10)
Packages: ${packageNames.join(', ')}`

class UsageError extends Error {}

interface Parsed {
  positional: string[]
  flags: Set<string>
  keep: number | null
  share: number | null
}

function parse(args: string[], allowed: string[]): Parsed {
  const parsed: Parsed = { positional: [], flags: new Set(), keep: null, share: null }
  // An option's value may be the next argument: take arguments off the front one at a time.
  const queue = [...args]
  for (let arg = queue.shift(); arg !== undefined; arg = queue.shift()) {
    if (!arg.startsWith('-')) {
      parsed.positional.push(arg)
      continue
    }
    const [flag = arg, inline] = arg.split('=', 2)
    if (!allowed.includes(flag)) throw new UsageError(`Unknown option ${flag}`)
    if (flag === '--keep') {
      const value = Number(inline ?? queue.shift())
      if (!Number.isInteger(value) || value < 1) throw new UsageError('--keep needs a whole number of versions, at least 1')
      parsed.keep = value
    } else if (flag === '--share') {
      const value = Number(inline ?? queue.shift())
      if (!Number.isFinite(value) || value <= 0 || value >= 100) throw new UsageError('--share needs a percent of readers, more than 0 and less than 100')
      parsed.share = value
    } else {
      parsed.flags.add(flag)
    }
  }
  return parsed
}

/** `2026-11-22T10:15:00.000Z` → `2026-11-22 10:15:00 UTC` */
const when = (iso: string): string => `${iso.slice(0, 19).replace('T', ' ')} UTC`

export function describePublish(result: PublishResult): string {
  if (result.status === 'unchanged') return `${result.package}: unchanged, live ${result.version}`
  const was = result.previous ? `was ${result.previous}` : 'first deploy'
  const reused = result.reused ? '; same build as an earlier version, reused' : ''
  const pruned = result.pruned.length ? `; removed ${result.pruned.length} old version(s)` : ''
  return `${result.package}: live ${result.version} (${was}${reused}${pruned})`
}

/** The sources' hash when the dist on disk is newer than every source file (so built from them). */
async function hashIfFresh(deps: CliDeps, pkg: PackageInfo, state: SourceState): Promise<string | undefined> {
  const builtAt = await distBuiltAt(distDir(deps.repoRoot, pkg), pkg)
  return builtAt !== null && builtAt >= state.newestMtimeMs ? state.hash : undefined
}

async function canary(deps: CliDeps, args: string[]): Promise<number> {
  const { positional, share, flags } = parse(args, ['--no-build', '--force', '--share', '--auto-promote', '--required'])
  if (share === null) throw new UsageError('How many readers try it? --share N (percent), e.g. --share 10')
  if (positional.length !== 1) throw new UsageError(`Try one package: one of ${packageNames.join(', ')}`)
  checkCanaryShare(packageInfo(positional[0]), share)
  return deploy(
    deps,
    args.filter((arg, i) => arg !== '--share' && args[i - 1] !== '--share' && !arg.startsWith('--share=') && arg !== '--auto-promote'),
    { share, autoPromote: flags.has('--auto-promote') },
  )
}

async function promoteCommand(deps: CliDeps, args: string[]): Promise<number> {
  const { positional, flags } = parse(args, ['--required'])
  if (positional.length !== 1) throw new UsageError(`Promote one package: one of ${packageNames.join(', ')}`)
  const required = flags.has('--required')
  const result = await promote(deps.edgeDir, packageInfo(positional[0]).name, undefined, { required })
  deps.out(`${result.package}: live ${result.version} for every reader (was ${result.previous})${required ? ', required: open tabs reload' : ''}`)
  return 0
}

async function deploy(deps: CliDeps, args: string[], canary?: { share: number; autoPromote: boolean }): Promise<number> {
  const { positional, flags } = parse(args, ['--no-build', '--force', '--required'])
  const canaryShare = canary?.share
  const required = flags.has('--required')
  if (positional.length === 0) throw new UsageError(`Which package? One of ${packageNames.join(', ')}`)
  const targets = positional.map((name) => packageInfo(name)) // reject unknown names before building anything
  for (const pkg of targets) {
    const state = await deps.sourceState(pkg)
    let sourceHash: string | undefined
    if (flags.has('--no-build')) {
      sourceHash = await hashIfFresh(deps, pkg, state)
    } else {
      deps.out(`${pkg.name}: building…`)
      if (!(await deps.build(pkg))) {
        const live = (await readDeployments(deps.edgeDir)).packages[pkg.name]?.current
        deps.err(`${pkg.name}: build failed, nothing deployed${live ? ` (${live} stays live)` : ''}`)
        return 1
      }
      sourceHash = state.hash
    }
    const result = await publish(deps.edgeDir, pkg.name, distDir(deps.repoRoot, pkg), {
      force: flags.has('--force'),
      sourceHash,
      canaryShare,
      ...(canary?.autoPromote ? { autoPromote: true } : {}),
      ...(required ? { required: true } : {}),
    })
    const auto = canary?.autoPromote ? '; the edge promotes it after a clean window' : ''
    deps.out(
      (canaryShare === undefined || result.status === 'unchanged'
        ? describePublish(result)
        : `${result.package}: canary ${result.version} for ${canaryShare}% of readers (live ${result.previous ?? 'none'} for the rest${auto})`) +
        (required ? ', required: open tabs reload' : ''),
    )
  }
  return 0
}

async function rollbackCommand(deps: CliDeps, args: string[]): Promise<number> {
  const { positional } = parse(args, [])
  if (positional.length !== 1) throw new UsageError(`Roll back one package: one of ${packageNames.join(', ')}`)
  const result = await rollback(deps.edgeDir, packageInfo(positional[0]).name)
  deps.out(`${result.package}: live ${result.version} (rolled back from ${result.previous}${result.endedCanary ? ', the canary' : ''})`)
  return 0
}

async function versions(deps: CliDeps, args: string[]): Promise<number> {
  const { positional } = parse(args, [])
  if (positional.length > 1) throw new UsageError('List one package or all of them')
  const name = positional[0] === undefined ? undefined : packageInfo(positional[0]).name
  for (const pkg of await listVersions(deps.edgeDir, name)) {
    deps.out(pkg.package)
    if (pkg.versions.length === 0) deps.out('    (never deployed)')
    for (const v of pkg.versions) {
      const note = v.live
        ? '  live'
        : v.canaryShare !== undefined
          ? `  canary, ${v.canaryShare}% of readers${v.autoPromote ? ', auto-promote' : ''}`
          : v.rollbackTarget
            ? '  ← rollback target'
            : ''
      deps.out(`  ${v.live ? '*' : ' '} ${v.version}  ${when(v.deployedAt)}${note}${v.required ? ', required' : ''}`)
    }
    // What the edge did by itself, and why (an automatic rollback or promotion).
    const last = pkg.lastEvent
    if (last?.reason) deps.out(`    last: ${last.action} ${last.from ?? ''} → ${last.version} at ${when(last.at)}: ${last.reason}`)
  }
  return 0
}

/**
 * What `npm start` runs: every package ends up with a live version built from the current
 * sources. A package whose live version came from these sources is left alone (so restarts
 * cost nothing), as is one rolled back on purpose after deploying these sources.
 */
async function publishAll(deps: CliDeps, args: string[]): Promise<number> {
  const { flags } = parse(args, ['--no-build'])
  const noBuild = flags.has('--no-build')
  const failed: string[] = []
  for (const pkg of packages) {
    try {
      const state = await deps.sourceState(pkg)
      const history = (await readDeployments(deps.edgeDir)).packages[pkg.name]
      const live = history?.versions.find((v) => v.version === history.current)
      const liveOk = live ? await versionIsIntact(deps.edgeDir, pkg, live.version) : false
      if (live && liveOk) {
        if (live.sourceHash === state.hash) {
          deps.out(`${pkg.name}: live ${live.version} (up to date)`)
          continue
        }
        const lastDeploy = [...(history?.events ?? [])].reverse().find((e) => e.action === 'deploy')
        const newest = history?.versions.find((v) => v.version === lastDeploy?.version)
        if (newest && newest.version !== live.version && newest.sourceHash === state.hash) {
          deps.out(`${pkg.name}: live ${live.version} (rolled back from ${newest.version}; npm run deploy -- ${pkg.name} to go forward)`)
          continue
        }
      }
      const dist = distDir(deps.repoRoot, pkg)
      let builtAt = await distBuiltAt(dist, pkg)
      let sourceHash = builtAt !== null && builtAt >= state.newestMtimeMs ? state.hash : undefined
      if (!sourceHash && !noBuild) {
        deps.out(`${pkg.name}: ${builtAt === null ? 'no build yet' : 'sources changed'}, building…`)
        if (!(await deps.build(pkg))) {
          failed.push(pkg.name)
          deps.err(`${pkg.name}: build failed${liveOk && live ? `, ${live.version} stays live` : ', not deployed'}`)
          continue
        }
        builtAt = await distBuiltAt(dist, pkg)
        sourceHash = state.hash
      }
      if (builtAt === null) {
        if (liveOk && live) {
          deps.out(`${pkg.name}: live ${live.version} (no build in ${dist} to publish)`)
        } else {
          failed.push(pkg.name)
          deps.err(`${pkg.name}: not deployed and no build in ${dist}`)
        }
        continue
      }
      deps.out(describePublish(await publish(deps.edgeDir, pkg.name, dist, { sourceHash })))
    } catch (error) {
      failed.push(pkg.name)
      deps.err(`${pkg.name}: ${(error as Error).message}`)
    }
  }
  if (failed.length) {
    deps.err(`${failed.length} of ${packages.length} packages failed: ${failed.join(', ')}`)
    return 1
  }
  return 0
}

async function pruneCommand(deps: CliDeps, args: string[]): Promise<number> {
  const { positional, keep } = parse(args, ['--keep'])
  if (positional.length > 1) throw new UsageError('Prune one package or all of them')
  const name = positional[0] === undefined ? undefined : packageInfo(positional[0]).name
  const removed = await prune(deps.edgeDir, name, keep ?? 10)
  for (const [pkg, versions] of Object.entries(removed)) {
    if (versions.length) deps.out(`${pkg}: removed ${versions.join(', ')}`)
  }
  if (Object.values(removed).every((v) => v.length === 0)) deps.out('Nothing to remove')
  return 0
}

const commands: Record<string, (deps: CliDeps, args: string[]) => Promise<number>> = {
  deploy,
  canary,
  promote: promoteCommand,
  rollback: rollbackCommand,
  versions,
  'publish-all': publishAll,
  prune: pruneCommand,
}

/** Runs one command; resolves to the process exit code (0 ok, 1 failed, 2 usage). */
export async function runCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const [command, ...args] = argv
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    deps.out(USAGE)
    return command ? 0 : 2
  }
  const run = commands[command]
  if (!run) {
    deps.err(`Unknown command "${command}"\n\n${USAGE}`)
    return 2
  }
  try {
    return await run(deps, args)
  } catch (error) {
    if (error instanceof UsageError) {
      deps.err(`${error.message}\n\n${USAGE}`)
      return 2
    }
    if (error instanceof UnknownPackageError) {
      deps.err(error.message)
      return 2
    }
    deps.err((error as Error).message)
    return 1
  }
}
