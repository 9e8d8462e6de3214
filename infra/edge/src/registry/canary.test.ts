import path from 'node:path'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { cohortOf, inCanary, newCohort, registryForReader } from './cohort'
import { listVersions, promote, publish, readDeployments, readRegistry, rollback } from './index'

let root: string
let edgeDir: string
let dist: string
let clock: () => Date

beforeEach(async () => {
  root = await tempDir()
  edgeDir = path.join(root, 'edge')
  dist = path.join(root, 'dist')
  clock = stepClock()
})
afterEach(() => removeDir(root))

const build = (label: string) => makeRemoteDist(dist, 'mf_catalog', label)

describe('a canary of one remote', () => {
  it('publishes next to the live version, for a share of readers, then promote makes it live for all', async () => {
    const live = await publish(edgeDir, 'mf-catalog', await build('A'), { now: clock })
    const canary = await publish(edgeDir, 'mf-catalog', await build('B'), { now: clock, canaryShare: 10 })
    expect(canary).toMatchObject({ status: 'deployed', previous: live.version })
    const registry = await readRegistry(edgeDir)
    expect(registry?.remotes.mf_catalog?.version).toBe(live.version)
    expect(registry?.canaries).toEqual({
      mf_catalog: { version: canary.version, entry: `/remotes/mf-catalog/${canary.version}/mf-manifest.json`, share: 10, startedAt: expect.any(String) },
    })
    const [listed] = await listVersions(edgeDir, 'mf-catalog')
    expect(listed?.versions.map((v) => [v.version, v.live, v.canaryShare])).toEqual([
      [canary.version, false, 10],
      [live.version, true, undefined],
    ])

    expect(await promote(edgeDir, 'mf-catalog', clock)).toMatchObject({ version: canary.version, previous: live.version })
    const after = await readRegistry(edgeDir)
    expect([after?.remotes.mf_catalog?.version, after?.canaries]).toEqual([canary.version, undefined])
    // The version it replaced is the rollback target, as after a deploy.
    await rollback(edgeDir, 'mf-catalog', clock)
    expect((await readRegistry(edgeDir))?.remotes.mf_catalog?.version).toBe(live.version)
    const events = (await readDeployments(edgeDir)).packages['mf-catalog']?.events.map((e) => e.action)
    expect(events).toEqual(['deploy', 'canary', 'promote', 'rollback'])
  })

  it('rollback during a canary ends it at once and leaves the live version live', async () => {
    const live = await publish(edgeDir, 'mf-catalog', await build('A'), { now: clock })
    const canary = await publish(edgeDir, 'mf-catalog', await build('B'), { now: clock, canaryShare: 25 })
    expect(await rollback(edgeDir, 'mf-catalog', clock)).toEqual({ package: 'mf-catalog', version: live.version, previous: canary.version, endedCanary: true })
    const registry = await readRegistry(edgeDir)
    expect([registry?.remotes.mf_catalog?.version, registry?.canaries]).toEqual([live.version, undefined])
    await expect(promote(edgeDir, 'mf-catalog', clock)).rejects.toThrow('has no canary to promote')
  })

  it('refuses the shell, a share outside 0–100, and a canary of the live build', async () => {
    await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
    await expect(publish(edgeDir, 'host', await makeHostDist(dist, 'B'), { now: clock, canaryShare: 10 })).rejects.toThrow('the shell cannot have a canary')
    await expect(publish(edgeDir, 'mf-catalog', await build('A'), { now: clock, canaryShare: 100 })).rejects.toThrow('--share must be a percent')
    await publish(edgeDir, 'mf-catalog', await build('A'), { now: clock })
    expect(await publish(edgeDir, 'mf-catalog', await build('A'), { now: clock, canaryShare: 10 })).toMatchObject({ status: 'unchanged' })
    expect((await readRegistry(edgeDir))?.canaries).toBeUndefined()
  })
})

describe('which readers are in a canary', () => {
  it('about the share of 10,000 readers, each on the same side every time, independently per remote', () => {
    const cohorts = Array.from({ length: 10_000 }, () => newCohort())
    const inCatalog = cohorts.filter((cohort) => inCanary(cohort, 'mf_catalog', 10))
    expect(inCatalog.length).toBeGreaterThan(900)
    expect(inCatalog.length).toBeLessThan(1100)
    expect(inCatalog.every((cohort) => inCanary(cohort, 'mf_catalog', 10))).toBe(true)
    const inBoth = inCatalog.filter((cohort) => inCanary(cohort, 'mf_viewer', 10)).length
    expect(inBoth).toBeLessThan(200)
    expect(cohorts.filter((cohort) => inCanary(cohort, 'mf_catalog', 50)).length).toBeGreaterThan(4800)
  })

  it('reads the cohort from its cookie only when it is one of ours', () => {
    const cohort = newCohort()
    expect(cohortOf(`a=1; koma_cohort=${cohort}; b=2`)).toBe(cohort)
    expect(cohortOf('koma_cohort=<script>')).toBeNull()
    expect(cohortOf(undefined)).toBeNull()
  })

  it('gives a reader their side of the registry, never the canary list', () => {
    const registry = {
      remotes: { mf_catalog: { version: 'A', entry: '/remotes/mf-catalog/A/mf-manifest.json' } },
      canaries: { mf_catalog: { version: 'B', entry: '/remotes/mf-catalog/B/mf-manifest.json', share: 50 } },
    }
    const cohorts = Array.from({ length: 200 }, () => newCohort())
    const sides = cohorts.map((cohort) => registryForReader(registry, cohort))
    expect(sides.every((side) => !('canaries' in side.registry))).toBe(true)
    const versions = new Set(sides.map((side) => side.registry.remotes.mf_catalog?.version))
    expect(versions).toEqual(new Set(['A', 'B']))
    expect(registryForReader(registry, null).registry.remotes.mf_catalog?.version).toBe('A')
  })
})
