import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { listVersions, publish } from '../registry'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'

/**
 * The console's releases at the edge (issues 16, 17): the API decides who may (its `/ops/me`
 * with the caller's own cookie), the edge acts on its registry, and the API's audit log gets the
 * release. The API is a stand-in that knows one operator session, one that has not confirmed
 * its code, and one member.
 */
let root: string
let edgeDir: string
let api: FastifyInstance
let edge: FastifyInstance
let call: (request: string | TestRequest) => Promise<TestResponse>
const audits: Record<string, string>[] = []
let versions: { a: string; b: string; c: string }

beforeAll(async () => {
  root = await tempDir()
  edgeDir = path.join(root, 'edge')
  const dist = path.join(root, 'dist')
  const clock = stepClock()
  const a = await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })
  const b = await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock })
  const c = await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'C'), { now: clock, canaryShare: 10 })
  await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
  versions = { a: a.version, b: b.version, c: c.version }
  api = Fastify()
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  api.get('/api/ops/me', async (req, reply) => {
    const cookie = String(req.headers.cookie ?? '')
    if (cookie.includes('session=operator')) return { result: { userId: 3, nickname: 'Ops', enrolled: true, verified: true, verifiedUntil: null } }
    if (cookie.includes('session=unconfirmed')) return { result: { userId: 3, nickname: 'Ops', enrolled: true, verified: false, verifiedUntil: null } }
    if (cookie.includes('session=member')) return reply.code(403).send({ code: 403, message: 'For operators only.' })
    return reply.code(401).send({ code: 401, message: 'Sign in.' })
  })
  api.post('/api/ops/audit/releases', async (req, reply) => {
    if (!String(req.headers.cookie ?? '').includes('session=operator')) return reply.code(403).send({ code: 403, message: 'For operators only.' })
    audits.push(req.body as Record<string, string>)
    return { result: { recorded: true } }
  })
  const apiUrl = (await api.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1')
  edge = buildEdge({ edgeDir, apiUrl, judgeEveryMs: 0 })
  call = client(await listen(edge))
})
afterAll(async () => {
  await edge?.close()
  await api?.close()
  await removeDir(root)
})

/** As the browser's client sends them: a POST is form-encoded, even with nothing in it. */
const as = (session: string | null, path: string, method = 'GET'): TestRequest => ({
  path,
  method,
  headers: { ...(session ? { cookie: `session=${session}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
  ...(method === 'POST' ? { body: '' } : {}),
})

describe('releases from the operator console', () => {
  it('refuses whoever the API refuses, with its status and message, and changes nothing', async () => {
    const before = JSON.stringify(await listVersions(edgeDir))
    expect((await call(as(null, '/api/ops/releases'))).status).toBe(401)
    const member = await call(as('member', '/api/ops/releases/mf-catalog/rollback', 'POST'))
    expect(member.status).toBe(403)
    expect(member.json()).toEqual({ code: 403, message: 'For operators only.' })
    // An operator who has not typed this session's code yet: the step-up refusal.
    expect((await call(as('unconfirmed', '/api/ops/releases/mf-catalog/promote', 'POST'))).json().code).toBe(4035)
    expect(JSON.stringify(await listVersions(edgeDir))).toBe(before)
    expect(audits).toEqual([])
  })

  it('lists each package with its live version, the canary and its share', async () => {
    const answer = await call(as('operator', '/api/ops/releases'))
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    const catalog = (answer.json().result.packages as { package: string; current: string; canary: { version: string; share: number } | null }[]).find(
      (item) => item.package === 'mf-catalog',
    )
    expect(catalog).toMatchObject({ current: versions.b, canary: { version: versions.c, share: 10 } })
  })

  it('a body of more than 1 kB is refused with 413 before anything is done, never a 5xx', async () => {
    const big = await call({ ...as('operator', '/api/ops/releases/mf-catalog/rollback', 'POST'), body: `x=${'a'.repeat(1024 * 1024)}` })
    expect(big.status).toBe(413)
    expect(audits).toEqual([])
  })

  it('an unknown package or action is a 404 before anyone is asked', async () => {
    expect((await call(as('operator', '/api/ops/releases/mf-nope/rollback', 'POST'))).status).toBe(404)
    expect((await call(as('operator', '/api/ops/releases/mf-catalog/delete', 'POST'))).status).toBe(404)
  })

  it('rollback ends the canary, then goes back a version; each release is in the audit log; nothing left to undo is a 409', async () => {
    const ended = await call(as('operator', '/api/ops/releases/mf-catalog/rollback', 'POST'))
    expect(ended.json().result).toEqual({ package: 'mf-catalog', version: versions.b, previous: versions.c, endedCanary: true })
    const back = await call(as('operator', '/api/ops/releases/mf-catalog/rollback', 'POST'))
    expect(back.json().result).toEqual({ package: 'mf-catalog', version: versions.a, previous: versions.b })
    expect(audits).toEqual([
      { package: 'mf-catalog', action: 'rollback', from: versions.c, to: versions.b },
      { package: 'mf-catalog', action: 'rollback', from: versions.b, to: versions.a },
    ])
    const none = await call(as('operator', '/api/ops/releases/mf-catalog/promote', 'POST'))
    expect(none.status).toBe(409)
    expect(none.json().message).toBe('mf-catalog: there is no canary to promote, or no earlier version to roll back to.')
    const [catalog] = await listVersions(edgeDir, 'mf-catalog')
    expect(catalog!.current).toBe(versions.a)
  })
})
