import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { RedisCounts } from '../health/redisCounts'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, redisUp, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'
import { inCanary, newCohort } from './cohort'
import { publish, readDeployments, readRegistry, rollback } from './index'
import { eventually } from '../../../e2e/support/eventually'
import { closeSharedState, redisClient, sharedStateConfig } from './shared'
import { deploymentsPath, registryPath } from './store'

const REDIS_URL = 'redis://127.0.0.1:6379'
const prefix = `koma:test:edge:${randomBytes(4).toString('hex')}:`
const saved = { store: process.env.KOMA_EDGE_STORE, url: process.env.REDIS_URL, prefix: process.env.KOMA_EDGE_REDIS_PREFIX }

;(redisUp ? describe : describe.skip)('two edges sharing Redis (KOMA_EDGE_STORE=redis)', () => {
  let root: string
  let edgeDir: string
  const edges: FastifyInstance[] = []
  const clients: Redis[] = []
  let getA: (request: string | TestRequest) => Promise<TestResponse>
  let getB: (request: string | TestRequest) => Promise<TestResponse>
  let live: string
  let canary: string
  const clock = stepClock()
  const rules = { windowMs: 600_000, minLoads: 10, margin: 0.05 }

  beforeAll(async () => {
    process.env.KOMA_EDGE_STORE = 'redis'
    process.env.REDIS_URL = REDIS_URL
    process.env.KOMA_EDGE_REDIS_PREFIX = prefix
    root = await tempDir()
    // One folder of versions (a shared volume); the registry and history are in Redis only.
    edgeDir = path.join(root, 'edge')
    const dist = path.join(root, 'dist')
    await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
    live = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })).version
    canary = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 50 })).version
    const start = async () => {
      // Each edge with its own connection, as two processes would have.
      const redis = redisClient(REDIS_URL)
      await redis.connect()
      clients.push(redis)
      const edge = buildEdge({
        edgeDir,
        apiUrl: 'http://127.0.0.1:9',
        pageMetaWaitMs: 0,
        trustProxy: true,
        judgeEveryMs: 0,
        canaryRules: rules,
        healthCounts: new RedisCounts(redis, prefix, rules.windowMs),
      })
      edges.push(edge)
      return client(await listen(edge))
    }
    getA = await start()
    getB = await start()
  })

  afterAll(async () => {
    for (const edge of edges) await edge.close()
    const redis = clients[0]
    if (redis) {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length) await redis.del(...keys)
    }
    for (const redis of clients) await redis.quit()
    await closeSharedState()
    Object.assign(process.env, { KOMA_EDGE_STORE: saved.store, REDIS_URL: saved.url, KOMA_EDGE_REDIS_PREFIX: saved.prefix })
    for (const [name, value] of Object.entries({ KOMA_EDGE_STORE: saved.store, REDIS_URL: saved.url, KOMA_EDGE_REDIS_PREFIX: saved.prefix }))
      if (value === undefined) delete process.env[name]
    await removeDir(root)
  })

  const sideOn = async (get: typeof getA, cohort: string) =>
    (await get({ path: '/registry.json', headers: { cookie: `koma_cohort=${cohort}` } })).json().remotes.mf_catalog.version as string

  it('keeps the registry and history in Redis, not in the edge folder', async () => {
    expect(existsSync(registryPath(edgeDir))).toBe(false)
    expect(existsSync(deploymentsPath(edgeDir))).toBe(false)
    expect((await readRegistry(edgeDir))?.canaries?.mf_catalog?.version).toBe(canary)
  })

  it('agree on who is in the canary', async () => {
    for (let i = 0; i < 20; i++) {
      const cohort = newCohort()
      const expected = inCanary(cohort, 'mf_catalog', 50) ? canary : live
      expect([await sideOn(getA, cohort), await sideOn(getB, cohort)]).toEqual([expected, expected])
    }
  })

  it('judge on both edges’ counts: pages served by one, failures heard by the other; the rollback reaches both', async () => {
    const inTrial: string[] = []
    while (inTrial.length < 10) {
      const cohort = newCohort()
      if (!inCanary(cohort, 'mf_catalog', 50)) continue
      expect((await getA({ path: '/en', headers: { cookie: `koma_cohort=${cohort}` } })).status).toBe(200)
      inTrial.push(cohort)
    }
    // Edge B served none of these pages: without the shared counts it could never judge the canary.
    const beacon = await getB({
      method: 'POST',
      path: '/beacons',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failures: [{ remote: 'mf_catalog', version: canary, kind: 'load' }] }),
    })
    expect(beacon.status).toBe(204)
    const last = (await readDeployments(edgeDir)).packages['mf-catalog']?.events.at(-1)
    expect(last).toMatchObject({ action: 'canary-end', version: live, from: canary })
    expect(last?.reason).toMatch(/failed on 10\.0% of 10 page loads/)
    // Both edges (A too, which decided nothing) send the canary readers back to the live version.
    for (const cohort of inTrial)
      await eventually(
        () => sideOn(getA, cohort),
        (side) => side === live,
      )
    await eventually(
      () => sideOn(getB, inTrial[0]!),
      (side) => side === live,
    )
  })

  it('a deploy, then a rollback, from the command line (same Redis) reach both edges', async () => {
    const next = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(path.join(root, 'dist'), 'mf_catalog', 'C'), { now: clock })).version
    for (const get of [getA, getB])
      await eventually(
        () => sideOn(get, newCohort()),
        (side) => side === next,
      )
    await rollback(edgeDir, 'mf-catalog')
    for (const get of [getA, getB])
      await eventually(
        () => sideOn(get, newCohort()),
        (side) => side === live,
      )
  })
})

describe('KOMA_EDGE_STORE', () => {
  it('is files unless it says redis, which needs REDIS_URL; anything else stops the edge', () => {
    expect(sharedStateConfig({})).toBeNull()
    expect(sharedStateConfig({ KOMA_EDGE_STORE: 'files', REDIS_URL: REDIS_URL })).toBeNull()
    expect(sharedStateConfig({ KOMA_EDGE_STORE: 'redis', REDIS_URL: REDIS_URL })).toEqual({ url: REDIS_URL, prefix: 'koma:edge:' })
    expect(sharedStateConfig({ KOMA_EDGE_STORE: 'redis', REDIS_URL: REDIS_URL, KOMA_EDGE_REDIS_PREFIX: 'site2:' })?.prefix).toBe('site2:')
    expect(() => sharedStateConfig({ KOMA_EDGE_STORE: 'redis' })).toThrow('needs REDIS_URL')
    expect(() => sharedStateConfig({ KOMA_EDGE_STORE: 'postgres' })).toThrow('must be files or redis')
  })
})
