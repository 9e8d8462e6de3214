import { RESPONSE_HEADERS } from '@koma/contracts/server'
import path from 'node:path'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { eventually } from '../../../e2e/support/eventually'
import { buildEdge } from '../server'
import { removeDir, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'

interface Seen {
  method: string
  url: string
  body: string
  cookie?: string
  xff?: string
  host?: string
  contentType?: string
}

let root: string
let upstream: FastifyInstance
let edge: FastifyInstance
let send: (request: string | TestRequest) => Promise<TestResponse>
const seen: Seen[] = []
let failures503 = 0
let homeCalls = 0
let inMaintenance = false

beforeAll(async () => {
  root = await tempDir()
  // A fake API: echoes what it received, sets cookies, answers with chosen statuses.
  upstream = Fastify()
  upstream.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
  upstream.removeContentTypeParser('application/json')
  upstream.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body))
  upstream.all('/api/echo', async (req, reply) => {
    const record: Seen = {
      method: req.method,
      url: req.url,
      body: typeof req.body === 'string' ? req.body : '',
      cookie: req.headers.cookie,
      xff: req.headers['x-forwarded-for'] as string | undefined,
      host: req.headers.host,
      contentType: req.headers['content-type'],
    }
    seen.push(record)
    reply.header('set-cookie', ['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/'])
    reply.code(req.method === 'POST' ? 201 : 200)
    return record
  })
  upstream.get('/api/big', async () => ({ items: Array.from({ length: 300 }, (_, i) => ({ id: i, title: `Comic ${i}` })) }))
  // A book's resources as the API serves them: XHTML, an OpenType font, a WOFF2 font, a range.
  const bookText = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body>${'<p>Call me Ishmael.</p>'.repeat(200)}</body></html>`
  upstream.get('/api/book/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file
    const type = { 'doc.xhtml': 'application/xhtml+xml', 'font.otf': 'application/vnd.ms-opentype', 'font.ttf': 'font/ttf', 'font.woff2': 'font/woff2' }[file]
    if (req.headers.range)
      return reply.code(206).header('content-type', type).header('content-range', `bytes 0-99/${bookText.length}`).send(bookText.slice(0, 100))
    return reply.header('content-type', type).send(bookText)
  })
  upstream.get('/api/maintenance', async (_req, reply) => {
    failures503++
    return reply.code(503).send({ code: 503, message: 'maintenance' })
  })
  // The API's public home, answered 503 like every reader call once maintenance begins.
  upstream.get('/api/en/home', async (_req, reply) => {
    homeCalls++
    if (inMaintenance) return reply.code(503).send({ code: 503, message: 'maintenance', maintenance: { title: 'Down', description: '', endAt: null } })
    return reply.header('cache-control', 'public, max-age=600').send({ code: 0, result: { popups: [], sections: [] } })
  })
  upstream.get('/api/missing', async (_req, reply) => reply.code(404).send({ code: 404, message: 'nope' }))
  // An operator's change to the home (issue 17), and one the API refused: the API marks both as an
  // operator's write (RESPONSE_HEADERS.operatorWrite, infra/api/src/http/route.ts).
  upstream.post('/api/ops/home/banners', async (_req, reply) => reply.header(RESPONSE_HEADERS.operatorWrite, '1').send({ code: 0, result: { id: 1 } }))
  upstream.post('/api/ops/home/popups', async (_req, reply) =>
    reply.header(RESPONSE_HEADERS.operatorWrite, '1').code(400).send({ code: 400, message: 'refused' }),
  )
  // A write the API does not mark: whatever its path, the edge keeps its copies.
  upstream.post('/api/ops/home/unmarked', async () => ({ code: 0, result: { id: 2 } }))
  const port = await listen(upstream)

  edge = buildEdge({ edgeDir: path.join(root, 'edge'), apiUrl: `http://127.0.0.1:${port}` })
  send = client(await listen(edge))
})

afterAll(async () => {
  await edge.close()
  await upstream.close()
  await removeDir(root)
})

beforeEach(() => {
  seen.length = 0
})

describe('/api proxy', () => {
  it('passes method, path, query, body and cookies through, and Set-Cookie and status back', async () => {
    const res = await send({
      method: 'POST',
      path: '/api/echo?page=2&sort=new',
      headers: { 'content-type': 'application/json', cookie: 'session=old; lang=fr' },
      body: JSON.stringify({ title: 'Koma', n: 1 }),
    })
    expect(res.status).toBe(201)
    expect(res.headers['set-cookie']).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/'])
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/echo?page=2&sort=new',
      cookie: 'session=old; lang=fr',
      contentType: 'application/json',
    })
    expect(JSON.parse(seen[0]!.body)).toEqual({ title: 'Koma', n: 1 })
    expect(res.json()).toMatchObject({ method: 'POST', url: '/api/echo?page=2&sort=new' })
  })

  it('proxies every method, with non-JSON bodies untouched', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const hasBody = method === 'PUT' || method === 'PATCH'
      const res = await send({
        method,
        path: '/api/echo',
        ...(hasBody ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=%C3%A9' } : {}),
      })
      expect([method, res.status]).toEqual([method, 200])
    }
    expect(seen.map((s) => s.method)).toEqual(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
    expect(seen[1]?.body).toBe('a=1&b=%C3%A9')
    expect(seen[1]?.contentType).toBe('application/x-www-form-urlencoded')
  })

  it('sets X-Forwarded-For to the caller address, replacing a client-supplied one', async () => {
    await send('/api/echo')
    expect(seen[0]?.xff).toBe('127.0.0.1')
    await send({ path: '/api/echo', headers: { 'x-forwarded-for': '6.6.6.6' } })
    expect(seen[1]?.xff).toBe('127.0.0.1')
  })

  it('passes API errors through as they are, without retrying', async () => {
    const missing = await send('/api/missing')
    expect(missing.status).toBe(404)
    expect(missing.json()).toEqual({ code: 404, message: 'nope' })

    const maintenance = await send('/api/maintenance')
    expect(maintenance.status).toBe(503)
    expect(maintenance.json()).toEqual({ code: 503, message: 'maintenance' })
    expect(failures503).toBe(1)
  })

  it('compresses large JSON answers for browsers that accept it', async () => {
    const plain = await send('/api/big')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const items = plain.json().items
    expect(items).toHaveLength(300)

    const br = await send({ path: '/api/big', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-length']).toBeUndefined()
    expect(br.headers.vary).toContain('Accept-Encoding')
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString()).items).toEqual(items)

    const gz = await send({ path: '/api/big', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString()).items).toEqual(items)

    // Small answers are not worth it.
    const small = await send({ path: '/api/missing', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it("compresses a book's XHTML and its uncompressed fonts, not its WOFF2 fonts nor a range (issue 39)", async () => {
    for (const file of ['doc.xhtml', 'font.otf', 'font.ttf']) {
      const br = await send({ path: `/api/book/${file}`, headers: { 'accept-encoding': 'br' } })
      expect([file, br.headers['content-encoding']]).toEqual([file, 'br'])
      expect(zlib.brotliDecompressSync(br.body).toString()).toContain('Call me Ishmael.')
    }
    const woff2 = await send({ path: '/api/book/font.woff2', headers: { 'accept-encoding': 'br' } })
    expect(woff2.headers['content-encoding']).toBeUndefined()
    const range = await send({ path: '/api/book/doc.xhtml', headers: { 'accept-encoding': 'br', range: 'bytes=0-99' } })
    expect([range.status, range.headers['content-encoding'], range.body.length]).toEqual([206, undefined, 100])
  })

  it('answers 502 with SPEC §8 network failure (9999) in the reader language when the API is down', async () => {
    const closed = Fastify()
    const port = await listen(closed)
    await closed.close() // nothing listens on that port any more
    const lonely = buildEdge({ edgeDir: path.join(root, 'edge'), apiUrl: `http://127.0.0.1:${port}` })
    try {
      const res = await client(await listen(lonely))({ path: '/api/content/1' })
      expect(res.status).toBe(502)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.json()).toEqual({ name: 'networkFailure', code: 9999, message: 'connection lost' })
      const ja = await client((lonely.server.address() as { port: number }).port)({ path: '/api/content/1', headers: { 'x-koma-language': 'ja' } })
      expect([ja.status, ja.json()]).toEqual([502, { name: 'networkFailure', code: 9999, message: '接続が切れました' }])
      const fr = await client((lonely.server.address() as { port: number }).port)({ path: '/api/content/1', headers: { 'x-koma-language': 'fr' } })
      expect(fr.json()).toEqual({ name: 'networkFailure', code: 9999, message: 'connexion perdue' })
      const post = await client((lonely.server.address() as { port: number }).port)({
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: '{"id":"a"}',
      })
      expect(post.status).toBe(502)
    } finally {
      await lonely.close()
    }
  })
})

describe('the edge copy of the public home', () => {
  it('answers home from its copy while fresh, and drops it as soon as the API answers 503 (maintenance)', async () => {
    // The first reader's request fills the copy; then the API is not asked again.
    await eventually(async () => {
      const before = homeCalls
      const answer = await send('/api/en/home')
      return answer.status === 200 && homeCalls === before
    }, Boolean)
    inMaintenance = true
    try {
      // Any reader call meets the maintenance answer...
      expect((await send('/api/maintenance')).status).toBe(503)
      // ...and home is no longer served from the copy: the reader gets the API's 503 too.
      expect((await send('/api/en/home')).status).toBe(503)
    } finally {
      inMaintenance = false
    }
  })

  it('drops its copy once an operator changed the home through it, not for a refused change or a read', async () => {
    const copyAnswers = async () => {
      const before = homeCalls
      const answer = await send('/api/en/home')
      return answer.status === 200 && homeCalls === before
    }
    await eventually(copyAnswers, Boolean)
    expect(
      (await send({ method: 'POST', path: '/api/ops/home/popups', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'kind=content' }))
        .status,
    ).toBe(400)
    expect(await copyAnswers()).toBe(true)
    expect(
      (await send({ method: 'POST', path: '/api/ops/home/unmarked', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' })).status,
    ).toBe(200)
    expect(await copyAnswers()).toBe(true)
    expect(
      (await send({ method: 'POST', path: '/api/ops/home/banners', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'sectionId=1' }))
        .status,
    ).toBe(200)
    // Not from the copy: the API is asked again (and the edge fetches a new copy for the next reader).
    const before = homeCalls
    expect((await send('/api/en/home')).status).toBe(200)
    expect(homeCalls).toBeGreaterThan(before)
  })
})
