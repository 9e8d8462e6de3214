import { promises as fs } from 'node:fs'
import path from 'node:path'
import { resolveRoute } from '@koma/contracts/match'
import type { Registry } from '../registry/types'
import { eventually } from '../../../e2e/support/eventually'
import { removeDir, tempDir } from '../test/fixtures'
import { FirstPaint, isTimeZone, warmUpPages, withEntryScript, withoutScriptPreloads, withRoot, type DrawRequest } from './firstPaint'
import { ServerBuilds } from './serverBuilds'

const H1 = '20260101000000-aaaaaaaa'
const H2 = '20260102000000-bbbbbbbb'
const R1 = '20260101000000-cccccccc'

/**
 * A host server build as the webpack server config makes one (CommonJS): it provides its shared
 * libraries and draws a page from the remote's routes module it is given.
 */
const hostBuild = (label: string, behaviour = 'draw') => `
const react = { label: ${JSON.stringify(label)} }
let drawings = 0
const drawn = []
exports.SHARED = { react }
exports.drawings = () => drawings
exports.drawn = () => drawn
exports.renderPage = async (input) => {
  drawings += 1
  drawn.push({ url: input.url, languages: input.languages, boot: input.boot })
  if (${JSON.stringify(behaviour)} === 'slow') return new Promise(() => undefined)
  if (${JSON.stringify(behaviour)} === 'throw') throw new Error('boom')
  const routes = input.remotes.mf_catalog && input.remotes.mf_catalog['./routes']
  return { html: '<main>' + ${JSON.stringify(label)} + ' ' + input.url + ' ' + (routes ? routes.screen(input) : 'no routes') + '</main>', errors: [] }
}
`

/** A remote server build: takes React from the host by name, like the real ones (webpack externals). */
const remoteBuild = `
const react = require('react')
const { join } = require('node:path')
exports.screen = (input) => 'screen on ' + react.label + ' seed ' + input.boot.seed + ' ' + join('a', 'b')
`

async function put(root: string, rel: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true })
  await fs.writeFile(path.join(root, rel), content)
}

const registry = (host: string): Registry => ({
  host: { version: host, base: `/host/${host}/` },
  remotes: { mf_catalog: { version: R1, entry: `/remotes/mf-catalog/${R1}/mf-manifest.json` } },
})
const visitor: DrawRequest = { url: '/en/comic/3', cookie: undefined, languages: ['en'], gpc: false, visitor: true }
const page = (pathname: string) => ({ pathname, search: '', match: resolveRoute(pathname), locale: 'en' as const })

describe('the first paint drawn by the edge (issue 13)', () => {
  let root: string
  beforeAll(async () => {
    root = await tempDir()
    await put(root, `host/${H1}/server/host.js`, hostBuild('host one'))
    await put(root, `host/${H2}/server/host.js`, hostBuild('host two'))
    await put(root, `remotes/mf-catalog/${R1}/server/remote.js`, remoteBuild)
  })
  afterAll(() => removeDir(root))

  it('draws with the live host and the owning remote, the remote on the host’s shared libraries', async () => {
    const paint = new FirstPaint(root, { waitMs: 2000 })
    const html = await paint.draw(visitor, page('/en/comic/3'), registry(H1), { seed: 5 })
    expect(html).toBe('<main>host one /en/comic/3 screen on host one seed 5 a/b</main>')
    // Another host version (a deploy or a rollback): its own build, and the remote on its libraries.
    expect(await paint.draw(visitor, page('/en/comic/3'), registry(H2), { seed: 6 })).toBe('<main>host two /en/comic/3 screen on host two seed 6 a/b</main>')
  })

  it('draws a page once for every visitor it is the same for, and again for anything it reads that differs', async () => {
    const version = '20260107000000-55555555'
    await put(root, `host/${version}/server/host.js`, hostBuild('kept'))
    const builds = new ServerBuilds(root)
    const paint = new FirstPaint(root, { waitMs: 2000, builds })
    const drawings = async () => ((await builds.host(version)) as unknown as { drawings: () => number }).drawings()
    const boot = { ip: { ip: '203.0.113.1', now: 1 }, seed: 3, results: { '/comic/3': { id: 3 } } }
    const first = await paint.draw(visitor, page('/en/comic/3'), registry(version), boot)
    // Another reader (address, clock), cookies the site does not read: the page as drawn.
    expect(
      await paint.draw({ ...visitor, cookie: '_ga=GA1.2.3' }, page('/en/comic/3'), registry(version), { ...boot, ip: { ip: '198.51.100.7', now: 2 } }),
    ).toBe(first)
    const count = async () => (await paint.draw(visitor, page('/en/comic/3'), registry(version), boot), drawings())
    expect(await count()).toBe(1)
    const variants: [DrawRequest, typeof boot & { timeZone?: string }][] = [
      [{ ...visitor, cookie: 'koma_dns=1' }, boot],
      [{ ...visitor, gpc: true }, boot],
      [{ ...visitor, languages: ['ja'] }, boot],
      [visitor, { ...boot, seed: 4 }],
      [visitor, { ...boot, results: { '/comic/3': { id: 3, name: 'renamed' } } as typeof boot.results }],
      [visitor, { ...boot, timeZone: 'Asia/Tokyo' }],
    ]
    for (const [request, changed] of variants) await paint.draw(request, page('/en/comic/3'), registry(version), changed)
    expect(await drawings()).toBe(7)
  })

  it('draws a member’s or guest’s page from their own boot data every time, never from or into the kept drawings (issue 34)', async () => {
    const version = '20260110000000-66666666'
    await put(root, `host/${version}/server/host.js`, hostBuild('own'))
    const builds = new ServerBuilds(root)
    const paint = new FirstPaint(root, { waitMs: 2000, builds })
    const host = async () => (await builds.host(version)) as unknown as { drawings: () => number; drawn: () => { boot: { results?: unknown } }[] }
    const as = (session: string): DrawRequest => ({ ...visitor, visitor: false, reader: true, cookie: `koma_session=${session}; koma_lc=1` })
    const boot = (nickname: string) => ({ seed: 1, results: { '/member/profile': { nickname }, '/comic/3': { id: 3 } } })
    // A visitor's drawing is kept; a member with the same URL never gets it, nor is theirs kept.
    await paint.draw(visitor, page('/en/comic/3'), registry(version), { seed: 1, results: { '/comic/3': { id: 3 } } })
    const drawings = await Promise.all([
      paint.draw(as('alice'), page('/en/comic/3'), registry(version), boot('Alice')),
      paint.draw(as('bob'), page('/en/comic/3'), registry(version), boot('Bob')),
      paint.draw(as('alice'), page('/en/comic/3'), registry(version), boot('Alice')),
    ])
    expect(drawings.every((html) => html !== null)).toBe(true)
    expect((await host()).drawings()).toBe(4)
    expect((await host()).drawn().map((drawn) => (drawn.boot.results as Record<string, { nickname?: string }>)['/member/profile']?.nickname ?? null)).toEqual([
      null,
      'Alice',
      'Bob',
      'Alice',
    ])
    // The visitor's page is still the kept one.
    await paint.draw(visitor, page('/en/comic/3'), registry(version), { seed: 1, results: { '/comic/3': { id: 3 } } })
    expect((await host()).drawings()).toBe(4)
  })

  it('draws only the routes marked drawnByEdge, for visitors, with both server builds present', async () => {
    const paint = new FirstPaint(root, { waitMs: 2000 })
    expect(paint.wants(visitor, page('/en/comic/3'), registry(H1))).toBe(true)
    expect(paint.wants(visitor, page('/en'), registry(H1))).toBe(true)
    expect(paint.wants(visitor, page('/en/search/moon'), registry(H1))).toBe(false)
    expect(paint.wants(visitor, page('/en/library/subscribed'), registry(H1))).toBe(false)
    expect(paint.wants({ ...visitor, visitor: false }, page('/en/comic/3'), registry(H1))).toBe(false)
    // A member or a guest (issue 34) on the same routes, and not elsewhere.
    expect(paint.wants({ ...visitor, visitor: false, reader: true }, page('/en/comic/3'), registry(H1))).toBe(true)
    expect(paint.wants({ ...visitor, visitor: false, reader: true }, page('/en/library/subscribed'), registry(H1))).toBe(false)
    expect(paint.wants(visitor, page('/en/no/such/page/here'), registry(H1))).toBe(false)
    // The owner is not in the registry, or has no server build in its version: the browser draws it.
    expect(paint.wants(visitor, page('/en/comic/3/chapter/1/product'), registry(H1))).toBe(false)
    const older = { ...registry(H1), remotes: { mf_catalog: { version: '20250101000000-dddddddd', entry: '' } } }
    expect(await paint.draw(visitor, page('/en/comic/3'), older, {})).toBeNull()
    expect(await paint.draw(visitor, page('/en/comic/3'), { ...registry('20250101000000-eeeeeeee') }, {})).toBeNull()
  })

  it('gives up on a drawing that takes too long or fails: the page goes as before', async () => {
    const slow = '20260103000000-ffffffff'
    const broken = '20260104000000-99999999'
    await put(root, `host/${slow}/server/host.js`, hostBuild('slow', 'slow'))
    await put(root, `host/${broken}/server/host.js`, hostBuild('broken', 'throw'))
    const warned: string[] = []
    const paint = new FirstPaint(root, { waitMs: 100, log: { warn: (_obj, msg) => warned.push(msg) } })
    expect(await paint.draw(visitor, page('/en/comic/3'), registry(slow), {})).toBeNull()
    expect(await paint.draw(visitor, page('/en/comic/3'), registry(broken), {})).toBeNull()
    expect(warned).toContain('the edge could not draw the page')
  })

  it('draws a bounded number of pages at once: past it a page goes undrawn at once', async () => {
    const slow = '20260108000000-44444444'
    await put(root, `host/${slow}/server/host.js`, hostBuild('slow', 'slow'))
    const builds = new ServerBuilds(root)
    const paint = new FirstPaint(root, { waitMs: 100, maxInFlight: 2, builds })
    const started = async () => ((await builds.host(slow)) as unknown as { drawings: () => number }).drawings()
    // Distinct pages (another query each), all slow: two are in flight, the third is not started.
    const drawings = ['?a', '?b'].map((search) => paint.draw({ ...visitor, url: `/en/comic/3${search}` }, page('/en/comic/3'), registry(slow), {}))
    await eventually(started, (count) => count === 2)
    expect(await paint.draw({ ...visitor, url: '/en/comic/3?c' }, page('/en/comic/3'), registry(slow), {})).toBeNull()
    expect(await started()).toBe(2)
    expect(await Promise.all(drawings)).toEqual([null, null])
  })

  it('draws each of a remote’s drawn pages once per version, for nothing, so no reader’s drawing is the first (warm-up)', async () => {
    const version = '20260109000000-33333333'
    await put(root, `host/${version}/server/host.js`, hostBuild('warm'))
    const builds = new ServerBuilds(root)
    const paint = new FirstPaint(root, { builds })
    const host = async () => (await builds.host(version)) as unknown as { drawings: () => number; drawn: () => unknown[] }
    // Home and an episode list; a chapter for the viewer; nothing for a remote that draws no page.
    expect(warmUpPages('mf_catalog')).toEqual(['/en', '/en/comic/1'])
    expect(warmUpPages('mf_viewer')).toContain('/en/comic/1/chapter/1/product')
    expect(warmUpPages('mf_account')).toEqual([])
    await paint.warm(registry(version), { now: true })
    // With nothing to answer its calls: the page draws its loading state.
    expect((await host()).drawn()).toEqual(['/en', '/en/comic/1'].map((url) => ({ url, languages: [], boot: {} })))
    // The same versions again (every reader's request warms): drawn once only.
    await paint.warm(registry(version), { now: true })
    expect((await host()).drawings()).toBe(2)
  })

  it('lets a reader’s drawing go before the next warm-up drawing', async () => {
    const version = '20260110000000-22222222'
    await put(root, `host/${version}/server/host.js`, hostBuild('yield'))
    const builds = new ServerBuilds(root)
    const paint = new FirstPaint(root, { builds, waitMs: 2000 })
    const host = async () => (await builds.host(version)) as unknown as { drawn: () => { url: string }[] }
    await builds.remote('mf_catalog', R1, version, (await builds.host(version))!)
    // The warm-up is asked first, the reader's page right after: the reader's is drawn first.
    const warming = paint.warm(registry(version), { now: true })
    const reader = paint.draw(visitor, page('/en/comic/3'), registry(version), { seed: 1 })
    await Promise.all([reader, warming])
    expect((await host()).drawn().map((drawing) => drawing.url)).toEqual(['/en/comic/3', '/en', '/en/comic/1'])
  })

  it('refuses a server build that asks for anything but Node’s own modules and the host’s libraries', async () => {
    const version = '20260105000000-77777777'
    await put(root, `remotes/mf-catalog/${version}/server/remote.js`, `require('fs-extra'); exports.screen = () => 'never'`)
    const warned: string[] = []
    const builds = new ServerBuilds(root, { warn: (obj) => warned.push(String((obj as { err?: Error }).err?.message)) })
    const host = await builds.host(H1)
    expect(host).not.toBeNull()
    expect(await builds.remote('mf_catalog', version, H1, host!)).toBeNull()
    expect(warned.join()).toContain('asks for "fs-extra"')
    // A host folder whose server file is not a host build.
    const odd = '20260106000000-66666666'
    await put(root, `host/${odd}/server/host.js`, 'exports.nothing = true')
    expect(await builds.host(odd)).toBeNull()
  })

  it('draws the page’s dates in the zone its browser last told, else SPEC’s default', () => {
    const paint = new FirstPaint(root)
    expect(paint.timeZone('koma_tz=Asia%2FTokyo')).toBe('Asia/Tokyo')
    expect(paint.timeZone('koma_tz=America%2FArgentina%2FBuenos_Aires')).toBe('America/Argentina/Buenos_Aires')
    for (const cookie of [undefined, 'koma_tz=Not%2FA_Zone', 'koma_tz=%3Cscript%3E', `koma_tz=${'A'.repeat(80)}`])
      expect(paint.timeZone(cookie)).toBe('Asia/Seoul')
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('../../etc/passwd')).toBe(false)
  })

  it('writes the drawing into the empty root, and takes the host page’s script preloads out for after the first paint', () => {
    const index =
      '<html><head><link rel="preload" as="script" href="/host/1/loader.js"><link rel="preload" as="script" href="/host/1/main.js"><link rel="preload" as="image" href="/a.png"><link rel="icon" href="x"></head>' +
      '<body><noscript>Koma needs JavaScript.</noscript><div id="root"></div><script defer src="/host/1/loader.js"></script></body></html>'
    const { html, scripts } = withoutScriptPreloads(index)
    // The loader's own preload goes (its tag fetches it), not into the scripts fetched after the paint.
    expect(scripts).toEqual(['/host/1/main.js'])
    expect(html).not.toContain('as="script"')
    expect(html).toContain('<link rel="preload" as="image" href="/a.png">')
    expect(html).not.toContain('noscript')
    expect(html).toContain('<script defer src="/host/1/loader.js"></script>')
    expect(withRoot(html, '<p>drawn</p>')).toContain('<div id="root" data-drawn><p>drawn</p></div>')
    expect(withRoot('<div id="app"></div>', '<p>drawn</p>')).toBe('<div id="app"></div>')
  })

  it('runs the entry at once on a page the browser draws: a deferred head script in the loader preload’s place', () => {
    const index =
      '<html><head><link rel="preload" as="script" href="/host/1/loader.js"><link rel="preload" as="script" href="/host/1/main.js"><link rel="preload" as="script" href="/remotes/a/1/x.js"></head>' +
      '<body><div id="root"></div><script defer="defer" src="/host/1/loader.js"></script></body></html>'
    const html = withEntryScript(index)
    expect(html).toBe(
      '<html><head><script defer fetchpriority="high" src="/host/1/main.js"></script><link rel="preload" as="script" href="/remotes/a/1/x.js"></head>' +
        '<body><div id="root"></div></body></html>',
    )
    // The loader's preload gone (a page from before it was preloaded): the entry ends the head.
    expect(withEntryScript('<html><head></head><body><script defer src="/h/2/loader.js"></script></body></html>')).toBe(
      '<html><head><script defer fetchpriority="high" src="/h/2/main.js"></script></head><body></body></html>',
    )
    // No loader tag: as it was.
    expect(withEntryScript('<html><head></head><body><script src="/x.js"></script></body></html>')).toBe(
      '<html><head></head><body><script src="/x.js"></script></body></html>',
    )
  })
})
