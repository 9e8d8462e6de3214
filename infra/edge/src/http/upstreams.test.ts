import type { AddressInfo } from 'node:net'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { eventually } from '../../../e2e/support/eventually'
import { loadConfig } from '../config'
import { buildEdge } from '../server'
import { removeDir, tempDir } from '../test/fixtures'
import { client, listen, type TestResponse } from '../test/http'
import { ApiUpstreams, isConnectionFailure, parseApiUrls } from './upstreams'

/** Issue 18: the edge in front of several API processes. */

describe('API_URL', () => {
  it('takes one address or a comma list, and refuses a malformed one', () => {
    expect(parseApiUrls('http://127.0.0.1:8081')).toEqual(['http://127.0.0.1:8081'])
    expect(parseApiUrls(' http://127.0.0.1:8081/, http://127.0.0.1:8082 ,http://127.0.0.1:8081')).toEqual(['http://127.0.0.1:8081', 'http://127.0.0.1:8082'])
    expect(() => parseApiUrls(',')).toThrow(/no address/)
    expect(() => parseApiUrls('http://127.0.0.1:8081,127.0.0.1:8082')).toThrow(/not a URL|http or https/)
    expect(loadConfig({ API_URL: 'http://127.0.0.1:9001,http://127.0.0.1:9002' }).apiUrl).toBe('http://127.0.0.1:9001,http://127.0.0.1:9002')
    expect(() => loadConfig({ API_URL: 'ftp://127.0.0.1:9001' })).toThrow(/http or https/)
  })
})

describe('ApiUpstreams', () => {
  it('goes round the healthy addresses, skips one taken out, and still picks one when none is healthy', () => {
    const upstreams = new ApiUpstreams(['http://a:1', 'http://b:1', 'http://c:1'])
    const picks = Array.from({ length: 6 }, () => upstreams.pick())
    expect(new Set(picks)).toEqual(new Set(['http://a:1', 'http://b:1', 'http://c:1']))
    upstreams.markDown('http://b:1')
    expect(Array.from({ length: 6 }, () => upstreams.pick())).not.toContain('http://b:1')
    expect(upstreams.pick('http://a:1')).toBe('http://c:1')
    upstreams.markDown('http://a:1')
    upstreams.markDown('http://c:1')
    expect(['http://a:1', 'http://b:1', 'http://c:1']).toContain(upstreams.pick())
    expect(upstreams.pick('http://a:1')).not.toBe('http://a:1')
  })

  it('never takes out the only address', () => {
    const one = new ApiUpstreams('http://a:1')
    one.markDown('http://a:1')
    expect(one.unhealthy).toEqual([])
    expect(one.pick()).toBe('http://a:1')
  })

  it('counts refused and reset connections as failures to reach, not other errors', () => {
    expect(isConnectionFailure(Object.assign(new Error('x'), { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }))).toBe(true)
    expect(isConnectionFailure(Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }))).toBe(true)
    expect(isConnectionFailure(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe(false)
    expect(isConnectionFailure(new Error('x'))).toBe(false)
  })
})

/** A small fake API process: names itself, counts the writes it received. */
interface FakeApi {
  name: string
  app: FastifyInstance
  port: number
  writes: number
  reads: number
}

async function fakeApi(name: string, port = 0): Promise<FakeApi> {
  const api: FakeApi = { name, app: Fastify(), port, writes: 0, reads: 0 }
  api.app.get('/api/health', async () => ({ result: { ok: true, instance: name } }))
  api.app.get('/api/who', async () => {
    api.reads++
    return { result: { instance: name } }
  })
  api.app.post('/api/write', async (req) => {
    api.writes++
    return { result: { instance: name, body: req.body ?? null, xff: req.headers['x-forwarded-for'] ?? null } }
  })
  await api.app.listen({ host: '127.0.0.1', port })
  api.port = (api.app.server.address() as AddressInfo).port
  return api
}

describe('the edge over two API processes', () => {
  let root: string
  let a: FakeApi
  let b: FakeApi
  const edges: FastifyInstance[] = []

  const edgeOver = async (healthCheckMs: number) => {
    const edge = buildEdge({
      edgeDir: path.join(root, 'edge'),
      apiUrl: `http://127.0.0.1:${a.port},http://127.0.0.1:${b.port}`,
      apiHealthCheckMs: healthCheckMs,
    })
    edges.push(edge)
    return client(await listen(edge))
  }
  const who = (res: TestResponse) => (res.status === 200 ? (res.json<{ result: { instance: string } }>().result.instance as string) : `status ${res.status}`)

  beforeEach(async () => {
    root = await tempDir()
    a = await fakeApi('api-a')
    b = await fakeApi('api-b')
  })
  afterEach(async () => {
    await Promise.all(edges.splice(0).map((edge) => edge.close()))
    await a.app.close()
    await b.app.close()
    await removeDir(root)
  })

  it('balances reads over both', async () => {
    const send = await edgeOver(0)
    const answers = []
    for (let i = 0; i < 10; i++) answers.push(who(await send('/api/who')))
    expect(answers.filter((name) => name === 'api-a').length).toBeGreaterThan(0)
    expect(answers.filter((name) => name === 'api-b').length).toBeGreaterThan(0)
    expect(answers.length).toBe(10)
    expect(a.reads + b.reads).toBe(10)
  })

  it('passes a write’s body and the reader’s address through, as with one API', async () => {
    const send = await edgeOver(0)
    for (let i = 0; i < 2; i++) {
      const res = await send({
        method: 'POST',
        path: '/api/write',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: '{"n":1}',
      })
      expect(res.status).toBe(200)
      expect(res.json().result).toMatchObject({ body: { n: 1 }, xff: '127.0.0.1' })
    }
    expect(a.writes).toBe(1)
    expect(b.writes).toBe(1)
  })

  it('routes around a killed process: a read that hit it is retried on the other, later reads avoid it', async () => {
    const send = await edgeOver(0)
    await b.app.close()
    const answers = []
    for (let i = 0; i < 8; i++) answers.push(who(await send('/api/who')))
    expect(answers).toEqual(Array(8).fill('api-a'))
    // One read reached the dead one (and was retried); after that it was taken out.
    expect(a.reads).toBe(8)
  })

  it('never sends a POST twice: the reader gets the network failure when its process was dead', async () => {
    const send = await edgeOver(0)
    await b.app.close()
    const statuses: number[] = []
    for (let i = 0; i < 2; i++) {
      const before = a.writes
      // No body: a retry would go out whole (a body already streamed to the dead process could not).
      const res = await send({ method: 'POST', path: '/api/write' })
      statuses.push(res.status)
      // A refused write is not sent on to the other process; an answered one was sent once.
      expect(a.writes - before).toBe(res.status === 200 ? 1 : 0)
      if (res.status !== 200) expect(res.json()).toMatchObject({ code: 9999 })
    }
    expect(statuses).toContain(502)
  })

  it('puts a process taken out back once its health check answers again', async () => {
    const send = await edgeOver(50)
    const port = b.port
    await b.app.close()
    // Taken out (by a failed read or a failed check): reads all go to a.
    for (let i = 0; i < 4; i++) expect(who(await send('/api/who'))).toBe('api-a')
    // Back on the same port: only a health check can put it back in the rotation.
    b = await fakeApi('api-b', port)
    await eventually(
      async () => who(await send('/api/who')),
      (name) => name === 'api-b',
    )
  })
})
