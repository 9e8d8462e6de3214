import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { publish, readDeployments, readRegistry } from '../registry'
import { inCanary, newCohort } from '../registry/cohort'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../testing/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../testing/http'
import { VersionHealth } from './versionHealth'

describe('failure rates per remote version', () => {
  const rules = { windowMs: 60_000, minLoads: 20, margin: 0.05 }

  it('judges a canary only past the minimum page loads, and only beyond the margin over the live rate', () => {
    const health = new VersionHealth(rules, () => 0)
    for (let i = 0; i < 100; i++) health.pageServed('mf_catalog', 'live')
    for (let i = 0; i < 5; i++) health.failed('mf_catalog', 'live', 'error')
    for (let i = 0; i < 19; i++) health.pageServed('mf_catalog', 'new')
    for (let i = 0; i < 19; i++) health.failed('mf_catalog', 'new', 'load')
    // Every canary page failed, but 19 loads are noise.
    expect(health.verdict('mf_catalog', 'live', 'new')).toBeNull()
    health.pageServed('mf_catalog', 'new')
    expect(health.stats('mf_catalog', 'new')).toMatchObject({ loads: 20, failures: 19, byKind: { load: 19, boundary: 0, error: 0 } })
    expect(health.verdict('mf_catalog', 'live', 'new')).toMatch(/^mf_catalog new failed on 95\.0% of 20 page loads \(live live: 5\.0% of 100\)/)
  })

  it('lets a canary as healthy as the live version be, within the margin', () => {
    const health = new VersionHealth(rules, () => 0)
    for (let i = 0; i < 100; i++) health.pageServed('mf_catalog', 'live')
    for (let i = 0; i < 100; i++) health.pageServed('mf_catalog', 'new')
    for (let i = 0; i < 3; i++) health.failed('mf_catalog', 'live', 'boundary')
    for (let i = 0; i < 8; i++) health.failed('mf_catalog', 'new', 'boundary')
    expect(health.verdict('mf_catalog', 'live', 'new')).toBeNull()
  })

  it('forgets what is older than the window', () => {
    let now = 0
    const health = new VersionHealth(rules, () => now)
    for (let i = 0; i < 30; i++) health.pageServed('mf_catalog', 'new')
    health.failed('mf_catalog', 'new', 'error', 30)
    now = 30_000
    expect(health.stats('mf_catalog', 'new').loads).toBe(30)
    // Counted in 10-second buckets: a bucket leaves once all of it is older than the window.
    now = 69_000
    expect(health.stats('mf_catalog', 'new').loads).toBe(30)
    now = 70_000
    expect(health.stats('mf_catalog', 'new')).toMatchObject({ loads: 0, failures: 0, rate: 0 })
  })
})

describe('beacons and the automatic rollback of a canary', () => {
  let root: string
  let edgeDir: string
  let edge: FastifyInstance
  let get: (request: string | TestRequest) => Promise<TestResponse>
  let live: string
  let canary: string
  const clock = stepClock()

  beforeAll(async () => {
    root = await tempDir()
    edgeDir = path.join(root, 'edge')
    const dist = path.join(root, 'dist')
    await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
    live = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })).version
    canary = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 50 })).version
    edge = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9', pageMetaWaitMs: 0, canaryRules: { windowMs: 600_000, minLoads: 10, margin: 0.05 } })
    get = client(await listen(edge))
  })
  afterAll(async () => {
    await edge?.close()
    await removeDir(root)
  })

  const beacon = (body: unknown, contentType = 'application/json') =>
    get({ method: 'POST', path: '/beacons', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) })

  it('refuses what is not a beacon, ignores versions no longer judged', async () => {
    expect((await beacon('{nope')).status).toBe(400)
    expect((await beacon({ failures: 'all' })).status).toBe(400)
    expect((await beacon({ failures: Array.from({ length: 21 }, () => ({ remote: 'mf_catalog', version: canary, kind: 'load' })) })).status).toBe(400)
    expect(
      (
        await beacon({
          failures: [
            { remote: 'mf_catalog', version: 'old-tab', kind: 'load' },
            { remote: 'mf_catalog', version: canary, kind: 'rm -rf' },
          ],
        })
      ).status,
    ).toBe(204)
    expect((await readRegistry(edgeDir))?.canaries?.mf_catalog?.version).toBe(canary)
  })

  it('ends a canary whose readers fail, by itself, with the reason in the history; live readers are untouched', async () => {
    // Fresh readers open the catalog's pages; every canary reader's page reports its area failing.
    let canaryReaders = 0
    for (let i = 0; i < 60 && canaryReaders < 12; i++) {
      const cohort = newCohort()
      const page = await get({ path: '/en', headers: { cookie: `koma_cohort=${cohort}` } })
      expect(page.status).toBe(200)
      if (!inCanary(cohort, 'mf_catalog', 50)) continue
      canaryReaders++
      expect((await beacon({ failures: [{ remote: 'mf_catalog', version: canary, kind: 'boundary' }] })).status).toBe(204)
    }
    expect(canaryReaders).toBe(12)
    const registry = await readRegistry(edgeDir)
    expect([registry?.remotes.mf_catalog?.version, registry?.canaries]).toEqual([live, undefined])
    const last = (await readDeployments(edgeDir)).packages['mf-catalog']?.events.at(-1)
    expect(last).toMatchObject({ action: 'canary-end', version: live, from: canary })
    expect(last?.reason).toMatch(new RegExp(`^mf_catalog ${canary} failed on 100\\.0% of 1\\d page loads`))
    // Every reader, canary side or not, now gets the live version.
    const page = await get({ path: '/en', headers: { cookie: `koma_cohort=${newCohort()}` } })
    expect(page.text).toContain(`"mf_catalog":{"version":"${live}"`)
  })
})
