import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { publish } from '../registry'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'
import { loadConfig } from '../config'
import { contentSecurityPolicy, HSTS } from './security'

/** The policy as a map of directive → sources. */
const directives = (policy: string): Record<string, string[]> =>
  Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  )

describe('the Content-Security-Policy of the pages', () => {
  it('runs scripts only from our origin (and the reader’s blob: frames), never inline, and nothing embeds the site', () => {
    const policy = directives(contentSecurityPolicy({ paypal: false }))
    expect(policy['script-src']).toEqual(["'self'", 'blob:'])
    expect(policy['default-src']).toEqual(["'self'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['connect-src']).toEqual(["'self'"])
    for (const [name, sources] of Object.entries(policy)) {
      if (name !== 'style-src') expect([name, sources.filter((source) => /unsafe|\*|^https?:$/.test(source))]).toEqual([name, []])
    }
  })

  it('allows PayPal’s hosts only when PayPal’s own SDK is configured', () => {
    expect(contentSecurityPolicy({ paypal: false })).not.toContain('paypal')
    const policy = directives(contentSecurityPolicy({ paypal: true }))
    for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src'])
      expect(policy[name]).toEqual(expect.arrayContaining(['https://*.paypal.com', 'https://*.paypalobjects.com']))
    expect(policy['script-src']).not.toContain("'unsafe-inline'")
  })
})

describe('the edge sends it', () => {
  let root: string
  let app: FastifyInstance
  let get: (request: string | TestRequest) => Promise<TestResponse>
  let host: string
  let catalog: string
  beforeAll(async () => {
    root = await tempDir()
    const edgeDir = path.join(root, 'edge')
    const clock = stepClock()
    catalog = (await publish(edgeDir, 'mf-catalog', await makeRemoteDist(path.join(root, 'dist'), 'mf_catalog', 'A'), { now: clock })).version
    host = (await publish(edgeDir, 'host', await makeHostDist(path.join(root, 'dist'), 'A'), { now: clock })).version
    app = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9', security: { paypal: true } })
    get = client(await listen(app))
  })
  afterAll(async () => {
    await app?.close()
    await removeDir(root)
  })

  it('on every HTML response: app pages (fresh or revalidated) and the published index.html', async () => {
    const page = await get('/en/comic/3')
    const published = await get(`/host/${host}/index.html`)
    const revalidated = await get({ path: '/en/comic/3', headers: { 'if-none-match': String(page.headers.etag) } })
    expect([page.status, published.status, revalidated.status]).toEqual([200, 200, 304])
    for (const res of [page, published, revalidated]) {
      expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ paypal: true }))
      expect(directives(String(res.headers['content-security-policy']))['script-src']).not.toContain("'unsafe-inline'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['permissions-policy']).toContain('camera=()')
    }
  })

  it('not on scripts and data, which still are nosniff', async () => {
    for (const url of [`/remotes/mf-catalog/${catalog}/remoteEntry.js`, '/registry.json', '/robots.txt', '/main.js']) {
      const res = await get(url)
      expect([url, res.headers['content-security-policy'], res.headers['x-content-type-options']]).toEqual([url, undefined, 'nosniff'])
    }
  })
})

describe('HSTS', () => {
  let root: string
  const edges: FastifyInstance[] = []
  beforeAll(async () => {
    root = await tempDir()
    const edgeDir = path.join(root, 'edge')
    await publish(edgeDir, 'host', await makeHostDist(path.join(root, 'dist'), 'A'), { now: stepClock() })
  })
  afterAll(async () => {
    for (const edge of edges) await edge.close()
    await removeDir(root)
  })
  const edge = async (trustProxy: boolean | string[]) => {
    const app = buildEdge({ edgeDir: path.join(root, 'edge'), apiUrl: 'http://127.0.0.1:9', trustProxy })
    edges.push(app)
    return client(await listen(app))
  }

  it('goes with every answer to a request the trusted TLS proxy says came over https', async () => {
    const get = await edge(['127.0.0.1'])
    for (const url of ['/en/comic/3', '/registry.json', '/robots.txt']) {
      const tls = await get({ path: url, headers: { 'x-forwarded-proto': 'https' } })
      expect([url, tls.headers['strict-transport-security']]).toEqual([url, HSTS])
      const plain = await get(url)
      expect([url, plain.headers['strict-transport-security']]).toEqual([url, undefined])
    }
  })

  it('is not sent on a client’s word when no proxy is trusted (the local demo)', async () => {
    const get = await edge(false)
    const res = await get({ path: '/en/comic/3', headers: { 'x-forwarded-proto': 'https' } })
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('third-party analytics providers (issue 15)', () => {
  let root: string
  const edges: FastifyInstance[] = []
  beforeAll(async () => {
    root = await tempDir()
    await publish(path.join(root, 'edge'), 'host', await makeHostDist(path.join(root, 'dist'), 'A'), { now: stepClock() })
  })
  afterAll(async () => {
    for (const edge of edges) await edge.close()
    await removeDir(root)
  })
  const edge = async (tags?: { gtm?: string; pixel?: string }) => {
    const app = buildEdge({ edgeDir: path.join(root, 'edge'), apiUrl: 'http://127.0.0.1:9', security: { paypal: false, tags } })
    edges.push(app)
    return client(await listen(app))
  }
  const boot = (body: unknown) =>
    JSON.parse(/<script type="application\/json" id="koma-boot">(.*?)<\/script>/.exec(String(body))?.[1] ?? 'null') as { tags?: unknown }

  it('none configured: the policy allows no outside host and the page names no provider', async () => {
    const get = await edge()
    const res = await get('/en/comic/3')
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ paypal: false }))
    expect(String(res.headers['content-security-policy'])).not.toMatch(/https:/)
    expect(boot(res.body).tags).toBeUndefined()
    expect(String(res.body)).not.toMatch(/googletagmanager|facebook/)
  })

  it('configured: the policy allows the provider’s hosts and the page names it, except for a reader who does not share', async () => {
    const get = await edge({ gtm: 'GTM-AB12CD', pixel: '1234567890' })
    const shared = await get('/en/comic/3')
    const policy = directives(String(shared.headers['content-security-policy']))
    expect(policy['script-src']).toEqual(["'self'", 'blob:', 'https://www.googletagmanager.com', 'https://connect.facebook.net'])
    expect(policy['connect-src']).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://www.facebook.com']))
    expect(boot(shared.body).tags).toEqual({ gtm: 'GTM-AB12CD', pixel: '1234567890' })
    for (const headers of [{ cookie: 'koma_dns=1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const res = await get({ path: '/en/comic/3', headers })
      expect([headers, res.headers['content-security-policy'], boot(res.body).tags]).toEqual([headers, contentSecurityPolicy({ paypal: false }), undefined])
      // The page differs, so a page revalidated with the other choice is not a 304.
      expect(res.headers.etag).not.toBe(shared.headers.etag)
    }
  })

  it('an id outside the strict pattern stops the edge at start', () => {
    expect(loadConfig({ KOMA_TAG_MANAGER_ID: 'GTM-AB12CD', KOMA_META_PIXEL_ID: '1234567890' }).tags).toEqual({ gtm: 'GTM-AB12CD', pixel: '1234567890' })
    expect(loadConfig({}).tags).toEqual({})
    expect(() => loadConfig({ KOMA_TAG_MANAGER_ID: 'GTM-AB12"></script><script>alert(1)</script>' })).toThrow('KOMA_TAG_MANAGER_ID must match')
    expect(() => loadConfig({ KOMA_META_PIXEL_ID: "1234567890' https://evil.example" })).toThrow('KOMA_META_PIXEL_ID must match')
  })
})
