import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, newContext, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { readSite, startEdge, stopEdge } from './support/site'

/**
 * Third-party analytics providers (issue 15): none unless configured; a configured tag manager
 * gets the tracker's events and obeys the do-not-share choice. The site never reaches the
 * internet here: every request off the site's origin is answered by the test (the provider's
 * script by a stub) or refused, and recorded.
 */
const GTM_ID = 'GTM-KOMA2E2E'
const STUB = 'window.__komaStubLoads = (window.__komaStubLoads || 0) + 1'

let browser: Browser
let edge: { baseURL: string; pid: number } | undefined
beforeAll(async () => {
  browser = await launchBrowser()
  edge = await startEdge(readSite(), { KOMA_TAG_MANAGER_ID: GTM_ID })
})
afterAll(async () => {
  if (edge) await stopEdge(edge)
  await browser?.close()
})

/** Requests leaving the site's origin: the tag manager's script gets the stub, anything else is refused. */
async function offSite(context: BrowserContext, baseURL: string): Promise<string[]> {
  const seen: string[] = []
  const origin = new URL(baseURL).origin
  await context.route(
    (url) => url.origin !== origin,
    async (route) => {
      const url = route.request().url()
      seen.push(url)
      if (url === `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`)
        await route.fulfill({ status: 200, contentType: 'application/javascript', body: STUB })
      else await route.abort()
    },
  )
  return seen
}

type Pushed = { event?: string; page_path?: string } | unknown[]
const dataLayer = (page: Page) =>
  page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer
    // gtag() commands are Arguments objects: as arrays, so they survive the trip.
    return layer
      ? layer.map((entry) => (Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry))
      : null
  }) as Promise<Pushed[] | null>
const events = async (page: Page) =>
  ((await dataLayer(page)) ?? []).flatMap((entry) => (!Array.isArray(entry) && entry.event ? [`${entry.event} ${entry.page_path ?? ''}`.trim()] : []))

describe('third-party analytics providers (issue 15)', () => {
  it('none configured (the site as npm start runs it): no request leaves the site', async () => {
    const context = await newContext(browser)
    const seen = await offSite(context, readSite().baseURL)
    const page = await context.newPage()
    await page.goto('/en/comic/1')
    await page.getByTestId('episode-list').waitFor()
    await page.waitForLoadState('networkidle')
    expect(seen).toEqual([])
    expect(await dataLayer(page)).toBeNull()
    await context.close()
  })

  it('a tag manager configured: its script once, after the load, and every event in its dataLayer; do-not-share stops both', async () => {
    const baseURL = edge!.baseURL
    const context = await newContext(browser, { baseURL })
    const seen = await offSite(context, baseURL)
    const page = await context.newPage()
    const errors = trackErrors(page)
    await page.goto('/en/comic/1?utm_source=e2e&token=secret')
    await page.getByTestId('episode-list').waitFor()
    await eventually(
      () => page.evaluate(() => (window as unknown as { __komaStubLoads?: number }).__komaStubLoads ?? 0),
      (loads) => loads === 1,
    )
    await eventually(
      () => events(page),
      (names) => ['referral /comic/1', 'page_view /comic/1', 'content_view /comic/1'].every((name) => names.includes(name)),
    )
    const referral = ((await dataLayer(page)) ?? []).find((entry) => !Array.isArray(entry) && entry.event === 'referral') as Record<string, unknown>
    expect(referral.keyword).toBe(`${baseURL}/en/comic/1?utm_source=e2e`)
    expect(seen).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`])
    expect(errors).toEqual([])

    // The footer choice: nothing more goes to the provider, which is told consent is withdrawn.
    await page.getByTestId('footer-do-not-share').click()
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Do not share' }).click()
    await textOf(page.getByTestId('footer-do-not-share'), /\(chosen\)/)
    const before = await events(page)
    await page.locator('footer').getByRole('link', { name: 'Notices' }).click()
    await page.waitForURL((url) => url.pathname === '/en/document/notice')
    await page.waitForLoadState('networkidle')
    expect(await events(page)).toEqual(before)
    expect(((await dataLayer(page)) ?? []).filter(Array.isArray)).toEqual([
      ['consent', 'update', { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
    ])

    // Later pages (the cookie): no script, no dataLayer, and the policy does not allow the provider.
    const response = await page.goto('/en/comic/2')
    await page.getByTestId('episode-list').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await dataLayer(page)).toBeNull()
    expect(response?.headers()['content-security-policy']).not.toContain('googletagmanager')
    expect(seen).toHaveLength(1)
    await context.close()
  })

  it('a reader with the do-not-share cookie from the start: the provider receives nothing', async () => {
    const baseURL = edge!.baseURL
    const context = await newContext(browser, { baseURL })
    await context.addCookies([{ name: 'koma_dns', value: '1', url: baseURL }])
    const seen = await offSite(context, baseURL)
    const page = await context.newPage()
    await page.goto('/en/comic/1')
    await page.getByTestId('episode-list').waitFor()
    await page.waitForLoadState('networkidle')
    expect([seen, await dataLayer(page)]).toEqual([[], null])
    await context.close()
  })
})
