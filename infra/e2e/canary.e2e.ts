import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { distDir, packageInfo, publish } from '../edge/src/registry'
import { closeSharedState } from '../edge/src/registry/shared'
import { readDeployments, readRegistry } from '../edge/src/registry/store'
import { COHORT_COOKIE, inCanary } from '../edge/src/registry/cohort'
import { launchBrowser, newContext } from './support/browser'
import { eventually } from './support/eventually'
import { clusterEnv, edgeCli, forkEdge, readSite, repoRoot, startEdge, stopEdge } from './support/site'

/**
 * Issue 16: a canary of mf-catalog whose route module throws. A second edge in front of the
 * running site's API, on its own copy of the published versions (the other test files keep their
 * working catalog), with rules small enough for a handful of readers. In the cluster lane that
 * edge is two processes sharing its copy of the registry in Redis, so the canary's share, its
 * health counts and its end are decided across both.
 */
const SHARE = 50
const MIN_LOADS = 2

let browser: Browser
let edge: { baseURL: string; pid: number } | null = null
let work: string
let edgeDir: string
let edgePrefix: string | undefined

beforeAll(async () => {
  browser = await launchBrowser()
  const site = readSite()
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-canary-e2e-'))
  ;({ edgeDir, edgePrefix } = await forkEdge(site, path.join(work, 'edge')))
  // This file publishes in process too: into the same copy (Jest gives each file its own process.env).
  if (edgePrefix) Object.assign(process.env, clusterEnv(edgePrefix))
  edge = await startEdge({ ...site, edgeDir, edgePrefix }, { KOMA_CANARY_WINDOW_S: '600', KOMA_CANARY_MIN_LOADS: String(MIN_LOADS), KOMA_CANARY_MARGIN: '5' })
})

afterAll(async () => {
  await browser?.close()
  if (edge) await stopEdge(edge)
  await closeSharedState()
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

/** The built mf-catalog, copied, with its routes module throwing as soon as it is evaluated. */
function brokenCatalog(): string {
  const source = distDir(repoRoot, packageInfo('mf-catalog'))
  const target = path.join(work, 'mf-catalog-broken')
  fs.cpSync(source, target, { recursive: true })
  const manifest = JSON.parse(fs.readFileSync(path.join(target, 'mf-manifest.json'), 'utf8')) as {
    exposes: { path: string; assets: { js: { sync: string[] } } }[]
  }
  const routes = manifest.exposes.find((expose) => expose.path === './routes')
  const chunk = path.join(
    target,
    routes!.assets.js.sync.find((file) => file.includes('expose_routes'))!,
  )
  const code = fs.readFileSync(chunk, 'utf8')
  // The first module factory of the chunk (`{8298(e,a,t){…`) throws before it defines anything.
  const broken = code.replace(/(\.push\(\[\[[\d,]+\],\{\d+\(\w+,\w+,\w+\)\{)/, '$1throw new Error("canary e2e: this routes module is broken");')
  expect(broken).not.toBe(code)
  fs.writeFileSync(chunk, broken)
  return target
}

/** This edge's live registry and history (its folder's files, or in the cluster lane its keys in Redis). */
const registry = async () => (await readRegistry(edgeDir))!
const history = async () => (await readDeployments(edgeDir)).packages['mf-catalog']

/**
 * A fresh reader (new browser context) with an ordinary browser's user agent: the edge does not
 * count page loads from robots, and headless Chromium says it is one.
 */
async function freshReader(): Promise<BrowserContext> {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`
  return newContext(browser, { baseURL: edge!.baseURL, userAgent })
}

describe('a broken canary of mf-catalog (issue 16)', () => {
  it('reaches only its share of readers, is ended by the edge by itself, and its readers then get the working version', async () => {
    const live = (await registry()).remotes.mf_catalog!.version
    const published = await publish(edgeDir, 'mf-catalog', brokenCatalog(), { canaryShare: SHARE })
    expect(published.status).toBe('deployed')
    const canary = published.version
    expect((await registry()).canaries?.mf_catalog?.version).toBe(canary)

    // Fresh readers until MIN_LOADS of them are in the canary (each side is sticky, by cookie).
    const inTrial: BrowserContext[] = []
    const others: BrowserContext[] = []
    for (let i = 0; inTrial.length < MIN_LOADS; i++) {
      expect(i).toBeLessThan(40) // 50% of readers: 40 without two in it would mean the share is not applied
      const context = await freshReader()
      const page = await context.newPage()
      await page.goto('/en')
      const cohort = (await context.cookies()).find((cookie) => cookie.name === COHORT_COOKIE)?.value
      expect(cohort).toBeTruthy()
      if (inCanary(cohort!, 'mf_catalog', SHARE)) {
        // The area's error panel, with the rest of the page working: the header and its links.
        await page.locator('[data-remote-error="mf_catalog"]').waitFor()
        expect(await page.getByTestId('site-header').isVisible()).toBe(true)
        expect(await page.getByTestId('remote-error-home').getAttribute('href')).toBe('/en')
        inTrial.push(context)
      } else {
        await page.getByTestId('home-section').first().waitFor()
        expect(await page.locator('[data-remote="mf_catalog"]').getAttribute('data-remote-version')).toBe(live)
        others.push(context)
      }
    }

    // The canary readers' beacons reach the edge, which ends the canary by itself and says why.
    // It writes the history, then the registry the edges serve from (two files, one after the
    // other: store.ts saveDeployments), so wait until both say so.
    const { history: ended, registry: after } = await eventually(
      async () => ({ history: await history(), registry: await registry() }),
      (both) => !both.history?.canary && both.registry.canaries === undefined,
      30_000,
      200,
    )
    expect(after.canaries).toBeUndefined()
    expect(ended!.current).toBe(live)
    const event = ended!.events[ended!.events.length - 1]!
    expect(event).toMatchObject({ action: 'canary-end', version: live, from: canary })
    expect(event.reason).toMatch(/failed on .* of \d+ page loads/)
    expect(edgeCli({ dataDir: work, edgeDir, edgePrefix }, ['versions', 'mf-catalog']).output).not.toContain('canary,')

    // Every edge serving this site has seen the end: they read the shared registry at most every
    // 250 ms (SHARED_CHECK_MS); a load before that on one that has not would still get the canary.
    const reader = inTrial[0]!
    await eventually(
      async () => {
        const answers = await Promise.all(
          [0, 1, 2, 3].map(
            async () => ((await (await reader.request.get('/builds/latest.json')).json()) as { remotes: Record<string, string> }).remotes.mf_catalog,
          ),
        )
        return answers.every((version) => version === live)
      },
      (seen) => seen,
    )

    // Their next load shows the working version.
    for (const context of inTrial) {
      const page = context.pages()[0]!
      await page.goto('/en')
      await page.getByTestId('home-section').first().waitFor()
      expect(await page.locator('[data-remote="mf_catalog"]').getAttribute('data-remote-version')).toBe(live)
      expect(await page.locator('[data-remote-error]').count()).toBe(0)
    }
    for (const context of [...inTrial, ...others]) await context.close()
  })
})

describe('a version deployed --required (issue 16)', () => {
  it('a tab opened before the deploy tells the reader, in their language, and reloads by itself', async () => {
    const context = await freshReader()
    const tab = await context.newPage()
    await tab.goto('/fr')
    await tab.getByTestId('home-section').first().waitFor()
    const before = await tab.locator('[data-remote="mf_catalog"]').getAttribute('data-remote-version')
    const deployed = edgeCli({ dataDir: work, edgeDir, edgePrefix }, ['deploy', 'mf-catalog', '--no-build', '--force', '--required'])
    expect(deployed.code).toBe(0)
    const required = (await registry()).remotes.mf_catalog!
    expect(required.version).not.toBe(before)
    expect(required.required).toBe(true)
    // Every edge serving this site has seen the deploy: they read the shared registry at most every
    // 250 ms (SHARED_CHECK_MS), and the tab asks once on coming back (then not for 30 s).
    await eventually(
      async () => {
        const answers = await Promise.all(
          [0, 1, 2, 3].map(
            async () => ((await (await tab.request.get('/builds/latest.json')).json()) as { remotes: Record<string, string> }).remotes.mf_catalog,
          ),
        )
        return answers.every((version) => version === required.version)
      },
      (seen) => seen,
    )
    // Coming back to the tab: a notice, not a choice (no "later").
    await tab.evaluate(() => window.dispatchEvent(new Event('focus')))
    const notice = tab.getByTestId('new-version')
    await notice.waitFor()
    expect(await notice.getAttribute('role')).toBe('alert')
    expect(await notice.textContent()).toContain('Koma a été mis à jour. Cette page se recharge dans quelques secondes.')
    expect(await notice.getByRole('button').count()).toBe(1)
    // Then the page reloads by itself onto the required version.
    await eventually(
      () =>
        tab
          .locator('[data-remote="mf_catalog"]')
          .getAttribute('data-remote-version', { timeout: 1_000 })
          .catch(() => null),
      (version) => version === required.version,
      20_000,
      200,
    )
    await context.close()
  })
})
