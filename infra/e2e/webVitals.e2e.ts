import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { distDir, packageInfo, publish } from '../edge/src/registry'
import { closeSharedState } from '../edge/src/registry/shared'
import { readDeployments, readRegistry } from '../edge/src/registry/store'
import type { Registry } from '../edge/src/registry/types'
import { VITALS_PATH } from '../edge/src/health/vitalsBeacons'
import { launchBrowser, readerAddress, trackErrors } from './support/browser'
import { eventually } from './support/eventually'
import { clusterEnv, edgeCli, forkEdge, freePort, readSite, repoRoot, startEdge, stopEdge } from './support/site'

/**
 * Issue 38: readers' Web Vitals. A second edge in front of the running site's API serves its
 * metrics on a port of its own (the site's edges serve none: their ports would collide); a visit
 * in Chromium, then the page hidden (the reader leaves it), and the vitals are in its series,
 * labelled by the route and the live versions. A reader who does not share (do-not-share, GPC)
 * sends none. Then a canary slower for its readers than the live version is rolled back by the
 * edge by itself, and `versions` says why.
 */

/** An ordinary browser's user agent: the edge counts no crawler's vitals, and headless Chromium says it is one. */
const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'

let browser: Browser
let work: string
const edges: { baseURL: string; pid: number }[] = []

beforeAll(async () => {
  browser = await launchBrowser({ userAgent: READER_AGENT })
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-vitals-e2e-'))
})

afterAll(async () => {
  await browser?.close()
  for (const edge of edges) await stopEdge(edge)
  await closeSharedState()
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

/**
 * A reader's browser on the edge: an ordinary user agent, and none of support/browser.ts's routes
 * (a route on the page's requests would hold its beacon, sent as the page goes away).
 */
const readerContext = (baseURL: string, headers: Record<string, string> = {}) =>
  browser.newContext({ baseURL, userAgent: READER_AGENT, extraHTTPHeaders: { 'x-forwarded-for': readerAddress(), ...headers } })

/** The host's chunk that measures the vitals: the file of the published host (the site has one) that posts to them. */
function vitalsChunk(host: string): string {
  const folder = path.join(readSite().edgeDir, 'host', host)
  const file = fs.readdirSync(folder).find((name) => name.endsWith('.js') && fs.readFileSync(path.join(folder, name), 'utf8').includes(VITALS_PATH))
  if (!file) throw new Error(`no chunk of ${folder} posts to ${VITALS_PATH}`)
  return `/host/${host}/${file}`
}

/** The koma_web_vitals_* samples of a metrics exposition, as `name{labels}` → value. */
function vitalsSamples(exposition: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of exposition.split('\n')) {
    const match = /^(koma_web_vitals_\w+\{[^}]*\}) (\S+)$/.exec(line)
    if (match) samples.set(match[1]!, Number(match[2]))
  }
  return samples
}

describe("readers' web vitals (issue 38)", () => {
  let edge: { baseURL: string; pid: number }
  let metricsPort: number
  const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()

  beforeAll(async () => {
    metricsPort = await freePort()
    edge = await startEdge(readSite(), { KOMA_METRICS_PORT: String(metricsPort), KOMA_VITALS_SAMPLE_RATE: '1' })
    edges.push(edge)
  })

  async function visit(context: BrowserContext): Promise<{ page: Page; chunk: boolean; boot: { vitals?: true }; registry: Registry }> {
    const page = await context.newPage()
    const errors = trackErrors(page)
    const scripts = new Set<string>()
    page.on('request', (request) => void scripts.add(new URL(request.url()).pathname))
    const response = await page.goto('/en')
    const html = (await response?.text()) ?? ''
    const boot = JSON.parse(/<script type="application\/json" id="koma-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as { vitals?: true }
    await page.getByTestId('home-section').first().waitFor()
    // The measuring chunk comes once the first paint is over, when the page is idle.
    if (boot.vitals) await page.locator('html[data-vitals="measuring"]').waitFor({ state: 'attached' })
    else await page.waitForLoadState('networkidle')
    // An input ends LCP's observation and is an interaction for INP: Tab (focus moves on, nothing
    // navigates; a modifier key alone is no interaction, and the home's popup takes taps).
    await page.keyboard.press('Tab')
    // The library takes an interaction in at the page's next idle time (after the frame that shows
    // it): a reader who leaves within that moment reports no INP. Wait for it as a reader would.
    await page.evaluate(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => requestIdleCallback(() => requestIdleCallback(() => done(), { timeout: 2_000 }), { timeout: 2_000 })),
          ),
        ),
    )
    // The live versions, as the page's own registry says (koma-registry).
    const registry = JSON.parse(/<script type="application\/json" id="koma-registry">(.*?)<\/script>/s.exec(html)![1]!) as Registry
    const chunk = scripts.has(vitalsChunk(registry.host!.version))
    expect(errors).toEqual([])
    return { page, chunk, boot, registry }
  }

  it('reports LCP, INP, CLS and TTFB (measured once the page is idle) as the page is hidden, labelled by route and live versions', async () => {
    const context = await readerContext(edge.baseURL)
    const { page, chunk, boot, registry } = await visit(context)
    const catalog = registry.remotes.mf_catalog!.version
    const host = registry.host!.version
    expect(boot.vitals).toBe(true)
    expect(chunk).toBe(true)
    // The reader leaves: the page is hidden, then gone; its beacon goes out as it is hidden.
    await page.goto('about:blank')
    const labels = `remote="mf_catalog",version="${catalog}",route="catalog.home",host_version="${host}"`
    const samples = vitalsSamples(await eventually(scrape, (body) => body.includes(`koma_web_vitals_lcp_seconds_count{${labels}}`), 10_000, 100))
    // The reader's key (visit) is the page's one interaction: its INP.
    for (const metric of ['lcp_seconds', 'inp_seconds', 'cls', 'ttfb_seconds']) expect(samples.get(`koma_web_vitals_${metric}_count{${labels}}`)).toBe(1)
    expect(samples.get(`koma_web_vitals_lcp_seconds_sum{${labels}}`)).toBeGreaterThan(0)
    // One beacon for the page, sent as it was hidden.
    expect(await scrape()).toContain('koma_edge_http_requests_total{method="POST",route="/beacons/vitals",status="204"} 1\n')
    await context.close()
  })

  it.each([
    ['do-not-share', { cookie: true, gpc: false }],
    ['Global Privacy Control', { cookie: false, gpc: true }],
  ])('sends nothing for a reader who chose %s', async (_name, choice) => {
    const context = await readerContext(edge.baseURL, choice.gpc ? { 'sec-gpc': '1' } : {})
    if (choice.cookie) await context.addCookies([{ name: 'koma_dns', value: '1', url: edge.baseURL }])
    const before = vitalsSamples(await scrape())
    const { page, chunk, boot } = await visit(context)
    // The edge does not ask such a page for its vitals: the measuring code is never downloaded.
    expect(boot.vitals).toBeUndefined()
    expect(chunk).toBe(false)
    await page.goto('about:blank')
    expect(vitalsSamples(await scrape())).toEqual(before)
    await context.close()
  })
})

describe('a canary slower for its readers (issue 38)', () => {
  const MIN_LOADS = 4

  it('is rolled back by the edge by itself, and `npm run versions` says why', async () => {
    const site = readSite()
    const { edgeDir, edgePrefix } = await forkEdge(site, path.join(work, 'edge'))
    // This test publishes in process too: into the same copy (Jest gives each file its own process.env).
    if (edgePrefix) Object.assign(process.env, clusterEnv(edgePrefix))
    const edge = await startEdge(
      { ...site, edgeDir, edgePrefix },
      { KOMA_CANARY_WINDOW_S: '600', KOMA_CANARY_SLOWER_MIN_LOADS: String(MIN_LOADS), KOMA_CANARY_SLOWER_MARGIN: '20' },
    )
    edges.push(edge)
    const registry = async () => (await readRegistry(edgeDir))!
    const live = (await registry()).remotes.mf_catalog!.version
    // A canary of the same catalog (publish takes no copy of a live version).
    const source = distDir(repoRoot, packageInfo('mf-catalog'))
    const copy = path.join(work, 'mf-catalog-slow')
    fs.cpSync(source, copy, { recursive: true })
    // The canary's code is slow: its routes module keeps the main thread busy for 2.5 s when a
    // page first loads it, so its readers' home paints that much later (beyond the margin even
    // when three test files share the machine's two cores and the live version's pages are slow too).
    const routesFile = fs.readdirSync(copy).find((name) => /^__federation_expose_routes\..*\.js$/.test(name))
    if (!routesFile) throw new Error(`no routes module in ${copy}`)
    const slow = '(() => { const until = performance.now() + 2500; while (performance.now() < until); })();\n'
    fs.writeFileSync(path.join(copy, routesFile), slow + fs.readFileSync(path.join(copy, routesFile), 'utf8'))
    const published = await publish(edgeDir, 'mf-catalog', copy, { canaryShare: 50 })
    expect(published.status).toBe('deployed')
    const canary = published.version
    // Readers visit home, each in a browser of their own (half of them land in the canary), and
    // leave: their pages report their vitals as they are hidden. A reader who accepted mature
    // content gets home drawn by the browser (the edge draws none for them), so the largest
    // paint waits on the remote's code.
    const loads = new Map<string, number>([
      [live, 0],
      [canary, 0],
    ])
    // Until each version has its loads and the judge has ended the canary: a page's beacon can be
    // lost as its browser closes, and more readers than the least make the p75s steadier.
    const canaryLive = async () => (await registry()).canaries?.mf_catalog !== undefined
    for (let reader = 0; reader < 40 && ([...loads.values()].some((count) => count < MIN_LOADS) || (await canaryLive())); reader++) {
      const context = await readerContext(edge.baseURL)
      await context.addCookies([{ name: 'koma_accept_mature', value: 'Y', url: edge.baseURL }])
      const page = await context.newPage()
      const html = (await (await page.goto('/en'))?.text()) ?? ''
      const served = (JSON.parse(/<script type="application\/json" id="koma-registry">(.*?)<\/script>/s.exec(html)![1]!) as Registry).remotes.mf_catalog!
        .version
      expect(html).toContain('"vitals":true')
      await page.getByTestId('home-section').first().waitFor()
      await page.locator('html[data-vitals="measuring"]').waitFor({ state: 'attached' })
      await page.keyboard.press('Shift')
      await page.goto('about:blank')
      await context.close()
      loads.set(served, (loads.get(served) ?? 0) + 1)
    }
    expect(Math.min(...loads.values())).toBeGreaterThanOrEqual(MIN_LOADS)
    // The judge (every 10 s) ends it: the history, then the registry the edges serve from.
    const { history: ended } = await eventually(
      async () => ({ history: (await readDeployments(edgeDir)).packages['mf-catalog'], registry: await registry() }),
      (both) => !both.history?.canary && both.registry.canaries === undefined,
      30_000,
      200,
    )
    expect(ended!.current).toBe(live)
    const event = ended!.events[ended!.events.length - 1]!
    expect(event).toMatchObject({ action: 'canary-end', version: live, from: canary })
    expect(event.reason).toMatch(/^rolled back: p75 (LCP|INP) \S+ m?s vs \S+ m?s live \(\+\d+%\)/)
    const versions = edgeCli({ dataDir: work, edgeDir, edgePrefix }, ['versions', 'mf-catalog']).output
    expect(versions).toMatch(/rolled back: p75 (LCP|INP) \S+ m?s vs \S+ m?s live \(\+\d+%\)/)
    expect(versions).not.toContain('canary,')
  })
})
