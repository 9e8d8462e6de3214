import { promises as fs } from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { bootKey, endpoints } from '@koma/contracts/server'
import { firstDocument, languagesOf, pageContext, PageHints, withHead } from './pageHints'
import { eventually } from '../../../e2e/support/eventually'
import { removeDir, tempDir } from '../test/fixtures'
import type { Registry } from '../registry/types'

const V = '20260101000000-aaaaaaaa'
const V2 = '20260102000000-bbbbbbbb'
const registry: Registry = {
  host: { version: V, base: `/host/${V}/` },
  remotes: { mf_catalog: { version: V, entry: `/remotes/mf-catalog/${V}/mf-manifest.json` } },
}
const banner = { imageUrl: '/api/image/7', largeScreenImageUrl: null }
const member = (userId: number, nickname: string, extra: { guest?: boolean; acceptMature?: boolean } = {}) => ({
  userId,
  nickname,
  guest: extra.guest ?? false,
  mature: { acceptMature: extra.acceptMature ?? false, adultVerification: extra.acceptMature ?? false },
})
const PROFILES: Record<string, ReturnType<typeof member>> = {
  alice: member(1, 'Alice'),
  bob: member(2, 'Bob'),
  guest9: member(9, 'Guest', { guest: true }),
  adult: member(3, 'Adult', { acceptMature: true }),
}
const home = (cacheControl: string) => ({
  cacheControl,
  body: { result: { popups: [], sections: [], menu: { holder: '', items: [] }, topBanner: { elements: [banner] } } },
})

describe('what the edge writes into the first page', () => {
  let root: string
  let api: FastifyInstance
  let apiUrl: string
  let answer = home('public, max-age=60')
  let calls = 0
  /** By reader address: a test's own calls, whatever other tests still have on their way. */
  const callsFrom: Record<string, number> = {}
  let holdHome: Promise<void> | null = null
  const chapterCalls: string[] = []

  beforeAll(async () => {
    root = await tempDir()
    /** A published remote's folder with its manifest: remoteEntry.js and the routes module's file. */
    const publishedRemote = async (folder: string, routesFile: string) => {
      const dir = path.join(root, 'remotes', folder, V)
      await fs.mkdir(dir, { recursive: true })
      const manifest = {
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'routes', assets: { js: { sync: [routesFile] } } }],
      }
      await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest))
      return dir
    }
    const dir = await publishedRemote('mf-catalog', '__federation_expose_routes.1.js')
    await fs.writeFile(
      path.join(dir, 'route-chunks.json'),
      JSON.stringify({ 'catalog.home': ['546.a.js'], 'catalog.episodes': ['84.b.js'], 'messages:en': ['191.c.js'], 'messages:ja': ['277.d.js'] }),
    )
    const viewerDir = await publishedRemote('mf-viewer', 'expose.v.js')
    await fs.writeFile(
      path.join(viewerDir, 'route-chunks.json'),
      JSON.stringify({
        'viewer.comic': ['413.v.js'],
        'chunk:epub-reader': ['epub-reader.v.js'],
        'chunk:readium': ['734.v.js', 'readium.v.js'],
        'chunk:readium-shared': ['734.v.js', 'readium-shared.v.js'],
        'chunk:read-aloud': ['read-aloud.v.js'],
      }),
    )
    // A later viewer build with the page's book starter (issue 39).
    const starterDir = path.join(root, 'remotes', 'mf-viewer', V2)
    await fs.cp(viewerDir, starterDir, { recursive: true })
    await fs.writeFile(path.join(starterDir, 'book-start.js'), '/* the book starter */')
    await fs.mkdir(path.join(root, 'host', V), { recursive: true })
    await fs.writeFile(path.join(root, 'host', V, 'route-chunks.json'), JSON.stringify({ 'messages:en': ['12.h.js'], 'messages:fr': ['13.h.js'] }))
    api = Fastify()
    // Issue 34: the readers this API knows, by their session cookie (a guest's too); anyone else is a 401.
    api.get('/api/member/profile', async (req, reply) => {
      const session = /koma_session=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? ''
      const profile = PROFILES[session]
      return profile ? reply.send({ result: profile }) : reply.code(401).send({ code: 401, message: 'Authentication error' })
    })
    // The header's inbox badge (issue 34), each reader's own.
    api.get('/api/inbox/count', async (req, reply) => {
      const session = /koma_session=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? ''
      if (!PROFILES[session]) return reply.code(401).send({ code: 401, message: 'Authentication error' })
      return reply.send({ result: { gifts: session === 'alice' ? 2 : 0, expiringSoon: 0, messages: 1 } })
    })
    api.get('/api/:type/:id', async (req, reply) => {
      const session = /koma_session=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? ''
      if (!PROFILES[session]) return reply.code(404).send({ code: 404, message: 'Not found' })
      return reply.send({ result: { id: 1, name: 'Moonlit Blade Princess', subscribed: session === 'alice', keyVisual: null } })
    })
    api.get('/api/:type/:id/chapter/:chapterId/:salesType', async (req, reply) => {
      const { chapterId } = req.params as { chapterId: string }
      chapterCalls.push(`${chapterId} ${req.headers.cookie ?? ''}`)
      if (chapterId === '2') return reply.code(401).send({ code: 401, message: 'Authentication error' })
      // Chapter 7: paid, unlocked by alice only (the API decides who has the right).
      if (chapterId === '7' && !/koma_session=alice\b/.test(req.headers.cookie ?? '')) return reply.code(403).send({ code: 403, message: 'Locked' })
      const orientation = chapterId === '3' ? 'paged' : 'vertical'
      return reply.send({
        result: {
          id: Number(chapterId),
          orientation,
          chapterFileFormat: chapterId === '4' || chapterId === '10' || chapterId === '11' ? 'epub' : 'image',
          readingDirection: 'ltr',
          // Chapter 11: a fixed-layout book with a reflowable document, which the app lays out.
          ...(chapterId === '11' ? { epub: { layout: 'fixed', readingProgression: 'ltr', language: 'en', positions: 2 } } : {}),
          ...(chapterId === '10' ? { progress: { href: 'OPS/chapter-2.xhtml#p3' } } : {}),
          // Chapter 6: an API that (wrongly) answered a visitor a mature title's chapter (issue 33).
          mature: chapterId === '6',
          images: [
            {
              url: '/api/image/70?e=9&s=sig',
              width: 800,
              height: 1200,
              tiles: orientation === 'vertical' ? [{ url: '/api/image/70/tile/0/2?e=9&s=sig', width: 800, height: 600 }] : undefined,
            },
          ],
        },
      })
    })
    // Issue 39: a book's manifest, for whoever may read its chapter (chapter 10: a reader who stopped in chapter 2).
    api.get('/api/:type/:id/chapter/epub', async (req, reply) => {
      const query = req.query as Record<string, string>
      chapterCalls.push(`epub ${query.chapterId} ${query.chapterFileSalesType} ${query.languageId} ${req.headers.cookie ?? ''}`)
      const base = `/api/comic/5/chapter/${query.chapterId}/product/epub/`
      return reply.send({
        result: {
          manifest: {
            links: [{ rel: 'self', href: `${base}manifest.json` }],
            // Chapter 11's second document is reflowable text in a fixed-layout book.
            readingOrder: [
              { href: 'OPS/cover.xhtml' },
              { href: 'OPS/chapter-2.xhtml', ...(query.chapterId === '11' ? { properties: { layout: 'reflowable' } } : {}) },
            ],
          },
          positions: [],
        },
      })
    })
    api.get('/api/:lang/home', async (req, reply) => {
      calls += 1
      const from = String(req.headers['x-forwarded-for'])
      callsFrom[from] = (callsFrom[from] ?? 0) + 1
      // The answer as it was when asked, however long the API then takes to send it.
      const sent = answer
      if (holdHome) await holdHome
      return reply.header('cache-control', sent.cacheControl).send(sent.body)
    })
    apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await api.close()
    await removeDir(root)
  })

  const request = (url: string, extra: { cookie?: string; acceptLanguage?: string } = {}) => ({
    url,
    clientIp: '203.0.113.9',
    cookie: extra.cookie,
    acceptLanguage: extra.acceptLanguage,
  })

  it('the registry, the reader address, and preloads of the owning remote, its screen and its messages', async () => {
    const hints = new PageHints(root, apiUrl, { now: () => 1000 })
    const { head } = await hints.headFor(request('/en/comic/1'), registry)
    expect(head).toContain(`<script type="application/json" id="koma-registry">${JSON.stringify(registry)}</script>`)
    expect(head).toContain('<script type="application/json" id="koma-boot">{"ip":{"ip":"203.0.113.9","now":1000},"cookie":""}</script>')
    for (const file of ['remoteEntry.js', '__federation_expose_routes.1.js', '84.b.js', '191.c.js'])
      expect(head).toContain(`<link rel="preload" href="/remotes/mf-catalog/${V}/${file}" as="script">`)
    expect(head).not.toContain('546.a.js')
    expect(head).not.toContain('277.d.js')
    expect(head).not.toMatch(/<script(?![^>]*type="application\/json")/)
  })

  it("the request's page-readable cookies, for the page's first reads; never the session's or the guest's (issue 39)", async () => {
    const hints = new PageHints(root, apiUrl, { now: () => 1000 })
    const boot = (head: string) => JSON.parse(/id="koma-boot">(.*?)<\/script>/.exec(head)?.[1] ?? '{}') as { cookie?: string }
    const cookie =
      'koma_session=SECRET-SESSION; koma_lc=1; koma_guest=SECRET-GUEST; koma_locale=fr; other=x; koma_dns=1; koma_tz=Asia%2FTokyo; koma_accept_mature=Y; koma_lc=2'
    const { head } = await hints.headFor(request('/en/search', { cookie }), registry)
    expect(boot(head).cookie).toBe('koma_lc=1; koma_locale=fr; koma_dns=1; koma_tz=Asia%2FTokyo; koma_accept_mature=Y')
    expect(head).not.toContain('SECRET')
    // Markup in a cookie stays data: the page's JSON element is not closed by it.
    const hostile = await hints.headFor(request('/en/search', { cookie: 'koma_locale=</script><script>alert(1)</script>' }), registry)
    expect(hostile.head).not.toContain('</script><script>alert(1)')
    expect(boot(hostile.head).cookie).toBe('koma_locale=</script><script>alert(1)</script>')
  })

  it("a preload of the host's messages in the page's language, and no other", async () => {
    const hints = new PageHints(root, apiUrl, { now: () => 1000 })
    const { head } = await hints.headFor(request('/fr/comic/1'), registry)
    expect(head).toContain(`<link rel="preload" href="/host/${V}/13.h.js" as="script">`)
    expect(head).not.toContain('12.h.js')
    // A host built without the file (or one not there yet) gets no preload, and no failure.
    const { head: older } = await hints.headFor(request('/fr/comic/1'), { ...registry, host: { version: 'missing', base: '/host/missing/' } })
    expect(older).not.toContain('href="/host/')
  })

  it('/ja: Japanese messages and answers whatever the cookie and the browser say (issue 35)', async () => {
    const asked: string[] = []
    const hints = new PageHints(root, apiUrl, {
      now: () => 1000,
      publicAnswer: async (params, locale) => {
        asked.push(`${locale} ${bootKey(endpoints.content, params)}`)
        return { status: 200, cacheControl: '', result: { id: 1, name: '月光の剣姫' } }
      },
    })
    const { head } = await hints.headFor(request('/ja/comic/1', { cookie: 'koma_locale=fr', acceptLanguage: 'en-US' }), registry)
    expect(head).toContain(`<link rel="preload" href="/remotes/mf-catalog/${V}/277.d.js" as="script">`)
    expect(head).not.toContain('191.c.js')
    expect(asked).toEqual(['ja /comic/1'])
    expect(pageContext({ url: '/ja/comic/1?x=1', clientIp: '203.0.113.9', cookie: 'koma_locale=fr', acceptLanguage: 'en' })).toMatchObject({
      pathname: '/ja/comic/1',
      locale: 'ja',
      match: { prefix: 'ja', route: { id: 'catalog.episodes' } },
    })
  })

  it("a title's episode list: the API's anonymous answer for a visitor only, never a member's, a guest's or a mature reader's", async () => {
    const asked: string[] = []
    const title = { id: 1, name: 'Moonlit Blade Princess', keyVisual: { url: '/api/image/33' } }
    const hints = new PageHints(root, apiUrl, {
      now: () => 1000,
      publicAnswer: async (params, locale) => {
        const path = bootKey(endpoints.content, params)
        asked.push(`${locale} ${path}`)
        if (path === '/comic/1') return { status: 200, cacheControl: '', result: title }
        if (path === '/comic/8') return { status: 200, cacheControl: '', result: { id: 8, name: 'Night Garden', mature: true } }
        return { status: 404, cacheControl: '', result: null }
      },
    })
    const boot = (head: string) => JSON.parse(/id="koma-boot">(.*?)<\/script>/.exec(head)?.[1] ?? '{}') as { results?: Record<string, unknown> }
    expect(boot((await hints.headFor(request('/fr/comic/1'), registry)).head).results).toEqual({ '/comic/1': title })
    expect(asked).toEqual(['fr /comic/1'])
    // Its key visual, the largest paint, preloaded as the screen will ask for it.
    expect((await hints.headFor(request('/fr/comic/1'), registry)).head).toContain(
      '<link rel="preload" as="image" href="/api/image/33?w=1280" imagesrcset="/api/image/33?w=1280 1x, /api/image/33?w=1280&amp;dpr=2 2x" fetchpriority="high">',
    )
    asked.length = 1
    // A session the API does not know, a login-check cookie alone, a mature reader: nothing (issue 34: a reader the API knows gets their own, below).
    for (const cookie of ['koma_session=abc', 'koma_lc=1', 'koma_accept_mature=Y'])
      expect(boot((await hints.headFor(request('/fr/comic/1', { cookie }), registry)).head).results).toBeUndefined()
    expect(asked).toHaveLength(1)
    // Not found (or the API slow or down): nothing written, the browser asks and shows what it gets.
    expect(boot((await hints.headFor(request('/fr/comic/2'), registry)).head).results).toBeUndefined()
    // A mature title: nothing of it in the page.
    expect((await hints.headFor(request('/fr/comic/8'), registry)).head).not.toContain('Night Garden')
  })

  it("a chapter for a visitor: the API's answer as any visitor gets it, and a preload of its first page as the viewer draws it (issue 13)", async () => {
    const hints = new PageHints(root, apiUrl, { now: () => 1000, homeWaitMs: 10_000 })
    const vertical = await hints.headFor(request('/en/comic/5/chapter/1/product'), registry)
    expect(vertical.answered).toBe(true)
    expect(vertical.head).toContain('"results":{"/comic/5/chapter/1/product":{"id":1')
    expect(vertical.head).toContain(
      '<link rel="preload" as="image" href="/api/image/70/tile/0/2?e=9&amp;s=sig&amp;w=768" imagesrcset="/api/image/70/tile/0/2?e=9&amp;s=sig&amp;w=640 640w, ',
    )
    expect(vertical.head).toContain('imagesizes="(max-width: 720px) 100vw, 720px" fetchpriority="high">')
    const paged = await hints.headFor(request('/en/magazine_comic/5/chapter/3/product'), registry)
    expect(paged.head).toContain('imagesizes="min(100vw, 66.67vh)" fetchpriority="high">')
    // The API asked as a visitor: no cookie of the reader's, whatever the reader sent.
    expect(chapterCalls.every((call) => call.endsWith(' '))).toBe(true)
    // A paid chapter (401), a mature title's chapter, a mature reader: nothing written.
    for (const [url, cookie] of [
      ['/en/comic/5/chapter/2/product', undefined],
      ['/en/comic/5/chapter/6/product', undefined],
      ['/en/comic/5/chapter/1/product', 'koma_accept_mature=Y'],
    ] as const) {
      const hinted = await hints.headFor(request(url, { cookie }), registry)
      expect({ url, cookie, answered: hinted.answered, results: hinted.head.includes('"results"') }).toEqual({ url, cookie, answered: false, results: false })
    }
  })

  it("a book's chapter: its answer and its manifest in the page, the novel reader's chunks and first document preloaded; the browser draws it (issue 39)", async () => {
    const withViewer: Registry = { ...registry, remotes: { ...registry.remotes, mf_viewer: { version: V, entry: `/remotes/mf-viewer/${V}/mf-manifest.json` } } }
    const hints = new PageHints(root, apiUrl, { now: () => 1000, homeWaitMs: 10_000 })
    const book = await hints.headFor(request('/fr/comic/5/chapter/4/product'), withViewer)
    expect(book.answered).toBe(false)
    const results = (JSON.parse(/id="koma-boot">(.*?)<\/script>/.exec(book.head)?.[1] ?? '{}') as { results?: Record<string, unknown> }).results ?? {}
    const query = { chapterId: '4', chapterFileSalesType: 'product', languageId: 'fr' }
    expect(Object.keys(results)).toEqual([
      bootKey(endpoints.chapter, { type: 'comic', id: '5', chapterId: '4', salesType: 'product' }),
      bootKey(endpoints.chapterEpub, { type: 'comic', id: '5' }, query),
    ])
    for (const file of ['epub-reader.v.js', '734.v.js', 'readium.v.js', 'readium-shared.v.js'])
      expect(book.head).toContain(`<link rel="preload" href="/remotes/mf-viewer/${V}/${file}" as="script">`)
    expect(book.head.match(/734\.v\.js/g)).toHaveLength(1)
    // Read aloud is the reader's choice, later: not preloaded.
    expect(book.head).not.toContain('read-aloud')
    expect(book.head).toContain('<link rel="preload" as="fetch" href="/api/comic/5/chapter/4/product/epub/OPS/cover.xhtml" crossorigin="anonymous">')
    // The reader's saved place opens another document: that one is preloaded.
    const resumed = await hints.headFor(request('/fr/comic/5/chapter/10/product'), withViewer)
    expect(resumed.head).toContain('href="/api/comic/5/chapter/10/product/epub/OPS/chapter-2.xhtml" crossorigin="anonymous">')
    // Asked as a visitor, in the page's language.
    expect(chapterCalls).toContain('epub 4 product fr ')
  })

  it("a book Readium pages alone opens before the app: the viewer's book starter, its note, the app's scripts named for after its first page (issue 39)", async () => {
    const withStarter: Registry = {
      ...registry,
      remotes: { ...registry.remotes, mf_viewer: { version: V2, entry: `/remotes/mf-viewer/${V2}/mf-manifest.json` } },
    }
    const hints = new PageHints(root, apiUrl, { now: () => 1000, homeWaitMs: 10_000 })
    const hostScripts = ['/host/h/main.js']
    const book = await hints.headFor(request('/fr/comic/5/chapter/4/product'), withStarter, undefined, { hostScripts })
    expect({ answered: book.answered, scriptsDeferred: book.scriptsDeferred }).toEqual({ answered: false, scriptsDeferred: true })
    expect(book.head).toContain(`<script defer fetchpriority="high" src="/remotes/mf-viewer/${V2}/book-start.js"></script>`)
    const note = JSON.parse(/id="koma-first-book">(.*?)<\/script>/.exec(book.head)?.[1] ?? 'null') as unknown
    const query = { chapterId: '4', chapterFileSalesType: 'product', languageId: 'fr' }
    expect(note).toEqual({
      chapter: bootKey(endpoints.chapter, { type: 'comic', id: '5', chapterId: '4', salesType: 'product' }),
      book: bootKey(endpoints.chapterEpub, { type: 'comic', id: '5' }, query),
      locale: 'fr',
    })
    // The answers the note names are in the boot data.
    const results = (JSON.parse(/id="koma-boot">(.*?)<\/script>/.exec(book.head)?.[1] ?? '{}') as { results?: Record<string, unknown> }).results ?? {}
    expect(Object.keys(results)).toEqual([(note as { chapter: string }).chapter, (note as { book: string }).book])
    // No script preloaded: the host's, the viewer's and the reader's own chunk come after the first page; Readium never (the starter has it).
    expect(book.head).not.toContain('as="script"')
    const deferred = JSON.parse(/id="koma-scripts">(.*?)<\/script>/.exec(book.head)?.[1] ?? '[]') as string[]
    expect(deferred[0]).toBe('/host/h/main.js')
    expect(deferred).toContain(`/remotes/mf-viewer/${V2}/epub-reader.v.js`)
    expect(deferred.filter((file) => /readium|734/.test(file))).toEqual([])
    // The first document is still preloaded: the starter asks for it first.
    expect(book.head).toContain('<link rel="preload" as="fetch" href="/api/comic/5/chapter/4/product/epub/OPS/cover.xhtml" crossorigin="anonymous">')
    // A fixed-layout book with a reflowable document: the app opens it, as before (its chunks preloaded, no starter).
    const mixed = await hints.headFor(request('/fr/comic/5/chapter/11/product'), withStarter, undefined, { hostScripts })
    expect(mixed.scriptsDeferred).toBe(false)
    expect(mixed.head).not.toContain('book-start.js')
    expect(mixed.head).not.toContain('koma-first-book')
    expect(mixed.head).toContain(`<link rel="preload" href="/remotes/mf-viewer/${V2}/readium.v.js" as="script">`)
  })

  it('a book opens on the document of the saved place, else the first, and only one of its own', () => {
    const book = (self: string, hrefs: string[]) => ({ manifest: { links: [{ rel: ['self'], href: self }], readingOrder: hrefs.map((href) => ({ href })) } })
    const base = '/api/comic/1/chapter/2/product/epub/manifest.json'
    expect(firstDocument(book(base, ['a.xhtml', 'b/c.xhtml']), null)).toBe('/api/comic/1/chapter/2/product/epub/a.xhtml')
    expect(firstDocument(book(base, ['a.xhtml', 'b/c.xhtml']), 'b/c.xhtml#x')).toBe('/api/comic/1/chapter/2/product/epub/b/c.xhtml')
    // A saved place the book no longer has: its first document.
    expect(firstDocument(book(base, ['a.xhtml']), 'gone.xhtml')).toBe('/api/comic/1/chapter/2/product/epub/a.xhtml')
    // Nothing outside the book's folder, with a query, on another origin, or from a manifest not the API's.
    for (const href of ['../../../../../member/profile', 'https://evil.example/x', 'a.xhtml?x=1', '//evil.example/a'])
      expect({ href, first: firstDocument(book(base, [href]), null) }).toEqual({ href, first: null })
    expect(firstDocument(book('https://evil.example/manifest.json', ['a.xhtml']), null)).toBeNull()
    expect(firstDocument(book(base, []), null)).toBeNull()
  })

  describe("a member's or a guest's page (issue 34)", () => {
    const boot = (head: string) => JSON.parse(/id="koma-boot">(.*?)<\/script>/.exec(head)?.[1] ?? '{}') as { results?: Record<string, unknown> }
    const hints = () =>
      new PageHints(root, apiUrl, {
        now: () => 1000,
        homeWaitMs: 10_000,
        publicAnswer: async () => {
          throw new Error('a reader’s page never takes the anonymous answer')
        },
      })

    it('asks every answer with their own cookies and writes their profile: the page is theirs alone', async () => {
      for (const [session, nickname] of [
        ['alice', 'Alice'],
        ['guest9', 'Guest'],
      ] as const) {
        const cookie = `koma_session=${session}${session === 'alice' ? '; koma_lc=1' : ''}`
        const list = await hints().headFor(request('/en/comic/1', { cookie }), registry)
        expect({ answered: list.answered, personal: list.personal }).toEqual({ answered: true, personal: true })
        expect(boot(list.head).results?.['/member/profile']).toMatchObject({ nickname })
        expect(boot(list.head).results?.['/comic/1']).toMatchObject({ subscribed: session === 'alice' })
      }
      // Home: the public answer (the API's home is everyone's), and their profile for the header.
      const home = await hints().headFor(request('/en', { cookie: 'koma_session=bob; koma_lc=1' }), registry)
      expect({ answered: home.answered, personal: home.personal }).toEqual({ answered: true, personal: true })
      // and the inbox badge the header asks for once hydrated: the browser asks the API nothing.
      expect(Object.keys(boot(home.head).results ?? {}).sort()).toEqual(['/en/home', '/inbox/count', '/member/profile'])
      // A visitor's page is nobody's own.
      expect((await hints().headFor(request('/en'), registry)).personal).toBe(false)
    })

    it('two members asked for at once each get their own answers, never the other’s', async () => {
      const [alice, bob] = await Promise.all(
        ['alice', 'bob'].map((session) => hints().headFor(request('/en/comic/1', { cookie: `koma_session=${session}; koma_lc=1` }), registry)),
      )
      expect(boot(alice!.head).results).toMatchObject({
        '/member/profile': { nickname: 'Alice' },
        '/comic/1': { subscribed: true },
        '/inbox/count': { gifts: 2 },
      })
      expect(boot(bob!.head).results).toMatchObject({ '/member/profile': { nickname: 'Bob' }, '/comic/1': { subscribed: false }, '/inbox/count': { gifts: 0 } })
      expect(bob!.head).not.toContain('Alice')
    })

    it('a paid chapter’s signed page URLs only for the reader the API gives them to, with its first page preloaded', async () => {
      chapterCalls.length = 0
      const alice = await hints().headFor(request('/en/comic/5/chapter/7/product', { cookie: 'koma_session=alice; koma_lc=1' }), registry)
      expect(alice.answered).toBe(true)
      // The viewer has no header: no inbox badge asked for it.
      expect(boot(alice.head).results?.['/inbox/count']).toBeUndefined()
      expect(alice.head).toContain('/api/image/70/tile/0/2?e=9&amp;s=sig')
      expect(alice.head).toMatch(
        /<link rel="preload" as="image" href="\/api\/image\/70\/tile\/0\/2\?e=9&amp;s=sig&amp;w=768" imagesrcset="[^"]+" imagesizes="[^"]+" fetchpriority="high">/,
      )
      const bob = await hints().headFor(request('/en/comic/5/chapter/7/product', { cookie: 'koma_session=bob; koma_lc=1' }), registry)
      expect({ answered: bob.answered, urls: bob.head.includes('/api/image/70') }).toEqual({ answered: false, urls: false })
      // The API was asked with each reader's own cookies, and only those.
      expect(chapterCalls).toEqual(['7 koma_session=alice; koma_lc=1', '7 koma_session=bob; koma_lc=1'])
    })

    it('an expired or made-up session, a login-check cookie alone, or a reader who turned mature content on: nothing to draw from', async () => {
      for (const cookie of ['koma_session=expired; koma_lc=1', 'koma_lc=1', 'koma_session=adult; koma_lc=1']) {
        for (const url of ['/en', '/en/comic/1', '/en/comic/5/chapter/1/product']) {
          const hinted = await hints().headFor(request(url, { cookie }), registry)
          expect({
            cookie,
            url,
            answered: hinted.answered,
            profile: boot(hinted.head).results?.['/member/profile'] ?? null,
            inbox: boot(hinted.head).results?.['/inbox/count'] ?? null,
          }).toEqual({ cookie, url, answered: false, profile: null, inbox: null })
        }
      }
    })
  })

  it('a page the edge draws names its scripts for after its first paint instead of preloading them (issue 13)', async () => {
    const hints = new PageHints(root, apiUrl, { now: () => 1000, homeWaitMs: 10_000 })
    const withViewer: Registry = { ...registry, remotes: { ...registry.remotes, mf_viewer: { version: V, entry: `/remotes/mf-viewer/${V}/mf-manifest.json` } } }
    const drawn = await hints.headFor(request('/en/comic/5/chapter/1/product'), withViewer, undefined, {
      deferScripts: [`/host/${V}/main.js`, `/host/${V}/470.a.js`],
    })
    expect(drawn.scriptsDeferred).toBe(true)
    expect(drawn.head).not.toMatch(/<link rel="preload"[^>]*as="script"/)
    const scripts = JSON.parse(/id="koma-scripts">(.*?)<\/script>/.exec(drawn.head)?.[1] ?? '[]') as string[]
    expect(scripts.slice(0, 2)).toEqual([`/host/${V}/main.js`, `/host/${V}/470.a.js`])
    expect(scripts).toContain(`/remotes/mf-viewer/${V}/remoteEntry.js`)
    expect(scripts).toContain(`/remotes/mf-viewer/${V}/expose.v.js`)
    // Nothing to draw it from (a paid chapter): preloaded as before.
    const paid = await hints.headFor(request('/en/comic/5/chapter/2/product'), withViewer, undefined, { deferScripts: [`/host/${V}/main.js`] })
    expect(paid.scriptsDeferred).toBe(false)
    expect(paid.head).not.toContain('koma-scripts')
    expect(paid.head).toContain(`<link rel="preload" href="/remotes/mf-viewer/${V}/remoteEntry.js" as="script">`)
    // Its seed and time zone ride in the boot data.
    const seeded = await hints.headFor(request('/en'), registry, undefined, { seed: 7, timeZone: 'Asia/Tokyo' })
    expect(seeded.head).toMatch(/id="koma-boot">\{[^<]*"seed":7,"timeZone":"Asia\/Tokyo"/)
  })

  it('for home: the API answer and a preload of the first banner, in the reader language', async () => {
    const hints = new PageHints(root, apiUrl, { now: () => 1000, homeWaitMs: 10_000 })
    const { head } = await hints.headFor(request('/', { acceptLanguage: 'fr-CA;q=0.5, ja;q=0.9' }), registry)
    expect(head).toContain('"results":{"/ja/home":{"popups":[]')
    expect(head).toContain('<link rel="preload" as="image" href="/api/image/7?w=')
    expect(head).toContain(`/remotes/mf-catalog/${V}/277.d.js`)
    // Cached for the max-age the API gave: a second page asks the API nothing.
    const before = calls
    const again = await hints.headFor(request('/', { cookie: 'koma_locale=ja' }), registry)
    await hints.headFor(request('/', { acceptLanguage: 'ja' }), registry)
    expect(again.head).toContain('"results":{"/ja/home"')
    expect(calls).toBe(before)
  })

  it('never keeps a private answer, and leaves home to the browser for a mature reader', async () => {
    answer = home('private, max-age=60')
    const hints = new PageHints(root, apiUrl, { homeWaitMs: 10_000 })
    await hints.headFor(request('/fr'), registry)
    const before = calls
    await hints.headFor(request('/fr'), registry)
    expect(calls).toBe(before + 1)
    const mature = await hints.headFor(request('/fr', { cookie: 'koma_accept_mature=Y' }), registry)
    expect(mature.head).not.toContain('"results"')
    expect(calls).toBe(before + 1)
    answer = home('public, max-age=60')
  })

  it('hands out the public home answer as bytes while it is fresh, and only then', async () => {
    let now = 10_000
    const hints = new PageHints(root, apiUrl, { now: () => now })
    expect(await hints.cachedHomeAnswer('en', '203.0.113.9')).toBeNull()
    // The miss fetched it for the next caller.
    const cached = await eventually(
      () => hints.cachedHomeAnswer('en', '203.0.113.9'),
      (value) => value !== null,
    )
    expect(cached?.maxAge).toBe(60)
    expect(JSON.parse(cached!.answer.identity.toString())).toEqual(answer.body)
    now += 61_000
    expect(await hints.cachedHomeAnswer('en', '203.0.113.9')).toBeNull()
  })

  it('forgets the kept home when told (maintenance began): the next reader asks the API', async () => {
    const hints = new PageHints(root, apiUrl, { now: () => 10_000 })
    await hints.cachedHomeAnswer('en', '203.0.113.9')
    await eventually(
      () => hints.cachedHomeAnswer('en', '203.0.113.9'),
      (value) => value !== null,
    )
    hints.forgetHome()
    expect(await hints.cachedHomeAnswer('en', '203.0.113.9')).toBeNull()
  })

  it('does not keep an answer asked for before it was told to forget (an operator changed home meanwhile)', async () => {
    const ip = '198.51.100.7'
    const hints = new PageHints(root, apiUrl, { now: () => 10_000 })
    let release: () => void = () => {}
    holdHome = new Promise((resolve) => (release = resolve))
    const old = answer
    try {
      expect(await hints.cachedHomeAnswer('en', ip)).toBeNull()
      await eventually(
        async () => callsFrom[ip],
        (count) => count === 1,
      )
      // The operator's change lands while that answer is on its way.
      answer = { ...old, body: { result: { ...old.body.result, topBanner: { elements: [{ ...banner, imageUrl: '/api/image/8' }] } } } }
      hints.forgetHome()
    } finally {
      holdHome = null
      release()
    }
    // The next reader does not get the old answer: the edge asks the API again and keeps the new one.
    const cached = await eventually(
      () => hints.cachedHomeAnswer('en', ip),
      (value) => value !== null,
    )
    expect(JSON.parse(cached!.answer.identity.toString())).toEqual(answer.body)
    expect(callsFrom[ip]).toBe(2)
    answer = old
  })

  it('the tag changes with the registry, not with the clock', async () => {
    let now = 1
    const hints = new PageHints(root, apiUrl, { now: () => now })
    const a = await hints.headFor(request('/en/comic/1'), registry)
    now = 2
    const b = await hints.headFor(request('/en/comic/1'), registry)
    const c = await hints.headFor(request('/en/comic/1'), { ...registry, remotes: {} })
    expect(a.tag).toBe(b.tag)
    expect(c.tag).not.toBe(a.tag)
  })

  it('reads Accept-Language by quality, and inserts before </head>', () => {
    expect(languagesOf('fr-CA;q=0.5, ja;q=0.9, en')).toEqual(['en', 'ja', 'fr-CA'])
    expect(languagesOf(undefined)).toEqual([])
    expect(withHead('<html><head><title>x</title></head></html>', '<meta>')).toBe('<html><head><title>x</title><meta></head></html>')
  })
})
