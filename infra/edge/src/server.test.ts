import { hostname } from 'node:os'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { publish, rollback } from './registry'
import { inCanary, newCohort } from './registry/cohort'
import { contentSecurityPolicy } from './http/security'
import { buildEdge } from './server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from './test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from './test/http'

let root: string
let edgeDir: string
let app: FastifyInstance
let get: (pathOrOptions: string | TestRequest) => Promise<TestResponse>
let host: string
let catalogA: string
let catalogB: string
const clock = stepClock()

beforeAll(async () => {
  root = await tempDir()
  edgeDir = path.join(root, 'edge')
  const dist = path.join(root, 'dist')
  catalogA = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })).version
  catalogB = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock })).version
  host = (await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })).version
  // Nothing listens on port 9: /api is not under test here.
  app = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9' })
  get = client(await listen(app))
})
afterAll(async () => {
  await app.close()
  await removeDir(root)
})

const remoteFile = (version: string, file: string) => `/remotes/mf-catalog/${version}/${file}`
const onDisk = (version: string, file: string) => fs.readFile(path.join(edgeDir, 'remotes', 'mf-catalog', version, file))

describe('/registry.json', () => {
  it('serves the registry uncached and sees a rollback without a restart', async () => {
    const before = await get({ path: '/registry.json' })
    expect(before.status).toBe(200)
    expect(before.headers['cache-control']).toBe('no-cache')
    expect(before.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(before.json()).toEqual({
      host: { version: host, base: `/host/${host}/` },
      remotes: { mf_catalog: { version: catalogB, entry: `/remotes/mf-catalog/${catalogB}/mf-manifest.json` } },
    })

    await rollback(edgeDir, 'mf-catalog')
    const after = await get({ path: '/registry.json' })
    expect(after.json().remotes.mf_catalog.version).toBe(catalogA)

    // Forward again for the other tests.
    await publish(edgeDir, 'mf-catalog', await makeRemoteDist(path.join(root, 'dist'), 'mf_catalog', 'B'), { now: clock })
    expect((await get({ path: '/registry.json' })).json().remotes.mf_catalog.version).toBe(catalogB)
  })

  it('revalidates with an ETag', async () => {
    const first = await get({ path: '/registry.json' })
    const etag = first.headers.etag as string
    expect(etag).toBeTruthy()
    const second = await get({ path: '/registry.json', headers: { 'if-none-match': etag } })
    expect(second.status).toBe(304)
    expect(second.body.length).toBe(0)
  })

  it('answers an empty registry before anything is deployed', async () => {
    const empty = buildEdge({ edgeDir: path.join(root, 'nothing'), apiUrl: 'http://127.0.0.1:9' })
    const getEmpty = client(await listen(empty))
    const res = await getEmpty('/registry.json')
    expect(res.status).toBe(200)
    expect(res.json()).toEqual({ remotes: {} })
    const page = await getEmpty('/en/comic/3')
    expect(page.status).toBe(503)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.text).toContain('Koma is starting')
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy({ paypal: false }))
    await empty.close()
  })
})

describe('/builds/latest.json', () => {
  it('names the live version of the shell and of each remote, uncached, and follows a rollback', async () => {
    const res = await get('/builds/latest.json')
    expect([res.status, res.headers['cache-control']]).toEqual([200, 'no-store'])
    expect(res.json()).toEqual({ host, remotes: { mf_catalog: catalogB }, required: [] })
    await rollback(edgeDir, 'mf-catalog')
    expect((await get('/builds/latest.json')).json().remotes).toEqual({ mf_catalog: catalogA })
    await publish(edgeDir, 'mf-catalog', await makeRemoteDist(path.join(root, 'dist'), 'mf_catalog', 'B'), { now: clock })
    expect((await get('/builds/latest.json')).json().remotes).toEqual({ mf_catalog: catalogB })
  })
})

describe('versions marked required', () => {
  it('deploy --required (or of what is live) names the remote in required; a later plain deploy does not', async () => {
    const dir = path.join(root, 'required-edge')
    const dist = path.join(root, 'required-dist')
    const hostVersion = (await publish(dir, 'host', await makeHostDist(dist, 'A'), { now: clock })).version
    await publish(dir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })
    const edge = buildEdge({ edgeDir: dir, apiUrl: 'http://127.0.0.1:9', judgeEveryMs: 0 })
    const getLatest = client(await listen(edge))
    try {
      expect((await getLatest('/builds/latest.json')).json().required).toEqual([])
      const fixed = (await publish(dir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, required: true })).version
      expect((await getLatest('/builds/latest.json')).json()).toEqual({ host: hostVersion, remotes: { mf_catalog: fixed }, required: ['mf_catalog'] })
      expect((await getLatest('/registry.json')).json().remotes.mf_catalog).toMatchObject({ version: fixed, required: true })
      // The same build again with --required marks the live one (the shell here).
      expect((await publish(dir, 'host', await makeHostDist(dist, 'A'), { now: clock, required: true })).status).toBe('unchanged')
      expect((await getLatest('/builds/latest.json')).json().required).toEqual(['host', 'mf_catalog'])
      await publish(dir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'C'), { now: clock })
      expect((await getLatest('/builds/latest.json')).json().required).toEqual(['host'])
    } finally {
      await edge.close()
    }
  })
})

describe('a canary', () => {
  it('keeps each reader on one side, in the page, /registry.json and /builds/latest.json; no cookie without a canary', async () => {
    const dir = path.join(root, 'canary-edge')
    const dist = path.join(root, 'canary-dist')
    await publish(dir, 'host', await makeHostDist(dist, 'A'), { now: clock })
    const live = (await publish(dir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })).version
    const edge = buildEdge({ edgeDir: dir, apiUrl: 'http://127.0.0.1:9' })
    const getPage = client(await listen(edge))
    try {
      expect((await getPage('/en')).headers['set-cookie']).toBeUndefined()
      const canary = (await publish(dir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 50 })).version
      const first = await getPage('/en')
      const cookie = String(first.headers['set-cookie'])
      expect(cookie).toMatch(/^koma_cohort=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/)
      const cohort = /koma_cohort=([^;]+)/.exec(cookie)![1]!
      const side = (c: string) => (inCanary(c, 'mf_catalog', 50) ? canary : live)
      expect(first.text).toContain(`"mf_catalog":{"version":"${side(cohort)}"`)
      for (const c of [cohort, newCohort(), newCohort(), newCohort()]) {
        const headers = { cookie: `koma_cohort=${c}` }
        const page = await getPage({ path: '/en/comic/1', headers })
        expect(page.headers['set-cookie']).toBeUndefined()
        expect(page.text).toContain(`"mf_catalog":{"version":"${side(c)}"`)
        const registry = (await getPage({ path: '/registry.json', headers })).json()
        expect([registry.remotes.mf_catalog.version, registry.canaries]).toEqual([side(c), undefined])
        expect((await getPage({ path: '/builds/latest.json', headers })).json().remotes.mf_catalog).toBe(side(c))
      }
    } finally {
      await edge.close()
    }
  })
})

describe('versioned assets', () => {
  it('serves remote files immutable, with the right type', async () => {
    const res = await get({ path: remoteFile(catalogB, 'remoteEntry.js') })
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(res.body).toEqual(await onDisk(catalogB, 'remoteEntry.js'))

    const manifest = await get({ path: remoteFile(catalogB, 'mf-manifest.json') })
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(manifest.json()).toMatchObject({ name: 'mf_catalog', label: 'B' })

    const hostMain = await get({ path: `/host/${host}/main.js` })
    expect(hostMain.status).toBe(200)
    expect(hostMain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('negotiates brotli and gzip from Accept-Encoding', async () => {
    const original = await onDisk(catalogB, 'src_routes_ts.1a2b3c4d.js')
    const url = remoteFile(catalogB, 'src_routes_ts.1a2b3c4d.js')

    const br = await get({ path: url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(Number(br.headers['content-length'])).toBeLessThan(original.length)
    expect(zlib.brotliDecompressSync(br.body)).toEqual(original)

    const gz = await get({ path: url, headers: { 'accept-encoding': 'gzip, deflate' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body)).toEqual(original)

    const refusesBr = await get({ path: url, headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(refusesBr.headers['content-encoding']).toBe('gzip')

    const plain = await get({ path: url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toEqual(original)

    // A small file has no precompressed sibling: served as is.
    const tiny = await get({ path: remoteFile(catalogB, 'tiny.9f8e7d6c.js'), headers: { 'accept-encoding': 'br' } })
    expect(tiny.status).toBe(200)
    expect(tiny.headers['content-encoding']).toBeUndefined()
  })

  it('answers HEAD and If-None-Match without a body', async () => {
    const url = remoteFile(catalogB, 'remoteEntry.js')
    const head = await get({ method: 'HEAD', path: url, headers: { 'accept-encoding': 'br' } })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(Number(head.headers['content-length'])).toBe((await onDisk(catalogB, 'remoteEntry.js.br')).length)

    const etag = head.headers.etag as string
    const cached = await get({ path: url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } })
    expect(cached.status).toBe(304)
    expect(cached.body.length).toBe(0)
    // The gzip representation has its own tag.
    const gz = await get({ path: url, headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })
    expect(gz.status).toBe(200)
  })

  it('answers a plain 404 for missing files, unknown remotes and bad versions', async () => {
    for (const url of [
      remoteFile(catalogB, 'nope.js'),
      remoteFile(catalogB, 'assets'),
      remoteFile(catalogB, ''),
      `/remotes/mf-unknown/${catalogB}/remoteEntry.js`,
      '/remotes/mf-catalog/latest/remoteEntry.js',
      `/host/${host}/nope.js`,
      `/host/${host}`,
      '/remotes/mf-catalog',
      '/host/',
    ]) {
      const res = await get({ path: url })
      expect([url, res.status]).toEqual([url, 404])
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(res.text).not.toContain('<html')
    }
  })

  it('never serves a version’s server build: the edge runs it, the browser has no use for it (issue 13)', async () => {
    await fs.mkdir(path.join(edgeDir, 'host', host, 'server'), { recursive: true })
    await fs.writeFile(path.join(edgeDir, 'host', host, 'server', 'host.js'), 'exports.renderPage = () => null')
    await fs.mkdir(path.join(edgeDir, 'remotes', 'mf-catalog', catalogB, 'server'), { recursive: true })
    await fs.writeFile(path.join(edgeDir, 'remotes', 'mf-catalog', catalogB, 'server', 'remote.js'), 'exports.routes = {}')
    for (const url of [`/host/${host}/server/host.js`, remoteFile(catalogB, 'server/remote.js'), remoteFile(catalogB, 'server/')])
      expect([url, (await get({ path: url })).status]).toEqual([url, 404])
  })
})

describe('removed versions', () => {
  it('404s files of a version folder deleted after the server started', async () => {
    const dist = path.join(root, 'dist-viewer')
    const { version } = await publish(edgeDir, 'mf-viewer', await makeRemoteDist(dist, 'mf_viewer', 'A'), { now: clock })
    const url = `/remotes/mf-viewer/${version}/src_routes_ts.1a2b3c4d.js`
    expect((await get(url)).status).toBe(200)
    await fs.rm(path.join(edgeDir, 'remotes', 'mf-viewer', version), { recursive: true })
    const res = await get({ path: `/remotes/mf-viewer/${version}/remoteEntry.js`, headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(404)
    expect(res.headers['cache-control']).toBe('no-cache')
  })
})

describe('path traversal', () => {
  const attempts = (v: string) => [
    '/remotes/mf-catalog/../../registry.json',
    `/remotes/mf-catalog/${v}/../../../registry.json`,
    `/remotes/mf-catalog/${v}/%2e%2e/%2e%2e/%2e%2e/registry.json`,
    `/remotes/mf-catalog/${v}/..%2f..%2f..%2fregistry.json`,
    `/remotes/mf-catalog/${v}/%2e%2e%2f%2e%2e%2f%2e%2e%2fregistry.json`,
    `/remotes/mf-catalog/${v}/..%5c..%5c..%5cregistry.json`,
    `/remotes/mf-catalog/${v}/%252e%252e/%252e%252e/%252e%252e/registry.json`,
    `/remotes/mf-catalog/${v}/..\\..\\..\\registry.json`,
    `/host/${v}/../../deployments.json`,
    `/host/%2e%2e/deployments.json`,
    `/host/..%2fdeployments.json`,
    `/remotes/mf-catalog/${v}/remoteEntry.js%00.png`,
    `/remotes/mf-catalog/${v}/.hidden`,
    `/remotes/mf-catalog/%2e%2e/mf-catalog/${v}/remoteEntry.js`,
  ]

  it('never serves files outside the version folder (paths sent raw, dot segments kept)', async () => {
    for (const attempt of attempts(catalogB)) {
      const res = await get(attempt)
      expect([attempt, res.status]).toEqual([attempt, 404])
      expect(res.text).not.toContain('mf_catalog')
      expect(res.text).not.toContain('packages')
    }
    // Sanity: the same server does serve the real file.
    expect((await get(remoteFile(catalogB, 'mf-manifest.json'))).status).toBe(200)
  })
})

describe('app pages', () => {
  it('serves the live host page for any app path, uncached, with security headers', async () => {
    // Unknown paths get the same page (the app draws its 404 screen) with a 404 status.
    for (const [url, status] of [
      ['/', 200],
      ['/en/comic/3', 200],
      ['/fr/menu/all_comic/new', 200],
      ['/ja/viewer/12/34?page=2', 404],
      ['/some/unknown/page', 404],
    ] as const) {
      const res = await get({ path: url })
      expect([url, res.status]).toEqual([url, status])
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache, private')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      // The live registry and the reader's address ride in the page as data (no inline code).
      expect(res.text).toMatch(/<script type="application\/json" id="koma-registry">\{"host":/)
      expect(res.text).toMatch(/<script type="application\/json" id="koma-boot">\{"ip":\{"ip":"127\.0\.0\.1","now":\d+\}/)
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ paypal: false }))
      expect(res.text).toContain(`<script defer src="/host/${host}/main.js">`)
      expect(res.text).not.toContain('__KOMA_HOST_BASE__')
    }
  })

  it('serves a page whatever the reader’s cookies hold (malformed percent-encoding included)', async () => {
    for (const cookie of ['koma_locale=%E0%A4%A', 'koma_tz=%E0%A4%A', 'koma_dns=%ZZ; koma_lc=%', 'koma_session=%'])
      expect([cookie, (await get({ path: '/en/comic/3', headers: { cookie } })).status]).toEqual([cookie, 200])
  })

  it('compresses the page when the browser allows it', async () => {
    const res = await get({ path: '/en/comic/3', headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie')
    expect(zlib.brotliDecompressSync(res.body).toString()).toContain(`/host/${host}/main.js`)
    const revalidated = await get({ path: '/en/comic/3', headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(res.headers.etag) } })
    expect(revalidated.status).toBe(304)
    const head = await get({ method: 'HEAD', path: '/en/comic/3' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })

  it('404s file-like paths at the root, serves robots.txt, refuses other methods', async () => {
    for (const url of ['/favicon.ico', '/main.js', '/en/comic/3/image.png', '/sitemap.json']) {
      const res = await get({ path: url })
      expect([url, res.status]).toEqual([url, 404])
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    }
    const robots = await get({ path: '/robots.txt' })
    expect(robots.status).toBe(200)
    expect(robots.text).toMatch(/^User-agent: \*\nAllow: \/\n/)
    expect(robots.text).toContain('\nDisallow: /api/\n')
    expect(robots.text).toMatch(/\nSitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml\n$/)
    // The sitemap needs the API (down here): a 503, not an empty list.
    const sitemap = await get({ path: '/sitemap.xml' })
    expect([sitemap.status, sitemap.headers['retry-after']]).toEqual([503, '60'])
    const post = await get({ method: 'POST', path: '/en/comic/3', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
    expect(post.status).toBe(404)
    expect(post.json()).toEqual({ name: 'notFound', code: 404, message: 'Not found' })
  })
})

describe('/ip and /healthz', () => {
  it('returns the caller address and the time, uncached', async () => {
    const before = Date.now()
    const res = await get('/ip')
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const { result } = res.json()
    expect(result.ip).toBe('127.0.0.1')
    expect(result.now).toBeGreaterThanOrEqual(before)
    expect(result.now).toBeLessThanOrEqual(Date.now())
  })

  it('ignores a spoofed X-Forwarded-For unless told to trust a proxy', async () => {
    const res = await get({ path: '/ip', headers: { 'x-forwarded-for': '1.2.3.4' } })
    expect(res.json().result.ip).toBe('127.0.0.1')
    const behindProxy = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9', trustProxy: ['127.0.0.1'] })
    const proxied = await client(await listen(behindProxy))({ path: '/ip', headers: { 'x-forwarded-for': '1.2.3.4' } })
    expect(proxied.json().result.ip).toBe('1.2.3.4')
    await behindProxy.close()
  })

  it('reports IPv4 callers on a dual-stack socket without the ::ffff: prefix', async () => {
    const dual = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9' })
    let port: number
    try {
      port = await listen(dual, '::')
    } catch {
      await dual.close()
      return // no IPv6 on this machine
    }
    const res = await client(port)('/ip')
    expect(res.json().result.ip).toBe('127.0.0.1')
    await dual.close()
  })

  it('reports health, naming neither the host nor the process (issue 33)', async () => {
    const res = await get('/healthz')
    expect(res.status).toBe(200)
    expect(res.json()).toEqual({ ok: true, instance: expect.stringMatching(/^edge-[0-9a-f]{12}$/) })
    const body = res.body.toString('utf8')
    expect(body).not.toContain(hostname())
    expect(body).not.toMatch(new RegExp(`\\b${process.pid}\\b`))
    expect((await get('/healthz')).json().instance).toBe(res.json().instance)
  })
})
