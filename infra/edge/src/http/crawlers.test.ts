import { RESPONSE_HEADERS } from '@koma/contracts/server'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { publish } from '../registry'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'
import { shortDescription } from './pageMeta'

/**
 * What crawlers, link previews and old browsers get from the edge (issue 15): real statuses,
 * each page's own metadata in three languages, robots.txt, a sitemap, legacy redirects and the
 * browser guide. The API is a stand-in that answers as ours does.
 */

const PUBLIC = 'https://koma.example'
const IE11 = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko'
const IOS13 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Mobile/15E148 Safari/604.1'
const IOS17 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'

const title = (lang: string) => ({
  type: 'comic',
  id: 7,
  name: { ja: '星の海', en: 'Sea of Stars', fr: 'Mer d’étoiles' }[lang] ?? 'Sea of Stars',
  description: lang === 'fr' ? 'Une « aventure » <spatiale> & maritime.' : 'A space & sea adventure with "pirates".',
  mature: false,
  authors: [{ name: 'Aoi Mori', role: 'author' }],
  genres: [{ name: 'Adventure' }],
  thumbnails: [{ url: '/api/image/31', width: 300, height: 400, type: 'main', sort: 0 }],
  keyVisual: { url: '/api/image/30', width: 1200, height: 630, type: 'key', sort: 0 },
  chapterFileFormat: 'image',
  publisherName: 'Koma Press',
})

let root: string
let api: FastifyInstance
let edge: FastifyInstance
let get: (request: string | TestRequest) => Promise<TestResponse>
let maintenance = false
const apiCalls: string[] = []
/** Holds the answer for title 10 until the test lets it go (a slow API). */
let releaseSlowTitle: () => void = () => undefined
const slowTitle = new Promise<void>((resolve) => {
  releaseSlowTitle = resolve
})
let impatientEdge: FastifyInstance
let getImpatient: (request: string | TestRequest) => Promise<TestResponse>

beforeAll(async () => {
  root = await tempDir()
  const edgeDir = path.join(root, 'edge')
  const dist = path.join(root, 'dist')
  const clock = stepClock()
  await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })
  await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
  api = Fastify()
  api.addHook('onRequest', async (req, reply) => {
    apiCalls.push(req.url)
    if (maintenance) return reply.code(503).send({ code: 503, message: 'Maintenance', maintenance: { title: 'M', description: 'D', endAt: null } })
  })
  api.get('/api/comic/7', async (req) => ({
    result: { ...title(String(req.headers['x-koma-language'] ?? req.headers['accept-language'] ?? 'en')), chapters: [] },
  }))
  api.get('/api/comic/8', async () => ({ result: { ...title('en'), id: 8, name: 'Night Garden', mature: true } }))
  api.get('/api/comic/10', async () => {
    await slowTitle
    return { result: { ...title('en'), id: 10, name: 'Slow Tide', chapters: [] } }
  })
  api.get('/api/comic/7/chapter/1/product', async () => ({ result: { id: 1, title: 'Chapter 1', images: [], chapterFileFormat: 'image' } }))
  api.get('/api/comic/7/chapter/2/product', async (_req, reply) => reply.code(401).send({ code: 401, message: 'Sign in' }))
  api.get('/api/comic/:id/chapter/:chapter/:sales', async (_req, reply) => reply.code(404).send({ code: 404, message: 'Not found' }))
  api.get('/api/menu/promotion/3', async () => ({ result: { id: 3, kind: 'promotion', title: 'Summer picks', mature: false, contents: [] } }))
  api.get('/api/content_catalog/4', async () => ({ result: { id: 4, kind: 'catalog', title: 'Staff picks', mature: false, contents: [] } }))
  api.get('/api/menu/promotion/:id', async (_req, reply) => reply.code(404).send({ code: 404, message: 'Not found' }))
  api.get('/api/content_catalog/:id', async (_req, reply) => reply.code(404).send({ code: 404, message: 'Not found' }))
  api.get('/api/comic/:id', async (_req, reply) => reply.code(404).send({ code: 404, message: 'Not found' }))
  // Home, public for a minute as ours is; an operator switches maintenance on through the edge.
  api.get('/api/:lang/home', async (_req, reply) => reply.header('cache-control', 'public, max-age=60').send({ result: { sections: [] } }))
  api.post('/api/ops/service/maintenance', async (_req, reply) => {
    maintenance = true
    // An operator's write, as the API marks it.
    return reply.header(RESPONSE_HEADERS.operatorWrite, '1').send({ result: { on: true } })
  })
  api.get('/api/comic/coming_soon/9/product', async () => ({
    result: { content: { ...title('en'), id: 9, name: 'Tide', status: 'coming_soon', publishedAt: '2027-01-01T00:00:00.000Z' }, hasTrial: false },
  }))
  api.get('/api/sitemap/titles', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=600').send({
      result: {
        titles: [
          { type: 'comic', id: 7, page: 'episodes', updatedAt: '2026-11-20T09:00:00.000Z' },
          { type: 'magazine_comic', id: 9, page: 'comingSoon', updatedAt: '2027-01-01T00:00:00.000Z' },
        ],
      },
    }),
  )
  const apiUrl = (await api.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1')
  edge = buildEdge({ edgeDir, apiUrl, publicUrl: PUBLIC, pageMetaWaitMs: 5_000 })
  get = client(await listen(edge))
  impatientEdge = buildEdge({ edgeDir, apiUrl, publicUrl: PUBLIC, pageMetaWaitMs: 50 })
  getImpatient = client(await listen(impatientEdge))
})
afterAll(async () => {
  releaseSlowTitle()
  await impatientEdge?.close()
  await edge?.close()
  await api?.close()
  await removeDir(root)
})

/** The head's metadata as a crawler reads it. */
function metaOf(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1] ?? null
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1])
  const jsonLd = attr(/<script type="application\/ld\+json">(.*?)<\/script>/)
  return {
    lang: attr(/<html lang="([^"]+)"/),
    titles: all(/<title>([^<]*)<\/title>/g),
    descriptions: all(/<meta name="description" content="([^"]*)">/g),
    robots: attr(/<meta name="robots" content="([^"]*)">/),
    canonical: attr(/<link rel="canonical" href="([^"]*)">/),
    alternates: all(/<link rel="alternate" hreflang="([^"]*)" href="[^"]*">/g),
    alternateUrls: all(/<link rel="alternate" hreflang="[^"]*" href="([^"]*)">/g),
    og: Object.fromEntries([...html.matchAll(/<meta property="(og:[^"]+)" content="([^"]*)">/g)].map((match) => [match[1], match[2]])),
    twitter: Object.fromEntries([...html.matchAll(/<meta name="(twitter:[^"]+)" content="([^"]*)">/g)].map((match) => [match[1], match[2]])),
    jsonLd: jsonLd ? JSON.parse(jsonLd) : null,
  }
}

describe('a title page as a crawler or a link preview reads it', () => {
  it('has its own title, description, canonical, hreflang, Open Graph, Twitter card and JSON-LD, in the page language', async () => {
    const res = await get({ path: '/fr/comic/7', headers: { 'user-agent': 'Googlebot/2.1' } })
    expect(res.status).toBe(200)
    const meta = metaOf(res.text)
    expect(meta.lang).toBe('fr-FR')
    // The host's own title and description are replaced, not doubled.
    expect(meta.titles).toEqual(['Mer d’étoiles | Koma'])
    expect(meta.descriptions).toEqual(['Une « aventure » &lt;spatiale&gt; &amp; maritime.'])
    expect(meta.robots).toBeNull()
    expect(meta.canonical).toBe(`${PUBLIC}/fr/comic/7`)
    expect(meta.alternates).toEqual(['ja', 'en', 'fr', 'x-default'])
    expect(meta.alternateUrls).toEqual([`${PUBLIC}/ja/comic/7`, `${PUBLIC}/en/comic/7`, `${PUBLIC}/fr/comic/7`, `${PUBLIC}/comic/7`])
    expect(meta.og).toMatchObject({
      'og:title': 'Mer d’étoiles | Koma',
      'og:url': `${PUBLIC}/fr/comic/7`,
      'og:image': `${PUBLIC}/api/image/30`,
      'og:locale': 'fr_FR',
      'og:site_name': 'Koma',
    })
    expect(meta.twitter).toMatchObject({ 'twitter:card': 'summary_large_image', 'twitter:image': `${PUBLIC}/api/image/30` })
    expect(meta.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ComicSeries',
      name: 'Mer d’étoiles',
      description: 'Une « aventure » <spatiale> & maritime.',
      inLanguage: 'fr',
      author: [{ '@type': 'Person', name: 'Aoi Mori' }],
      genre: ['Adventure'],
      publisher: { '@type': 'Organization', name: 'Koma Press' },
      url: `${PUBLIC}/fr/comic/7`,
      image: `${PUBLIC}/api/image/30`,
    })
  })

  it('follows the reader language without a prefix (ja by cookie); its canonical is the prefixed page of that language (issue 35)', async () => {
    const meta = metaOf((await get({ path: '/comic/7', headers: { cookie: 'koma_locale=ja' } })).text)
    expect([meta.lang, meta.titles, meta.canonical]).toEqual(['ja-JP', ['星の海 | Koma'], `${PUBLIC}/ja/comic/7`])
    expect(meta.alternateUrls).toEqual([`${PUBLIC}/ja/comic/7`, `${PUBLIC}/en/comic/7`, `${PUBLIC}/fr/comic/7`, `${PUBLIC}/comic/7`])
    // A crawler (no cookie, no Accept-Language) gets English there, which names /en as its URL.
    const crawler = metaOf((await get({ path: '/comic/7', headers: { 'user-agent': 'Googlebot/2.1' } })).text)
    expect([crawler.lang, crawler.canonical]).toEqual(['en-US', `${PUBLIC}/en/comic/7`])
  })

  it('/ja is Japanese for a crawler with no cookie and no Accept-Language, and for a reader whose cookie says otherwise (issue 35)', async () => {
    const readers: Record<string, string>[] = [{ 'user-agent': 'Googlebot/2.1' }, { cookie: 'koma_locale=fr', 'accept-language': 'en-US' }]
    for (const headers of readers) {
      const res = await get({ path: '/ja/comic/7', headers })
      expect(res.status).toBe(200)
      const meta = metaOf(res.text)
      expect([meta.lang, meta.titles, meta.canonical, meta.robots]).toEqual(['ja-JP', ['星の海 | Koma'], `${PUBLIC}/ja/comic/7`, null])
      expect(meta.alternates).toEqual(['ja', 'en', 'fr', 'x-default'])
      expect(meta.alternateUrls).toEqual([`${PUBLIC}/ja/comic/7`, `${PUBLIC}/en/comic/7`, `${PUBLIC}/fr/comic/7`, `${PUBLIC}/comic/7`])
      expect(meta.og).toMatchObject({ 'og:url': `${PUBLIC}/ja/comic/7`, 'og:locale': 'ja_JP' })
      expect(meta.jsonLd).toMatchObject({ inLanguage: 'ja', url: `${PUBLIC}/ja/comic/7` })
    }
    const home = await get('/ja')
    expect([home.status, metaOf(home.text).lang, metaOf(home.text).canonical]).toEqual([200, 'ja-JP', `${PUBLIC}/ja`])
  })

  it('a coming-soon page says so; a mature title previews nothing and is not indexed', async () => {
    expect(metaOf((await get('/en/comic/coming_soon/9')).text).titles).toEqual(['Tide (Coming soon) | Koma'])
    const mature = await get('/en/comic/8')
    expect(mature.status).toBe(200)
    expect(mature.text).not.toContain('Night Garden')
    expect(metaOf(mature.text)).toMatchObject({ robots: 'noindex', jsonLd: null })
  })

  it('readers’ own pages and the viewer are not indexed', async () => {
    for (const url of ['/en/library/subscribed', '/en/account/setting', '/en/comic/7/chapter/1/product', '/en/login']) {
      const res = await get(url)
      expect([url, res.status, metaOf(res.text).robots]).toEqual([url, 200, 'noindex'])
    }
    expect(metaOf((await get('/en/document/notice')).text)).toMatchObject({ robots: null, titles: ['Notices | Koma'] })
  })
})

describe('a slow API', () => {
  it('does not hold a reader’s page, but a crawler waits for the title’s metadata', async () => {
    const reader = await getImpatient({ path: '/en/comic/10', headers: { 'user-agent': IOS17 } })
    expect([reader.status, metaOf(reader.text).titles, metaOf(reader.text).jsonLd]).toEqual([
      200,
      ['Koma — comics and novels in Japanese, English and French'],
      null,
    ])
    const crawler = getImpatient({
      path: '/en/comic/10',
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    })
    releaseSlowTitle()
    const meta = metaOf((await crawler).text)
    expect([meta.titles, meta.jsonLd?.name]).toEqual([['Slow Tide | Koma'], 'Slow Tide'])
  })
})

describe('statuses', () => {
  it('an unknown path, a bad id and an id the API does not know answer 404, with the app page and noindex', async () => {
    for (const url of ['/en/no/such/page', '/en/comic/abc', '/en/comic/404', '/fr/comic/coming_soon/404']) {
      const res = await get(url)
      expect([url, res.status]).toEqual([url, 404])
      expect(res.headers.etag).toBeUndefined()
      expect(res.text).toContain('/main.js')
      expect(metaOf(res.text)).toMatchObject({ robots: 'noindex', canonical: null })
    }
    expect(metaOf((await get('/fr/nulle/part')).text).titles).toEqual(['Page introuvable | Koma'])
  })

  it('/ja follows the same 404 rules, in Japanese (issue 35)', async () => {
    for (const url of ['/ja/no/such/page', '/ja/comic/abc', '/ja/comic/404', '/ja/comic/coming_soon/404', '/ja/menu/promotion/999']) {
      const res = await get(url)
      expect([url, res.status, metaOf(res.text).lang, metaOf(res.text).robots]).toEqual([url, 404, 'ja-JP', 'noindex'])
    }
  })

  it('a promotion, a content catalogue or a chapter the API does not know is a 404, not a not-found screen answered 200 (issue 35)', async () => {
    for (const url of ['/en/menu/promotion/999', '/en/menu/content_catalog/999', '/en/comic/7/chapter/99999/product', '/comic/7/chapter/99999/product']) {
      const res = await get(url)
      expect([url, res.status, metaOf(res.text).robots]).toEqual([url, 404, 'noindex'])
    }
    // The ones it knows are pages: a collection by its title; a chapter (free or paid) is never indexed.
    const promotion = await get('/fr/menu/promotion/3')
    expect([promotion.status, metaOf(promotion.text).titles, metaOf(promotion.text).robots]).toEqual([200, ['Summer picks | Koma'], null])
    expect((await get('/en/menu/content_catalog/4')).status).toBe(200)
    for (const url of ['/en/comic/7/chapter/1/product', '/en/comic/7/chapter/2/product']) {
      const res = await get(url)
      expect([url, res.status, metaOf(res.text).robots]).toEqual([url, 200, 'noindex'])
    }
  })

  it('maintenance: 503 with Retry-After while the API says so, 200 again once it answers', async () => {
    maintenance = true
    try {
      const title = await get('/en/comic/7')
      expect([title.status, title.headers['retry-after']]).toEqual([503, '60'])
      // A page that asks the API nothing learns it from the API's last 503 relayed to a reader.
      expect((await get('/api/en/home')).status).toBe(503)
      expect((await get('/en/document/faq')).status).toBe(503)
    } finally {
      maintenance = false
    }
    expect((await get('/api/comic/7')).status).toBe(200)
    expect((await get('/en/document/faq')).status).toBe(200)
  })

  it('the first page load after an operator switched maintenance on is a 503, on every page (issue 35)', async () => {
    // Open: home's answer is kept (public), the pages are 200s.
    expect((await get('/en')).status).toBe(200)
    expect((await get('/fr/document/faq')).status).toBe(200)
    try {
      // The switch passes the edge (its answer is the operator's, not a 503).
      expect((await get({ method: 'POST', path: '/api/ops/service/maintenance', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(
        200,
      )
      for (const url of ['/en', '/fr/document/faq', '/en/comic/7', '/menu/promotion/3']) {
        const res = await get(url)
        expect([url, res.status, res.headers['retry-after']]).toEqual([url, 503, '60'])
      }
    } finally {
      maintenance = false
    }
  })
})

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of private pages and names the sitemap on the public origin', async () => {
    const robots = (await get('/robots.txt')).text
    for (const line of [
      'Disallow: /api/',
      'Disallow: /account/',
      'Disallow: /en/library/',
      'Disallow: /ja/library/',
      'Disallow: /ja/login',
      'Disallow: /*/chapter/',
      `Sitemap: ${PUBLIC}/sitemap.xml`,
    ])
      expect(robots).toContain(`${line}\n`)
  })

  it('lists every public page at its /ja, /en and /fr URLs, each with its alternates (x-default: the unprefixed page) and last change', async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    const urls = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    for (const url of [
      `${PUBLIC}/ja`,
      `${PUBLIC}/en`,
      `${PUBLIC}/fr/document/faq`,
      `${PUBLIC}/ja/document/faq`,
      `${PUBLIC}/ja/comic/7`,
      `${PUBLIC}/en/comic/7`,
      `${PUBLIC}/fr/comic/7`,
      `${PUBLIC}/en/magazine_comic/coming_soon/9`,
    ])
      expect(urls).toContain(url)
    expect(new Set(urls).size).toBe(urls.length)
    // Only the prefixed pages are listed: the unprefixed one depends on the reader and is only the x-default.
    expect(urls.filter((url) => !/^https?:\/\/[^/]+\/(ja|en|fr)(\/|$)/.test(url ?? ''))).toEqual([])
    expect(res.text).toContain(
      `<url><loc>${PUBLIC}/en/comic/7</loc><lastmod>2026-11-20T09:00:00.000Z</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="ja" href="${PUBLIC}/ja/comic/7"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC}/en/comic/7"/>` +
        `<xhtml:link rel="alternate" hreflang="fr" href="${PUBLIC}/fr/comic/7"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC}/comic/7"/></url>`,
    )
    expect(res.text).toContain(`<url><loc>${PUBLIC}/ja</loc><xhtml:link rel="alternate" hreflang="ja" href="${PUBLIC}/ja"/>`)
    // Kept for its max-age: a second crawler asks the API nothing.
    const before = apiCalls.filter((call) => call === '/api/sitemap/titles').length
    await get('/sitemap.xml')
    expect(apiCalls.filter((call) => call === '/api/sitemap/titles').length).toBe(before)
  })
})

describe('legacy short paths and old browsers', () => {
  it('legacy paths redirect for real (301), in the same language, keeping the query', async () => {
    const res = await get('/fr/setting?from=mail&x=1')
    expect([res.status, res.headers.location]).toEqual([301, '/fr/account/setting?from=mail&x=1'])
    expect((await get('/inbox')).headers.location).toBe('/inbox/gift')
    expect((await get('/ja/setting?x=1')).headers.location).toBe('/ja/account/setting?x=1')
  })

  it('Internet Explorer and iOS before 14 are sent to a guide page without script, in their language', async () => {
    for (const ua of [IE11, IOS13]) {
      const res = await get({ path: '/fr/comic/7', headers: { 'user-agent': ua } })
      expect([res.status, res.headers.location]).toEqual([302, '/fr/browserguide'])
    }
    const guide = await get({ path: '/fr/browserguide', headers: { 'user-agent': IE11 } })
    expect(guide.status).toBe(200)
    expect(guide.text).toContain('<html lang="fr">')
    expect(guide.text).toContain('Veuillez utiliser un navigateur récent')
    expect(guide.text).not.toMatch(/<script/i)
    const ja = await get({ path: '/browserguide', headers: { 'user-agent': IOS13, 'accept-language': 'ja' } })
    expect(ja.text).toContain('最新のブラウザをご利用ください')
    // /ja keeps its prefix, whatever the browser says; an unprefixed Japanese reader stays unprefixed.
    expect((await get({ path: '/ja/comic/7', headers: { 'user-agent': IE11, 'accept-language': 'en' } })).headers.location).toBe('/ja/browserguide')
    expect((await get({ path: '/comic/7', headers: { 'user-agent': IE11, 'accept-language': 'ja' } })).headers.location).toBe('/browserguide')
    const jaGuide = await get({ path: '/ja/browserguide', headers: { 'user-agent': IE11, 'accept-language': 'fr' } })
    expect([jaGuide.status, jaGuide.text.includes('<html lang="ja">'), jaGuide.text.includes('最新のブラウザをご利用ください')]).toEqual([200, true, true])
    expect(jaGuide.text).toContain('<a href="/en/browserguide" hreflang="en"')
    // A current browser gets the app, also at /browserguide.
    expect((await get({ path: '/fr/comic/7', headers: { 'user-agent': IOS17 } })).status).toBe(200)
    expect((await get({ path: '/browserguide', headers: { 'user-agent': IOS17 } })).text).toContain('/main.js')
  })
})

describe('shortDescription', () => {
  it('keeps short text, folds whitespace, and cuts long text at a word within 160 characters', () => {
    expect(shortDescription('  A  short\n text ')).toBe('A short text')
    const long = 'word '.repeat(60)
    const cut = shortDescription(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut).toMatch(/word…$/)
  })
})
