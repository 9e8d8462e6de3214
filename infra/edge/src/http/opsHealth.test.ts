import path from 'node:path'
import type { ApiProcessReading, OpsHealth } from '@koma/contracts/server'
import Fastify, { type FastifyInstance } from 'fastify'
import { MemoryCounts, VersionHealth } from '../health/versionHealth'
import { createEdgeMetrics } from '../metrics/metrics'
import { publish } from '../registry'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'
import { queuesOf, registerOpsHealth } from './opsHealth'

/**
 * The console's Health page at the edge (issue 38): the API decides who may (its `/ops/me` with
 * the caller's cookie); the edge reads its own registry and version health and asks every API
 * process for its own registry's figures. Two stand-in API processes answer what their registry
 * would hold, counting up between readings; a third address answers nothing.
 */
let root: string
let edgeDir: string
const apis: FastifyInstance[] = []
let apiUrls: string[]
let edge: FastifyInstance
let healthApp: FastifyInstance
let viaEdge: (request: string | TestRequest) => Promise<TestResponse>
let call: (request: string | TestRequest) => Promise<TestResponse>
let versions: { live: string; canary: string }
let clock = 1_000_000
const edgeMetrics = createEdgeMetrics({ processMetrics: false })
const health = new VersionHealth(undefined, () => clock, new MemoryCounts(10 * 60_000))

/** What a stand-in process's registry holds: `total` requests, the slow ones in (0.1, 1] s. */
function reading(instance: string, total: number, slow: number, errors: number): ApiProcessReading {
  return {
    instance,
    startedAt: 42,
    requests: {
      total,
      errors,
      buckets: [
        { le: 0.1, count: total - slow },
        { le: 1, count: total },
        { le: null, count: total },
      ],
    },
    pool: instance === 'api-1' ? { inUse: 2, idle: 8, waiting: 1 } : null,
    queues: instance === 'api-1' ? [{ queue: 'notify-deliver', queued: 3, failed: 1 }] : [{ queue: 'notify-deliver', queued: 2, failed: 2 }],
  }
}

function standInApi(instance: string, readings: ApiProcessReading[]): FastifyInstance {
  const api = Fastify()
  api.get('/api/ops/me', async (req, reply) => {
    const cookie = String(req.headers.cookie ?? '')
    if (cookie.includes('session=operator')) return { result: { userId: 3, nickname: 'Ops', enrolled: true, verified: true, verifiedUntil: null } }
    if (cookie.includes('session=unconfirmed')) return { result: { userId: 3, nickname: 'Ops', enrolled: true, verified: false, verifiedUntil: null } }
    if (cookie.includes('session=member')) return reply.code(403).send({ code: 403, message: 'For operators only.' })
    return reply.code(401).send({ code: 401, message: 'Sign in.' })
  })
  // Each process refuses anyone but the operator by itself, and answers its next reading.
  api.get('/api/ops/process', async (req, reply) => {
    if (!String(req.headers.cookie ?? '').includes('session=operator')) return reply.code(403).send({ code: 403, message: 'For operators only.' })
    return { result: { reading: readings.length > 1 ? readings.shift()! : readings[0]! } }
  })
  apis.push(api)
  return api
}

beforeAll(async () => {
  root = await tempDir()
  edgeDir = path.join(root, 'edge')
  const dist = path.join(root, 'dist')
  const step = stepClock()
  const live = await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: step })
  const canary = await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: step, canaryShare: 10 })
  await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: step })
  versions = { live: live.version, canary: canary.version }
  const first = standInApi('api-1', [reading('api-1', 100, 0, 0), reading('api-1', 300, 100, 2)])
  const second = standInApi('api-2', [reading('api-2', 50, 0, 0)])
  apiUrls = [
    (await first.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1'),
    (await second.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1'),
  ]
  // An address nothing listens on (a process that is down).
  const gone = Fastify()
  const goneUrl = (await gone.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1')
  await gone.close()

  // Through the whole edge, in front of the second process (the first one's readings are for the figures below).
  edge = buildEdge({ edgeDir, apiUrl: apiUrls[1]!, judgeEveryMs: 0 })
  viaEdge = client(await listen(edge))
  healthApp = Fastify()
  registerOpsHealth(healthApp, { apiUrl: () => apiUrls[0]!, apiUrls: [...apiUrls, goneUrl], edgeDir, health, metrics: edgeMetrics, now: () => clock })
  call = client(await listen(healthApp))
})
afterAll(async () => {
  await edge?.close()
  await healthApp?.close()
  for (const api of apis) await api.close()
  await removeDir(root)
})

const as = (session: string | null): TestRequest => ({ path: '/api/ops/health', headers: session ? { cookie: `session=${session}` } : {} })

describe('the Health page at the edge', () => {
  it('refuses whoever the API refuses, with its status and message; an operator must have confirmed the second factor', async () => {
    expect((await viaEdge(as(null))).status).toBe(401)
    const member = await viaEdge(as('member'))
    expect(member.status).toBe(403)
    expect(member.json()).toEqual({ code: 403, message: 'For operators only.' })
    const unconfirmed = await viaEdge(as('unconfirmed'))
    expect(unconfirmed.status).toBe(403)
    expect(unconfirmed.json().code).toBe(4035)
    // The edge's own route, not the API proxy's: an operator gets the page's figures.
    const answer = await viaEdge(as('operator'))
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect((answer.json().result as OpsHealth).apis).toHaveLength(1)
  })

  it("shows each remote's live version and canary with readers' page loads and failures, vitals left for when the edge has them", async () => {
    for (let i = 0; i < 4; i++) await health.pageServed('mf_catalog', versions.live)
    await health.pageServed('mf_catalog', versions.canary)
    await health.failed('mf_catalog', versions.canary, 'load')
    const result = (await call(as('operator'))).json().result as OpsHealth
    expect(result.windowSeconds).toBe(600)
    const catalog = result.remotes.find((remote) => remote.remote === 'mf-catalog')
    expect(catalog).toEqual({
      remote: 'mf-catalog',
      live: { version: versions.live, loads: 4, failures: 0, rate: 0 },
      canary: { version: versions.canary, loads: 1, failures: 1, rate: 1, share: 10 },
    })
    // The host sends no beacons; remotes never deployed have no versions.
    expect(result.remotes.some((remote) => remote.remote === 'host')).toBe(false)
    expect(result.remotes.find((remote) => remote.remote === 'mf-viewer')).toEqual({ remote: 'mf-viewer', live: null, canary: null })
  })

  it('reads every API process: totals first, then rate, p99 and 5xx over the interval; a process that is down says so', async () => {
    // The previous test took each process's first reading at this clock; ten seconds later, the next.
    edgeMetrics.http.observe('GET', '/api/ops/health', 200, 0.002)
    clock += 10_000
    const result = (await call(as('operator'))).json().result as OpsHealth
    const [first, second, gone] = result.apis
    expect(first).toEqual({
      address: apiUrls[0],
      instance: 'api-1',
      reachable: true,
      figures: { requests: 300, errors: 2, intervalSeconds: 10, rate: 20, p99Seconds: expect.any(Number), recentErrors: 2 },
      pool: { inUse: 2, idle: 8, waiting: 1 },
    })
    // 200 requests in the interval, 100 of them in (0.1, 1] s: the 198th is in that bucket.
    expect(first!.figures!.p99Seconds).toBeCloseTo(0.1 + (0.9 * (198 - 100)) / 100)
    expect(second).toMatchObject({ instance: 'api-2', reachable: true, figures: { requests: 50, rate: 0, p99Seconds: null, recentErrors: 0 }, pool: null })
    expect(gone).toMatchObject({ reachable: false, instance: null, figures: null, pool: null })
    // Waiting jobs are the database's (the largest any process reports); failures each process's own.
    expect(result.queues).toEqual([{ queue: 'notify-deliver', queued: 3, failed: 3 }])
    // The edge's own registry: the requests it counted.
    expect(result.edge).toMatchObject({ requests: 1, intervalSeconds: 10, rate: 0.1 })
  })
})

describe('queuesOf', () => {
  it('keeps a queue nobody could count as unknown', () => {
    const a = reading('api-1', 1, 0, 0)
    expect(queuesOf([{ ...a, queues: [{ queue: 'q', queued: null, failed: 0 }] }])).toEqual([{ queue: 'q', queued: null, failed: 0 }])
  })
})
