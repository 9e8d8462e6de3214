import { promises as fs } from 'node:fs'
import path from 'node:path'
import type { SourceState } from './build'
import { runCli, type CliDeps } from './commands'
import { readRegistry, type PackageInfo } from './registry'
import { makeHostDist, makeRemoteDist, removeDir, tempDir } from './test/fixtures'

let root: string
let lines: string[]
let errors: string[]
let built: string[]
/** The "sources" of each package: a label the fake build bakes into its dist. */
let sources: Record<string, string>
/** When each package's sources last changed (0: before any build). */
let changedAt: Record<string, number>
let buildFails: Set<string>

const distOf = (name: string) => path.join(root, name, 'dist')

async function fakeBuild(pkg: PackageInfo): Promise<boolean> {
  built.push(pkg.name)
  if (buildFails.has(pkg.name)) return false
  const label = sources[pkg.name] ?? 'v1'
  if (pkg.kind === 'host') await makeHostDist(distOf(pkg.name), label)
  else await makeRemoteDist(distOf(pkg.name), pkg.container as string, label)
  return true
}

async function fakeSourceState(pkg: PackageInfo): Promise<SourceState> {
  return { hash: `src-${pkg.name}-${sources[pkg.name] ?? 'v1'}`, newestMtimeMs: changedAt[pkg.name] ?? 0 }
}

function deps(): CliDeps {
  return {
    repoRoot: root,
    edgeDir: path.join(root, '.data', 'edge'),
    build: fakeBuild,
    sourceState: fakeSourceState,
    out: (line) => lines.push(line),
    err: (line) => errors.push(line),
  }
}

const run = (...argv: string[]) => runCli(argv, deps())

/** The version the last report line names (`mf-catalog: live <version> …`). */
function reportedVersion(): string {
  const version = lines.at(-1)?.split(' ')[2]
  if (version === undefined) throw new Error(`no version in the last line: ${lines.at(-1)}`)
  return version
}

/** Edits a package's sources: newer than any dist built so far. */
async function edit(name: string, label: string): Promise<void> {
  sources[name] = label
  changedAt[name] = Date.now()
  await new Promise((resolve) => setTimeout(resolve, 5))
}

beforeEach(async () => {
  root = await tempDir()
  lines = []
  errors = []
  built = []
  sources = {}
  changedAt = {}
  buildFails = new Set()
})
afterEach(() => removeDir(root))

describe('deploy, rollback, versions', () => {
  it('builds, publishes and reports what went live', async () => {
    expect(await run('deploy', 'mf-catalog')).toBe(0)
    expect(built).toEqual(['mf-catalog'])
    expect(lines[lines.length - 1]).toMatch(/^mf-catalog: live \d{14}-[0-9a-f]{8} \(first deploy\)$/)
    const first = reportedVersion()

    await edit('mf-catalog', 'v2')
    expect(await run('deploy', 'mf-catalog')).toBe(0)
    const second = reportedVersion()
    expect(lines[lines.length - 1]).toBe(`mf-catalog: live ${second} (was ${first})`)

    expect(await run('deploy', 'mf-catalog', '--no-build')).toBe(0)
    expect(lines[lines.length - 1]).toBe(`mf-catalog: unchanged, live ${second}`)
    expect(built).toEqual(['mf-catalog', 'mf-catalog'])

    expect(await run('rollback', 'mf-catalog')).toBe(0)
    expect(lines[lines.length - 1]).toBe(`mf-catalog: live ${first} (rolled back from ${second})`)
    expect((await readRegistry(path.join(root, '.data', 'edge')))?.remotes.mf_catalog?.version).toBe(first)

    lines = []
    expect(await run('versions', 'mf-catalog')).toBe(0)
    expect(lines[0]).toBe('mf-catalog')
    expect(lines[1]).toMatch(new RegExp(`^ {4}${second}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC$`))
    expect(lines[2]).toMatch(new RegExp(`^  \\* ${first}  .* UTC  live$`))

    expect(await run('rollback', 'mf-catalog')).toBe(1)
    expect(errors[errors.length - 1]).toMatch(/no earlier version to roll back to/)
  })

  it('rejects unknown packages with the list of valid names, before building', async () => {
    expect(await run('deploy', 'mf-nope')).toBe(2)
    expect(errors[0]).toBe('Unknown package "mf-nope": expected one of mf-catalog, mf-viewer, mf-account, mf-payments, mf-community, mf-ops, host')
    expect(await run('deploy')).toBe(2)
    expect(await run('rollback')).toBe(2)
    expect(await run('versions', 'shell')).toBe(2)
    expect(await run('deploy', 'host', '--fast')).toBe(2)
    expect(await run('launch')).toBe(2)
    expect(built).toEqual([])
  })

  it('keeps the live version when a build fails', async () => {
    await run('deploy', 'mf-viewer')
    const live = (await readRegistry(path.join(root, '.data', 'edge')))?.remotes.mf_viewer?.version
    buildFails.add('mf-viewer')
    await edit('mf-viewer', 'v2')
    expect(await run('deploy', 'mf-viewer')).toBe(1)
    expect(errors[errors.length - 1]).toBe(`mf-viewer: build failed, nothing deployed (${live} stays live)`)
  })

  it('says what to do when there is no build and --no-build is given', async () => {
    expect(await run('deploy', 'host', '--no-build')).toBe(1)
    expect(errors[0]).toMatch(/host: no build to publish .*index\.html is missing.*npm run build -w host/)
  })
})

describe('canary and promote', () => {
  it('tries a build on a share of readers, lists it, promotes it; rollback ends a canary', async () => {
    expect(await run('deploy', 'mf-catalog')).toBe(0)
    const live = reportedVersion()
    expect(await run('canary', 'mf-catalog')).toBe(2)
    expect(errors[errors.length - 1]).toMatch(/^How many readers try it\? --share N/)
    expect(await run('canary', 'mf-catalog', '--share', '150')).toBe(2)
    expect(await run('canary', 'host', '--share', '10')).toBe(1)
    expect(errors[errors.length - 1]).toMatch(/the shell cannot have a canary/)

    await edit('mf-catalog', 'v2')
    expect(await run('canary', 'mf-catalog', '--share', '10')).toBe(0)
    const canary = reportedVersion()
    expect(lines[lines.length - 1]).toBe(`mf-catalog: canary ${canary} for 10% of readers (live ${live} for the rest)`)
    lines = []
    expect(await run('versions', 'mf-catalog')).toBe(0)
    expect(lines[1]).toMatch(new RegExp(`^ {4}${canary}  .* UTC  canary, 10% of readers$`))
    expect(await run('rollback', 'mf-catalog')).toBe(0)
    expect(lines[lines.length - 1]).toBe(`mf-catalog: live ${live} (rolled back from ${canary}, the canary)`)

    expect(await run('canary', 'mf-catalog', '--share=25', '--no-build')).toBe(0)
    expect(await run('promote', 'mf-catalog')).toBe(0)
    expect(lines[lines.length - 1]).toBe(`mf-catalog: live ${canary} for every reader (was ${live})`)
    const registry = await readRegistry(path.join(root, '.data', 'edge'))
    expect([registry?.remotes.mf_catalog?.version, registry?.canaries]).toEqual([canary, undefined])
    expect(await run('promote', 'mf-catalog')).toBe(1)
  })

  it('--auto-promote is recorded and listed; --required marks deploys, canaries and promotions', async () => {
    const edgeDir = path.join(root, '.data', 'edge')
    expect(await run('deploy', 'mf-catalog', '--auto-promote')).toBe(2)
    expect(await run('deploy', 'mf-catalog', '--required')).toBe(0)
    expect(lines[lines.length - 1]).toMatch(/^mf-catalog: live \S+ \(first deploy\), required: open tabs reload$/)
    expect((await readRegistry(edgeDir))?.remotes.mf_catalog?.required).toBe(true)
    await edit('mf-catalog', 'v2')
    expect(await run('canary', 'mf-catalog', '--share', '10', '--auto-promote')).toBe(0)
    const canary = reportedVersion()
    expect(lines[lines.length - 1]).toMatch(/for the rest; the edge promotes it after a clean window\)$/)
    expect((await readRegistry(edgeDir))?.canaries?.mf_catalog).toMatchObject({ version: canary, autoPromote: true })
    lines = []
    expect(await run('versions', 'mf-catalog')).toBe(0)
    expect(lines[1]).toMatch(new RegExp(`^ {4}${canary}  .* UTC  canary, 10% of readers, auto-promote$`))
    expect(lines[2]).toMatch(/^ {2}\* \S+  .* UTC  live, required$/)
    expect(await run('promote', 'mf-catalog', '--required')).toBe(0)
    expect(lines[lines.length - 1]).toMatch(/, required: open tabs reload$/)
    const registry = await readRegistry(edgeDir)
    expect(registry?.remotes.mf_catalog).toMatchObject({ version: canary, required: true })
  })
})

describe('publish-all', () => {
  it('builds and publishes every package once, then does nothing while sources stay the same', async () => {
    expect(await run('publish-all')).toBe(0)
    expect(built).toEqual(['mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'mf-ops', 'host'])
    const registry = await readRegistry(path.join(root, '.data', 'edge'))
    expect(Object.keys(registry?.remotes ?? {}).sort()).toEqual(['mf_account', 'mf_catalog', 'mf_community', 'mf_ops', 'mf_payments', 'mf_viewer'])
    expect(registry?.host?.base).toMatch(/^\/host\/\d{14}-[0-9a-f]{8}\/$/)

    built = []
    lines = []
    expect(await run('publish-all')).toBe(0)
    expect(built).toEqual([])
    expect(lines.every((line) => line.endsWith('(up to date)'))).toBe(true)

    await edit('mf-account', 'v2')
    expect(await run('publish-all')).toBe(0)
    expect(built).toEqual(['mf-account'])
  })

  it('publishes an existing fresh dist without building it', async () => {
    await makeRemoteDist(distOf('mf-payments'), 'mf_payments', 'v1')
    buildFails = new Set(['mf-catalog', 'mf-viewer', 'mf-account', 'mf-community', 'mf-ops', 'host'])
    expect(await run('publish-all')).toBe(1)
    expect(built).not.toContain('mf-payments')
    expect(lines.some((line) => /^mf-payments: live .* \(first deploy\)$/.test(line))).toBe(true)
    expect(errors[errors.length - 1]).toBe('6 of 7 packages failed: mf-catalog, mf-viewer, mf-account, mf-community, mf-ops, host')
  })

  it('respects a rollback done after deploying the current sources', async () => {
    await run('publish-all')
    await edit('mf-community', 'v2')
    await run('deploy', 'mf-community')
    await run('rollback', 'mf-community')
    built = []
    lines = []
    expect(await run('publish-all')).toBe(0)
    expect(built).toEqual([])
    expect(lines.find((line) => line.startsWith('mf-community'))).toMatch(/rolled back from .*npm run deploy -- mf-community to go forward/)
  })

  it('fails with --no-build when a package has neither a live version nor a build', async () => {
    expect(await run('publish-all', '--no-build')).toBe(1)
    expect(built).toEqual([])
    expect(errors[0]).toMatch(/^mf-catalog: not deployed and no build in /)
  })

  it('rebuilds a package whose version folder has gone missing', async () => {
    await run('publish-all')
    await fs.rm(path.join(root, '.data', 'edge', 'host'), { recursive: true })
    await fs.rm(distOf('host'), { recursive: true })
    built = []
    expect(await run('publish-all')).toBe(0)
    expect(built).toEqual(['host'])
  })
})
