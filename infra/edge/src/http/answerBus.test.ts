import { RESPONSE_HEADERS } from '@koma/contracts/server'
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { redisClient } from '../registry/shared'
import { buildEdge } from '../server'
import { redisUp, removeDir, tempDir } from '../test/fixtures'
import { client, listen, type TestResponse } from '../test/http'
import { redisAnswerBus } from './answerBus'

/**
 * Two edge processes (here two edges in one process, each with its own Redis connections, as two
 * processes would have) in front of one API: an operator's write through one edge makes the
 * other forget its copy of home too (issue 18).
 */
;(redisUp ? describe : describe.skip)('edges tell each other to forget the API answers they keep (Redis)', () => {
  const prefix = `koma:test:answers:${randomBytes(4).toString('hex')}:`
  let root: string
  let api: FastifyInstance
  let version = 1
  let homeCalls = 0
  const edges: FastifyInstance[] = []
  const clients: Redis[] = []
  let viaA: ReturnType<typeof client>
  let viaB: ReturnType<typeof client>

  beforeAll(async () => {
    root = await tempDir()
    api = Fastify()
    api.get('/api/:lang/home', async (_req, reply) => {
      homeCalls += 1
      return reply.header('cache-control', 'public, max-age=600').send({ result: { version } })
    })
    // Operator writes, as the API marks them (RESPONSE_HEADERS.operatorWrite).
    api.post('/api/ops/banners', async (_req, reply) => {
      version += 1
      return reply.header(RESPONSE_HEADERS.operatorWrite, '1').send({ result: { version } })
    })
    api.post('/api/ops/refused', async (_req, reply) =>
      reply.header(RESPONSE_HEADERS.operatorWrite, '1').code(400).send({ code: 400, message: 'Invalid request' }),
    )
    const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
    const start = async () => {
      const redis = redisClient('redis://127.0.0.1:6379')
      await redis.connect()
      clients.push(redis)
      const edge = buildEdge({ edgeDir: root, apiUrl, judgeEveryMs: 0, answerBus: redisAnswerBus(redis, prefix) })
      edges.push(edge)
      return client(await listen(edge))
    }
    viaA = await start()
    viaB = await start()
  })

  afterAll(async () => {
    for (const edge of edges) await edge.close()
    for (const redis of clients) await redis.quit()
    await api.close()
    await removeDir(root)
  })

  const homeOn = async (via: typeof viaA): Promise<number> => {
    const answer: TestResponse = await via('/api/en/home')
    expect(answer.status).toBe(200)
    return answer.json<{ result: { version: number } }>().result.version
  }

  /** Asks until the edge answers home from its own copy (the API is not asked). */
  const kept = async (via: typeof viaA): Promise<number> => {
    for (let i = 0; i < 50; i++) {
      const before = homeCalls
      const seen = await homeOn(via)
      if (homeCalls === before) return seen
      // The first ask went to the API and fetched the copy for the next: wait for it to land.
      await new Promise((resolve) => setImmediate(resolve))
    }
    throw new Error('the edge never kept home')
  }

  const write = (via: typeof viaA, path: string) => via({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: '{}' })

  it('each edge keeps home for its max-age: a change the edges did not see is not served yet', async () => {
    expect(await kept(viaA)).toBe(1)
    expect(await kept(viaB)).toBe(1)
    version = 2
    expect(await homeOn(viaA)).toBe(1)
    expect(await homeOn(viaB)).toBe(1)
  })

  it("an operator's write through edge A: edge B forgets its copy before the operator hears back", async () => {
    const written = await write(viaA, '/api/ops/banners')
    expect(written.status).toBe(200)
    const now = written.json<{ result: { version: number } }>().result.version
    // No waiting: the write's answer went out once the other edges were told.
    expect(await homeOn(viaB)).toBe(now)
    expect(await homeOn(viaA)).toBe(now)
    expect(await kept(viaB)).toBe(now)
  })

  it('a refused write changes nothing: the copies stay', async () => {
    const seen = await kept(viaB)
    expect(await kept(viaA)).toBe(seen)
    version += 1
    expect((await write(viaA, '/api/ops/refused')).status).toBe(400)
    const before = homeCalls
    expect(await homeOn(viaB)).toBe(seen)
    expect(await homeOn(viaA)).toBe(seen)
    expect(homeCalls).toBe(before)
  })
})
