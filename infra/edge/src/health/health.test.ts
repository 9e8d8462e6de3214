import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { listVersions, publish, readDeployments, readRegistry } from '../registry'
import { inCanary, newCohort } from '../registry/cohort'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'
import { CanaryJudge } from './judge'
import { VersionHealth } from './versionHealth'

describe('failure rates per remote version', () => {
  const rules = { windowMs: 60_000, minLoads: 20, margin: 0.05 }

  it('judges a canary only past the minimum page loads, and only beyond the margin over the live rate', async () => {
    const health = new VersionHealth(rules, () => 0)
    for (let i = 0; i < 100; i++) await health.pageServed('mf_catalog', 'live')
    for (let i = 0; i < 5; i++) await health.failed('mf_catalog', 'live', 'error')
    for (let i = 0; i < 19; i++) await health.pageServed('mf_catalog', 'new')
    for (let i = 0; i < 19; i++) await health.failed('mf_catalog', 'new', 'load')
    // Every canary page failed, but 19 loads are noise.
    expect(await health.verdict('mf_catalog', 'live', 'new')).toBeNull()
    await health.pageServed('mf_catalog', 'new')
    expect(await health.stats('mf_catalog', 'new')).toMatchObject({ loads: 20, failures: 19, byKind: { load: 19, boundary: 0, error: 0 } })
    expect(await health.verdict('mf_catalog', 'live', 'new')).toMatch(/^mf_catalog new failed on 95\.0% of 20 page loads \(live live: 5\.0% of 100\)/)
  })

  it('lets a canary as healthy as the live version be, within the margin', async () => {
    const health = new VersionHealth(rules, () => 0)
    for (let i = 0; i < 100; i++) await health.pageServed('mf_catalog', 'live')
    for (let i = 0; i < 100; i++) await health.pageServed('mf_catalog', 'new')
    for (let i = 0; i < 3; i++) await health.failed('mf_catalog', 'live', 'boundary')
    for (let i = 0; i < 8; i++) await health.failed('mf_catalog', 'new', 'boundary')
    expect(await health.verdict('mf_catalog', 'live', 'new')).toBeNull()
  })

  it('forgets what is older than the window', async () => {
    let now = 0
    const health = new VersionHealth(rules, () => now)
    for (let i = 0; i < 30; i++) await health.pageServed('mf_catalog', 'new')
    await health.failed('mf_catalog', 'new', 'error', 30)
    now = 30_000
    expect((await health.stats('mf_catalog', 'new')).loads).toBe(30)
    // Counted in 10-second buckets: a bucket leaves once all of it is older than the window.
    now = 69_000
    expect((await health.stats('mf_catalog', 'new')).loads).toBe(30)
    now = 70_000
    expect(await health.stats('mf_catalog', 'new')).toMatchObject({ loads: 0, failures: 0, rate: 0 })
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
    edge = buildEdge({
      edgeDir,
      apiUrl: 'http://127.0.0.1:9',
      pageMetaWaitMs: 0,
      canaryRules: { windowMs: 600_000, minLoads: 10, margin: 0.05 },
      // Readers come from many addresses (X-Forwarded-For, as behind a load balancer).
      trustProxy: true,
      judgeEveryMs: 0,
    })
    get = client(await listen(edge))
  })
  afterAll(async () => {
    await edge?.close()
    await removeDir(root)
  })

  const beacon = (body: unknown, contentType = 'application/json', address = '203.0.113.1') =>
    get({
      method: 'POST',
      path: '/beacons',
      headers: { 'content-type': contentType, 'x-forwarded-for': address },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

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
      const failure = { failures: [{ remote: 'mf_catalog', version: canary, kind: 'boundary' }] }
      expect((await beacon(failure, 'application/json', `198.51.100.${i}`)).status).toBe(204)
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

describe('a flood of beacons from one address', () => {
  let root: string
  let edgeDir: string
  let edge: FastifyInstance
  let get: (request: string | TestRequest) => Promise<TestResponse>
  let canary: string
  const clock = stepClock()

  beforeAll(async () => {
    root = await tempDir()
    edgeDir = path.join(root, 'edge')
    const dist = path.join(root, 'dist')
    await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
    await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })
    canary = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 50 })).version
    // The default rules: 50 page loads, 5 points.
    edge = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9', pageMetaWaitMs: 0, trustProxy: true, judgeEveryMs: 0 })
    get = client(await listen(edge))
  })
  afterAll(async () => {
    await edge?.close()
    await removeDir(root)
  })

  const failure = (address: string) =>
    get({
      method: 'POST',
      path: '/beacons',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ failures: [{ remote: 'mf_catalog', version: canary, kind: 'load' }] }),
    })

  it('is cut off after 30 a minute and counts twice at most: it cannot end a canary; real readers can', async () => {
    let served = 0
    while (served < 50) {
      const cohort = newCohort()
      if (!inCanary(cohort, 'mf_catalog', 50)) continue
      expect((await get({ path: '/en', headers: { cookie: `koma_cohort=${cohort}` } })).status).toBe(200)
      served++
    }
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await failure('192.0.2.66')).status)
    expect(statuses.filter((status) => status === 204)).toHaveLength(30)
    expect(statuses.slice(30)).toEqual(Array(10).fill(429))
    expect((await readRegistry(edgeDir))?.canaries?.mf_catalog?.version).toBe(canary)
    // The flood weighs 2 of 50 page loads (4 points); one failing reader elsewhere makes it 6.
    await failure('192.0.2.1')
    expect((await readRegistry(edgeDir))?.canaries).toBeUndefined()
    const last = (await readDeployments(edgeDir)).packages['mf-catalog']?.events.at(-1)
    expect(last?.reason).toMatch(/failed on 6\.0% of 50 page loads/)
  })
})

describe('automatic promotion after a clean window (--auto-promote)', () => {
  let root: string
  let edgeDir: string
  let dist: string
  const clock = stepClock()
  const rules = { windowMs: 60_000, minLoads: 5, margin: 0.05 }
  const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() }

  beforeEach(async () => {
    root = await tempDir()
    edgeDir = path.join(root, 'edge')
    dist = path.join(root, 'dist')
    log.info.mockClear()
  })
  afterEach(() => removeDir(root))

  async function setup(options: { autoPromote: boolean }) {
    const live = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })).version
    const canary = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 10, ...options })).version
    const startedAt = Date.parse((await readRegistry(edgeDir))!.canaries!.mf_catalog!.startedAt!)
    let now = startedAt
    const health = new VersionHealth(rules, () => now)
    const judge = new CanaryJudge({ edgeDir, health, registry: () => readRegistry(edgeDir), log, now: () => new Date(now) })
    return { live, canary, health, judge, at: (ms: number) => (now = startedAt + ms) }
  }

  it('promotes a canary that served enough pages within the margin once a whole window has passed, and says why', async () => {
    const { live, canary, health, judge, at } = await setup({ autoPromote: true })
    at(30_000)
    for (let i = 0; i < 5; i++) await health.pageServed('mf_catalog', canary)
    for (let i = 0; i < 40; i++) await health.pageServed('mf_catalog', live)
    await health.failed('mf_catalog', live, 'error', 2)
    // Half a window: not yet.
    expect(await judge.check()).toEqual({ ended: [], promoted: [] })
    at(60_000)
    expect(await judge.check()).toEqual({ ended: [], promoted: ['mf_catalog'] })
    const registry = await readRegistry(edgeDir)
    expect([registry?.remotes.mf_catalog?.version, registry?.canaries]).toEqual([canary, undefined])
    const [versions] = await listVersions(edgeDir, 'mf-catalog')
    expect(versions?.lastEvent).toMatchObject({ action: 'promote', version: canary, from: live })
    expect(versions?.lastEvent?.reason).toMatch(/^mf_catalog \S+ ran a clean window of 60 s: failed on 0\.0% of 5 page loads \(live \S+: 5\.0% of 40\)/)
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ remote: 'mf_catalog', canary }), 'canary promoted automatically')
    // The live version it replaced is the rollback target.
    expect(versions?.versions.find((v) => v.version === live)?.rollbackTarget).toBe(true)
  })

  it('does not promote without --auto-promote, below the minimum page loads, or over the margin (that ends it)', async () => {
    const plain = await setup({ autoPromote: false })
    for (let i = 0; i < 10; i++) await plain.health.pageServed('mf_catalog', plain.canary)
    plain.at(61_000)
    expect(await plain.judge.check()).toEqual({ ended: [], promoted: [] })
    await removeDir(edgeDir)

    const few = await setup({ autoPromote: true })
    few.at(1_000)
    for (let i = 0; i < 4; i++) await few.health.pageServed('mf_catalog', few.canary)
    few.at(61_000)
    expect(await few.judge.check()).toEqual({ ended: [], promoted: [] })
    await removeDir(edgeDir)

    const failing = await setup({ autoPromote: true })
    failing.at(10_000)
    for (let i = 0; i < 5; i++) await failing.health.pageServed('mf_catalog', failing.canary)
    await failing.health.failed('mf_catalog', failing.canary, 'boundary')
    failing.at(61_000)
    expect(await failing.judge.check()).toEqual({ ended: ['mf_catalog'], promoted: [] })
    expect((await readRegistry(edgeDir))?.remotes.mf_catalog?.version).toBe(failing.live)
  })
})
