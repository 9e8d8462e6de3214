import os from 'node:os'
import { loadConfig } from '../../config'
import { clusterTestLane } from '../../test/lane'
import { createTestApp, type TestApp } from '../../test/testApp'

/** Issue 18: /api/health names the process that answered, so the edge's balancing can be seen. */
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ twin: false, configure: (config) => ({ ...config, instance: 'api-test-7' }) })
})
afterAll(async () => {
  await t?.close()
})

describe('GET /api/health', () => {
  it('answers ok and the instance that answered, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ result: { ok: true, instance: 'api-test-7' } })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('names the instance KOMA_INSTANCE, else a random name stable for the process that names neither the host nor the process (issue 33)', async () => {
    expect(loadConfig({ KOMA_INSTANCE: 'api-2' }).instance).toBe('api-2')
    const own = loadConfig({}).instance
    expect(own).toMatch(/^api-[0-9a-f]{12}$/)
    expect(loadConfig({}).instance).toBe(own)
    const unnamed = await createTestApp({ twin: false })
    try {
      const body = (await unnamed.app.inject({ method: 'GET', url: '/api/health' })).body
      expect(JSON.parse(body)).toEqual({ result: { ok: true, instance: own } })
      expect(body).not.toContain(os.hostname())
      expect(body).not.toMatch(new RegExp(`\\b${process.pid}\\b`))
    } finally {
      await unnamed.close()
    }
  })
})

/** The two-instance lane (KOMA_TEST_CLUSTER=1): a test app's calls take turns over its two instances. */
;(clusterTestLane() ? describe : describe.skip)('a test app in the two-instance lane', () => {
  it('answers from two instances in turn, each naming itself', async () => {
    const pair = await createTestApp({ configure: (config) => ({ ...config, instance: 'api-pair' }) })
    try {
      expect(pair.instances).toBe(2)
      const names = []
      for (let i = 0; i < 4; i += 1) names.push((await pair.call('GET', '/api/health')).json().result.instance as string)
      expect(names).toEqual(['api-pair/1', 'api-pair/2', 'api-pair/1', 'api-pair/2'])
    } finally {
      await pair.close()
    }
  })
})

describe('KOMA_CACHE_BUS', () => {
  it('is LISTEN/NOTIFY on PostgreSQL, off on PGlite, and refuses what it cannot do', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/koma' }).cacheBus).toBe('postgres')
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/koma', KOMA_CACHE_BUS: 'off' }).cacheBus).toBe('off')
    expect(loadConfig({}).cacheBus).toBe('off')
    expect(() => loadConfig({ KOMA_CACHE_BUS: 'postgres' })).toThrow(/needs DATABASE_URL/)
    expect(() => loadConfig({ KOMA_CACHE_BUS: 'redis' })).toThrow(/postgres or off/)
  })
})
