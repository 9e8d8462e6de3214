import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { listVersions, publish, readRegistry } from '../registry'
import { redisClient } from '../registry/shared'
import { createEdgeMetrics } from '../metrics/metrics'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, redisUp, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'
import { CanaryJudge } from './judge'
import { RedisVitalsCounts } from './redisCounts'
import { VersionHealth } from './versionHealth'
import { VersionVitals } from './vitals'
import { vitalsP75 } from './figures'
import type { Registry } from '../registry/types'
import { VITALS_PATH, VITALS_PER_ADDRESS, VITALS_PER_MINUTE, vitalsLabelsAreLive } from './vitalsBeacons'

const rules = { windowMs: 60_000, minLoads: 50, margin: 0.05, speed: { minLoads: 5, margin: 0.2 } }

describe("readers' web vitals per remote version", () => {
  it('counts page loads per metric and reads p75 from the buckets', async () => {
    const vitals = new VersionVitals(rules, () => 0)
    for (let i = 0; i < 8; i++) await vitals.record('mf_catalog', 'v1', { LCP: 2100, TTFB: 180 })
    await vitals.record('mf_catalog', 'v1', { LCP: 9000, INP: 120, CLS: 0.02 })
    const figures = await vitals.figures('mf_catalog', 'v1')
    expect(figures.LCP.loads).toBe(9)
    expect(figures.LCP.p75).toBeGreaterThan(2000)
    expect(figures.LCP.p75).toBeLessThanOrEqual(2250)
    expect(figures.INP).toEqual({ loads: 1, p75: expect.any(Number) })
    expect(figures.TTFB.loads).toBe(8)
    expect((await vitals.figures('mf_catalog', 'other')).LCP).toEqual({ loads: 0, p75: null })
    // The console's Health page reads the same p75s (http/opsHealth.ts).
    expect(await vitalsP75(vitals)('mf_catalog', 'v1')).toEqual({ lcpMs: figures.LCP.p75, inpMs: figures.INP.p75, cls: figures.CLS.p75 })
    expect(await vitalsP75(vitals)('mf_catalog', 'other')).toEqual({ lcpMs: null, inpMs: null, cls: null })
  })

  it('forgets what is older than the window', async () => {
    let now = 0
    const vitals = new VersionVitals(rules, () => now)
    await vitals.record('mf_catalog', 'v1', { LCP: 2100 })
    now = 30_000
    await vitals.record('mf_catalog', 'v1', { LCP: 2100 })
    expect((await vitals.figures('mf_catalog', 'v1')).LCP.loads).toBe(2)
    now = 75_000
    expect((await vitals.figures('mf_catalog', 'v1')).LCP.loads).toBe(1)
    now = 200_000
    expect((await vitals.figures('mf_catalog', 'v1')).LCP.loads).toBe(0)
  })

  it('says why a canary slower than the live version must end, past the minimum page loads on each side', async () => {
    const vitals = new VersionVitals(rules, () => 0)
    for (let i = 0; i < 5; i++) await vitals.record('mf_catalog', 'live', { LCP: 2100 })
    for (let i = 0; i < 4; i++) await vitals.record('mf_catalog', 'new', { LCP: 3100 })
    expect(await vitals.verdict('mf_catalog', 'live', 'new')).toBeNull()
    await vitals.record('mf_catalog', 'new', { LCP: 3100 })
    expect(await vitals.verdict('mf_catalog', 'live', 'new')).toMatch(
      /^rolled back: p75 LCP 3\.\d s vs 2\.\d s live \(\+\d+%\): mf_catalog new is slower for its readers than live live \(5 and 5 page loads, over the 20% margin\)$/,
    )
    // As fast, within the margin: nothing.
    const even = new VersionVitals(rules, () => 0)
    for (let i = 0; i < 10; i++) await even.record('mf_catalog', i % 2 ? 'live' : 'new', { LCP: 2100, INP: 150 })
    expect(await even.verdict('mf_catalog', 'live', 'new')).toBeNull()
  })
})

describe('the canary judge on speed', () => {
  let root: string
  afterEach(() => removeDir(root))

  it('ends a canary slower for its readers, by itself, and `versions` shows why', async () => {
    root = await tempDir()
    const edgeDir = path.join(root, 'edge')
    const dist = path.join(root, 'dist')
    const clock = stepClock()
    const live = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })).version
    const canary = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 10 })).version
    const health = new VersionHealth(rules, () => 0)
    const vitals = new VersionVitals(rules, () => 0)
    const ended: string[] = []
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() }
    const judge = new CanaryJudge({ edgeDir, health, vitals, registry: () => readRegistry(edgeDir), log, onDecision: (remote) => ended.push(remote) })
    for (let i = 0; i < 5; i++) await vitals.record('mf_catalog', live, { LCP: 1800, INP: 150 })
    for (let i = 0; i < 5; i++) await vitals.record('mf_catalog', canary, { LCP: 1850, INP: 480 })
    expect(await judge.check()).toEqual({ ended: ['mf_catalog'], promoted: [] })
    expect(ended).toEqual(['mf_catalog'])
    expect((await readRegistry(edgeDir))?.canaries).toBeUndefined()
    const [versions] = await listVersions(edgeDir, 'mf-catalog')
    expect(versions?.lastEvent).toMatchObject({ action: 'canary-end', version: live, from: canary })
    expect(versions?.lastEvent?.reason).toMatch(/^rolled back: p75 INP \d+ ms vs \d+ ms live \(\+\d+%\)/)
  })
})

describe('POST /beacons/vitals', () => {
  let root: string
  let edgeDir: string
  let edge: FastifyInstance
  let get: (request: string | TestRequest) => Promise<TestResponse>
  let host: string
  let live: string
  let canary: string
  const metrics = createEdgeMetrics({ processMetrics: false })
  const clock = stepClock()

  beforeAll(async () => {
    root = await tempDir()
    edgeDir = path.join(root, 'edge')
    const dist = path.join(root, 'dist')
    host = (await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })).version
    live = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })).version
    canary = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 50 })).version
    edge = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9', pageMetaWaitMs: 0, trustProxy: true, judgeEveryMs: 0, canaryRules: rules, metrics })
    get = client(await listen(edge))
  })
  afterAll(async () => {
    await edge?.close()
    await removeDir(root)
  })

  const send = (body: unknown, options: { address?: string; contentType?: string; userAgent?: string } = {}) =>
    get({
      method: 'POST',
      path: VITALS_PATH,
      headers: {
        'content-type': options.contentType ?? 'application/json',
        'x-forwarded-for': options.address ?? '203.0.113.1',
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  /** The vitals' lines of the exposition, and the window's counts. */
  const vitalsSeries = async () =>
    JSON.stringify([(await metrics.scrape()).body.split('\n').filter((line) => line.startsWith('koma_web_vitals_')), await edge.versionFigures()])
  const good = () => ({ route: 'catalog.home', host, remote: 'mf_catalog', version: live, vitals: { LCP: 1830, INP: 96, CLS: 0.02, TTFB: 120 } })

  it('counts a live page’s vitals in the histograms and the window, by remote, version and route', async () => {
    expect((await send(good())).status).toBe(204)
    expect((await send({ ...good(), version: canary, vitals: { LCP: 2600 } }, { contentType: 'text/plain;charset=UTF-8' })).status).toBe(204)
    // A crawler's page: taken, not counted.
    expect((await send(good(), { address: '203.0.113.2', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).status).toBe(
      204,
    )
    const { body } = await metrics.scrape()
    const labels = `remote="mf_catalog",version="${live}",route="catalog.home",host_version="${host}"`
    expect(body).toContain(`koma_web_vitals_lcp_seconds_bucket{le="2",${labels}} 1`)
    expect(body).toContain(`koma_web_vitals_inp_seconds_count{${labels}} 1`)
    expect(body).toContain(`koma_web_vitals_cls_sum{${labels}} 0.02`)
    expect(body).toContain(`koma_web_vitals_ttfb_seconds_sum{${labels}} 0.12`)
    expect(body).toMatch(new RegExp(`koma_web_vitals_lcp_seconds_count\\{[^}]*version="${canary}"[^}]*\\} 1`))
    const figures = await edge.versionFigures()
    expect(figures.find((row) => row.version === live)).toMatchObject({ remote: 'mf_catalog', side: 'live', vitals: { LCP: { loads: 1 }, INP: { loads: 1 } } })
    expect(figures.find((row) => row.version === canary)).toMatchObject({ side: 'canary', vitals: { LCP: { loads: 1 }, INP: { loads: 0, p75: null } } })
    expect(figures.find((row) => row.remote === 'host')).toMatchObject({ version: host, side: 'live' })
  })

  it('asks pages for their vitals in the boot data, never a reader who does not share (cookie or GPC)', async () => {
    const bootOf = async (headers: Record<string, string>) => {
      const page = await get({ path: '/en', headers })
      expect(page.status).toBe(200)
      return JSON.parse(/<script type="application\/json" id="koma-boot">(.*?)<\/script>/s.exec(page.text)![1]!) as { vitals?: true }
    }
    expect((await bootOf({})).vitals).toBe(true)
    expect((await bootOf({ cookie: 'koma_dns=1' })).vitals).toBeUndefined()
    expect((await bootOf({ 'sec-gpc': '1' })).vitals).toBeUndefined()
  })

  it.each([
    ['malformed JSON', '{nope'],
    ['JSON that is not an object', '"LCP"'],
    ['an unknown field', { ...good(), email: 'reader@example.com' }],
    ['an unknown metric', { ...good(), vitals: { FID: 3 } }],
    ['a value out of bounds', { ...good(), vitals: { LCP: 1e9 } }],
    ['a negative value', { ...good(), vitals: { CLS: -0.1 } }],
    ['a remote the registry does not have', { ...good(), remote: 'mf_nothing' }],
    ['a version no longer live', { ...good(), version: '20200101000000-00000000' }],
    ['a host version not live', { ...good(), host: '20200101000000-00000000' }],
    ['a route that does not exist', { ...good(), route: 'catalog.nowhere' }],
    ['a route another remote draws', { ...good(), route: 'viewer.comic' }],
    ['a label made to grow the series', { ...good(), route: 'x'.repeat(70) }],
    ['prototype keys', '{"__proto__":{"polluted":1},"route":"catalog.home"}'],
  ])('refuses %s with 400 and counts nothing', async (_name, body) => {
    const before = await vitalsSeries()
    const answer = await send(body, { address: '203.0.113.9' })
    expect(answer.status).toBe(400)
    expect(answer.json()).toMatchObject({ code: 400, message: expect.any(String) })
    expect(await vitalsSeries()).toBe(before)
  })

  it('refuses a body over its limit with 413 and other media types with 415, never 500', async () => {
    expect((await send({ ...good(), padding: 'x'.repeat(4096) }, { address: '203.0.113.10' })).status).toBe(413)
    expect((await send('route=catalog.home', { address: '203.0.113.10', contentType: 'application/x-www-form-urlencoded' })).status).toBe(415)
  })

  it(`cuts an address off after ${VITALS_PER_MINUTE} a minute (429), and counts at most ${VITALS_PER_ADDRESS} page loads of it per version`, async () => {
    const before = (await edge.versionFigures()).find((row) => row.version === live)!.vitals.LCP.loads
    const statuses: number[] = []
    for (let i = 0; i < VITALS_PER_MINUTE + 5; i++) statuses.push((await send(good(), { address: '192.0.2.77' })).status)
    expect(statuses.slice(0, VITALS_PER_MINUTE)).toEqual(Array(VITALS_PER_MINUTE).fill(204))
    expect(statuses.slice(VITALS_PER_MINUTE)).toEqual(Array(5).fill(429))
    const after = (await edge.versionFigures()).find((row) => row.version === live)!.vitals.LCP.loads
    expect(after - before).toBe(Math.min(VITALS_PER_MINUTE, VITALS_PER_ADDRESS))
  })
})

describe('vitals labels', () => {
  const registry: Registry = {
    host: { version: 'h1', base: '/host/h1/' },
    remotes: { mf_catalog: { version: 'c1', entry: '/remotes/mf-catalog/c1/mf-manifest.json' } },
    canaries: { mf_catalog: { version: 'c2', entry: '/remotes/mf-catalog/c2/mf-manifest.json', share: 10 } },
  }
  const beacon = { route: 'catalog.home', host: 'h1', remote: 'mf_catalog', version: 'c1', vitals: { LCP: 1 } }

  it('are live ones only: the host, the route’s owner and its live or canary version', () => {
    expect(vitalsLabelsAreLive(beacon, registry)).toBe(true)
    expect(vitalsLabelsAreLive({ ...beacon, version: 'c2' }, registry)).toBe(true)
    expect(vitalsLabelsAreLive({ ...beacon, version: 'c0' }, registry)).toBe(false)
    expect(vitalsLabelsAreLive({ ...beacon, host: 'h0' }, registry)).toBe(false)
    expect(vitalsLabelsAreLive({ ...beacon, remote: 'host', version: 'h1' }, registry)).toBe(false)
    expect(vitalsLabelsAreLive(beacon, null)).toBe(false)
  })
})

;(redisUp ? describe : describe.skip)('vitals shared through Redis', () => {
  const prefix = `koma:test:vitals:${process.pid}:`
  const clients: Redis[] = []
  afterAll(async () => {
    const redis = clients[0]
    if (redis) {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length) await redis.del(...keys)
    }
    for (const redis of clients) await redis.quit()
  })

  it('give two edges one p75 over both edges’ readers', async () => {
    const edges = []
    for (let i = 0; i < 2; i++) {
      const redis = redisClient('redis://127.0.0.1:6379')
      await redis.connect()
      clients.push(redis)
      edges.push(new VersionVitals(rules, () => 0, new RedisVitalsCounts(redis, prefix, rules.windowMs)))
    }
    const [a, b] = edges as [VersionVitals, VersionVitals]
    for (let i = 0; i < 3; i++) await a.record('mf_catalog', 'v1', { LCP: 1000 })
    for (let i = 0; i < 9; i++) await b.record('mf_catalog', 'v1', { LCP: 4000, INP: 300 })
    const seenByA = await a.figures('mf_catalog', 'v1')
    expect(seenByA).toEqual(await b.figures('mf_catalog', 'v1'))
    expect(seenByA.LCP.loads).toBe(12)
    expect(seenByA.LCP.p75).toBeGreaterThan(3500)
    expect(seenByA.INP.loads).toBe(9)
    // Their keys expire once out of the window.
    const keys = await clients[0]!.keys(`${prefix}vitals:*`)
    expect(keys.length).toBeGreaterThan(0)
    expect(await clients[0]!.pttl(keys[0]!)).toBeGreaterThan(rules.windowMs)
  })
})
