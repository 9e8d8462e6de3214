import Fastify, { type FastifyInstance } from 'fastify'
import { PageMetadata } from './pageMeta'

describe("the page metadata's copies of the API's public answers", () => {
  let api: FastifyInstance
  let apiUrl: string
  let calls = 0
  let name = 'First name'

  beforeAll(async () => {
    api = Fastify()
    api.get('/api/comic/1', async (_req, reply) => {
      calls += 1
      return reply.header('cache-control', 'public, max-age=300').send({ result: { name } })
    })
    apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => api.close())

  it('keeps a public answer at most a minute, and forgets it when told (an operator changed the title)', async () => {
    let now = 1_000
    const meta = new PageMetadata(apiUrl, { now: () => now })
    const ask = async () => (await meta.answer('/comic/1', 'en', '203.0.113.9')).result
    expect(await ask()).toEqual({ name: 'First name' })
    name = 'Second name'
    now += 59_000
    expect(await ask()).toEqual({ name: 'First name' })
    expect(calls).toBe(1)
    now += 2_000
    expect(await ask()).toEqual({ name: 'Second name' })
    name = 'Third name'
    meta.forget()
    expect(await ask()).toEqual({ name: 'Third name' })
    expect(calls).toBe(3)
  })
})
