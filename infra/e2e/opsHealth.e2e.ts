import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { apiGet } from './support/api'
import { violations } from './support/axe'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually } from './support/eventually'
import { enrolAuthenticator, SEEDED_READER, signInAt } from './support/members'
import { readSite, screenshotDir, startSite, stopSite, type SiteInfo } from './support/site'

/** The demo console account (infra/api/src/seed/members.ts), made an operator on this file's site by the grant command (issue 33). */
const OPERATOR = { email: 'ops@koma.example', password: 'koma-operator-1' }

/**
 * The console's Health page (issue 38 item 4) on a site of its own (its operator is granted
 * before the API starts): the operator sees the figures the edge's and the API's Prometheus
 * registries hold, and watches them move between two refreshes of the page.
 */
let browser: Browser
let site: SiteInfo | null = null
let setUpCode = ''
beforeAll(async () => {
  browser = await launchBrowser()
  const started = await startSite({ edgeFrom: readSite(), operators: [OPERATOR.email] })
  site = started
  setUpCode = started.setUpCodes[OPERATOR.email]!
}, 240_000)
afterAll(async () => {
  await browser?.close()
  if (site) await stopSite(site)
})

const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: path.join(screenshotDir(), `${name}-${label}.png`), fullPage: true })
  }
  await page.setViewportSize(DESKTOP)
}

/**
 * What the API processes answered, as the page shows them (every row but the first, the edge's):
 * the requests summed (the edge spreads calls over several processes in the cluster lane), and
 * the first process's rate and p99 cells.
 */
async function apiFigures(page: Page): Promise<{ requests: number; rate: string; p99: string }> {
  const rows = await page.getByTestId('ops-health-process').all()
  let requests = 0
  for (const row of rows.slice(1)) requests += Number(((await row.locator('td[data-column="requests"]').textContent()) ?? '').replace(/[^\d]/g, '') || NaN)
  const cells = await rows[1]!.locator('td').allTextContents()
  return { requests, rate: cells[1] ?? '', p99: cells[2] ?? '' }
}

describe('the Health page', () => {
  it('refuses a visitor (401), a member (403) and an operator who has not confirmed the second factor', async () => {
    const baseURL = site!.baseURL
    expect((await apiGet('/ops/health', { baseURL })).status).toBe(401)
    const memberContext = await newContext(browser, { baseURL })
    await signInAt(await memberContext.newPage(), '/en', SEEDED_READER)
    expect((await apiGet('/ops/health', { baseURL, cookie: await cookieHeader(memberContext) })).status).toBe(403)
    await memberContext.close()
    const opsContext = await newContext(browser, { baseURL })
    const ops = await opsContext.newPage()
    await signInAt(ops, '/en/ops/health', OPERATOR)
    await ops.getByTestId('ops-second-factor').waitFor()
    const unconfirmed = await apiGet('/ops/health', { baseURL, cookie: await cookieHeader(opsContext) })
    expect([unconfirmed.status, unconfirmed.code]).toEqual([403, 4035])
    await opsContext.close()
  })

  it("an operator sees live figures: the API's request count goes up between two refreshes, by itself", async () => {
    const baseURL = site!.baseURL
    const opsContext = await newContext(browser, { baseURL, viewport: DESKTOP })
    const ops = await opsContext.newPage()
    const errors = trackErrors(ops)
    await signInAt(ops, '/en/ops/health', OPERATOR)
    await enrolAuthenticator(ops, setUpCode)
    await ops.getByTestId('ops-health').waitFor()

    // Each area's live version, with readers' figures (Web Vitals: a dash until the edge has them).
    const catalog = ops.locator('[data-testid="ops-health-remote"][data-remote="mf-catalog"][data-kind="live"]')
    await catalog.waitFor()
    expect(await catalog.textContent()).toMatch(/Live\d{14}-[0-9a-f]{8}/)
    // The edge, then the site's API process(es), each with what its registry counted.
    const processes = ops.getByTestId('ops-health-process')
    expect(await processes.count()).toBe(1 + site!.apiUrl.split(',').length)
    const before = await apiFigures(ops)
    expect(before.requests).toBeGreaterThan(0)
    // Readers' calls through the edge reach the API…
    for (let i = 0; i < 5; i++) expect((await apiGet('/app/version', { baseURL })).status).toBe(200)
    // …and the page shows them at a next refresh (every 10 s), with a rate and a p99 from two readings.
    const after = await eventually(
      () => apiFigures(ops),
      (now) => now.requests >= before.requests + 5 && now.rate !== '—',
      40_000,
      250,
    )
    expect(after.rate).toMatch(/^\d+(\.\d)?$/)
    expect(after.p99).toMatch(/^\d+(\.\d)? (ms|sec)$/)
    expect(await ops.getByTestId('ops-health-updated').textContent()).toMatch(/refresh every 10 seconds/)
    expect(await violations(ops, 'console health page')).toEqual([])
    await shoot(ops, 'ops-health-en')

    // In Japanese: the unprefixed paths, with the language cookie the language menu writes.
    await opsContext.addCookies([{ name: 'koma_locale', value: 'ja', url: baseURL }])
    await ops.goto('/ops/health')
    await ops.getByRole('heading', { level: 1, name: '稼働状況' }).waitFor()
    await ops.getByTestId('ops-health-process').nth(1).waitFor()
    await shoot(ops, 'ops-health-ja')
    await ops.setViewportSize(PHONE)
    expect(await violations(ops, 'console health page at 390 px')).toEqual([])
    expect(errors).toEqual([])
    await opsContext.close()
  })
})
