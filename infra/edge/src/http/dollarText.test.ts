import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { publish } from '../registry'
import { pinHostBase } from '../registry/publish'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestResponse } from '../test/http'
import { escapeMarkup } from './responses'

/**
 * Issue 33: text in a page the edge writes (the request's URL, a title's name and description from
 * the API) never acts as a replacement pattern. `$&`, `` $` ``, `$'`, `$1`, `$$` and `$<name>` in a
 * string replacement copy the match, the page before or after it, or fold to one `$`: a notice URL
 * ending in `` $` `` once gave its page seven heads. Each page kind is asked for with all of them
 * in its URL, and the title pages with all of them in their texts.
 */

const PUBLIC = 'https://koma.example'
const DOLLARS = "$& $` $' $1 $$ $<x> $"
const NAME = `Dollars ${DOLLARS}`
const DESCRIPTION = `About ${DOLLARS} end`

const title = {
  type: 'comic',
  id: 7,
  name: NAME,
  description: DESCRIPTION,
  mature: false,
  authors: [{ name: `Author ${DOLLARS}`, role: 'author' }],
  genres: [{ name: `Genre ${DOLLARS}` }],
  thumbnails: [{ url: '/api/image/31', width: 300, height: 400, type: 'main', sort: 0 }],
  keyVisual: { url: '/api/image/30', width: 1200, height: 630, type: 'key', sort: 0 },
  chapterFileFormat: 'epub',
  publisherName: `Press ${DOLLARS}`,
}

let root: string
let api: FastifyInstance
let edge: FastifyInstance
let get: (path: string) => Promise<TestResponse>
let maintenance = false

beforeAll(async () => {
  root = await tempDir()
  const edgeDir = path.join(root, 'edge')
  const dist = path.join(root, 'dist')
  const clock = stepClock()
  await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })
  await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
  api = Fastify()
  api.addHook('onRequest', async (_req, reply) => {
    if (maintenance) return reply.code(503).send({ code: 503, message: 'Maintenance', maintenance: { title: 'M', description: 'D', endAt: null } })
  })
  api.get('/api/comic/7', async () => ({ result: { ...title, chapters: [] } }))
  api.get('/api/comic/coming_soon/9/product', async () => ({
    result: { content: { ...title, id: 9, status: 'coming_soon', publishedAt: '2027-01-01T00:00:00.000Z' }, hasTrial: false },
  }))
  // A paid chapter: the visitor is asked to sign in (the page exists).
  api.get('/api/comic/7/chapter/3/product', async (_req, reply) => reply.code(401).send({ code: 401, message: 'Sign in' }))
  api.get('/api/comic/:id', async (_req, reply) => reply.code(404).send({ code: 404, message: 'Not found' }))
  const apiUrl = (await api.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1')
  edge = buildEdge({ edgeDir, apiUrl, publicUrl: PUBLIC, pageMetaWaitMs: 5_000 })
  get = client(await listen(edge))
})
afterAll(async () => {
  await edge?.close()
  await api?.close()
  await removeDir(root)
})

const count = (text: string, part: string) => text.split(part).length - 1

/** The page is the host's page, once: one document, one head, one title, one body, one root. */
function expectOnePage(url: string, res: TestResponse): void {
  const parts = ['<!doctype html>', '<html ', '<head>', '</head>', '<title>', '</title>', '<body>', '</body>', '<div id="root"', '/main.js"']
  expect([url, ...parts.map((part) => count(res.text, part))]).toEqual([url, ...parts.map(() => 1)])
  // Nothing of the host page's own head is left or doubled: its title and description are replaced.
  expect([url, count(res.text, 'Koma A</title>'), count(res.text, '<meta name="koma-0"')]).toEqual([url, 0, 1])
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null

describe('a $ in a URL or a title never rewrites the page (issue 33)', () => {
  const q = "?x=$&y=$`z=$'w=$1v=$$u=$<x>"

  it('the home page, the search page, a menu and a legal version, with $ patterns in the path and the query', async () => {
    for (const url of [
      `/en${q}`,
      `/fr/${q}`,
      `/en/search/${encodeURIComponent(DOLLARS)}${q}`,
      `/en/search${q}`,
      `/en/menu/all_comic/${encodeURIComponent(DOLLARS)}`,
      `/en/legal/terms/${encodeURIComponent(DOLLARS)}`,
    ]) {
      const res = await get(url)
      expect([url, res.status]).toEqual([url, 200])
      expectOnePage(url, res)
    }
    // A path that names the text keeps it, as text: the canonical link is the page's own address.
    const search = await get(`/en/search/${encodeURIComponent(DOLLARS)}${q}`)
    expect(attr(search.text, /<link rel="canonical" href="([^"]*)">/)).toBe(escapeMarkup(`${PUBLIC}/en/search/${DOLLARS}`))
    const menu = await get(`/en/menu/all_comic/${encodeURIComponent(DOLLARS)}`)
    expect(attr(menu.text, /<meta property="og:url" content="([^"]*)">/)).toBe(escapeMarkup(`${PUBLIC}/en/menu/all_comic/${DOLLARS}`))
  })

  it('a notice and a FAQ entry keep their query in the canonical link, $ and all', async () => {
    for (const page of ['notice', 'faq']) {
      for (const tail of ['$`', "$'", '$&', '$1', '$$', q.slice(1)]) {
        const url = `/en/document/${page}/detail?id=1&x=${tail}`
        const res = await get(url)
        expect([url, res.status]).toEqual([url, 200])
        expectOnePage(url, res)
        expect(attr(res.text, /<link rel="canonical" href="([^"]*)">/)).toBe(escapeMarkup(`${PUBLIC}${url}`))
      }
    }
    expectOnePage('notices', await get(`/en/document/notice${q}`))
  })

  it('a title whose name, description, authors and publisher hold $ patterns (an imported EPUB)', async () => {
    for (const url of [`/en/comic/7`, `/fr/comic/7${q}`, `/comic/7`]) {
      const res = await get(url)
      expect([url, res.status]).toEqual([url, 200])
      expectOnePage(url, res)
      expect(attr(res.text, /<title>([^<]*)<\/title>/)).toBe(escapeMarkup(`${NAME} | Koma`))
      expect(attr(res.text, /<meta name="description" content="([^"]*)">/)).toBe(escapeMarkup(DESCRIPTION))
      expect(attr(res.text, /<meta property="og:title" content="([^"]*)">/)).toBe(escapeMarkup(`${NAME} | Koma`))
      expect(attr(res.text, /<meta name="twitter:description" content="([^"]*)">/)).toBe(escapeMarkup(DESCRIPTION))
      const jsonLd = JSON.parse(attr(res.text, /<script type="application\/ld\+json">(.*?)<\/script>/) ?? 'null')
      expect(jsonLd).toMatchObject({
        '@type': 'Book',
        name: NAME,
        description: DESCRIPTION,
        author: [{ name: `Author ${DOLLARS}` }],
        genre: [`Genre ${DOLLARS}`],
        publisher: { name: `Press ${DOLLARS}` },
      })
    }
    const soon = await get(`/en/comic/coming_soon/9${q}`)
    expectOnePage('coming soon', soon)
    expect(attr(soon.text, /<title>([^<]*)<\/title>/)).toBe(escapeMarkup(`${NAME} (Coming soon) | Koma`))
  })

  it('a chapter in the viewer, an account page and a sign-in page with a $ redirect', async () => {
    for (const url of [
      `/en/comic/7/chapter/3/product${q}`,
      `/en/account/setting${q}`,
      `/en/login?redirect=${encodeURIComponent(`/en/comic/7?x=${DOLLARS}`)}`,
    ]) {
      const res = await get(url)
      expect([url, res.status]).toEqual([url, 200])
      expectOnePage(url, res)
      expect(attr(res.text, /<meta name="robots" content="([^"]*)">/)).toBe('noindex')
    }
  })

  it('404 for an unknown path or id, 503 in maintenance, with $ patterns in the URL', async () => {
    for (const url of [`/en/no/${encodeURIComponent(DOLLARS)}/page${q}`, "/en/no/$&/$'/$`", `/en/comic/404${q}`, `/fr/comic/coming_soon/404${q}`]) {
      const res = await get(url)
      expect([url, res.status]).toEqual([url, 404])
      expectOnePage(url, res)
    }
    maintenance = true
    try {
      const res = await get(`/en/comic/7${q}`)
      expect(res.status).toBe(503)
      expectOnePage('maintenance', res)
    } finally {
      maintenance = false
    }
  })

  it('the host page’s base is pinned as it is, whatever it holds', () => {
    expect(pinHostBase('<script src="__KOMA_HOST_BASE__/main.js"></script>', "/v/$&$'$`$1$$/")).toBe(`<script src="/v/$&$'$\`$1$$/main.js"></script>`)
  })
})
