import path from 'node:path'
import type { Browser } from 'playwright-core'
import { seededTitles, type ContentJson } from './support/api'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { signInAt } from './support/members'
import { screenshotDir as shotDir } from './support/site'
import { isIdleChunk, notSharing } from './support/idleChunks'

/**
 * SPEC §2 dialogs in the built site: the gauge guide opened from the episode list's gauge, and the
 * error with callback a stale rent-with-subscribe answer opens, whose OK reloads the page.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Title = ContentJson

/** A seeded title rented by the gauge, and one of its chapters rented by the gauge. */
async function gaugeTitle(): Promise<{ title: Title; chapterId: number }> {
  const titles = await seededTitles()
  const title = titles.find(
    (item) =>
      !item.mature &&
      item.chapterFileFormat === 'image' &&
      item.rentalConfig?.gaugeUsable &&
      item.chapters.some((c) => !c.aborted && !c.salesConfig.free && (c.salesConfig.rentAllowedWith ?? []).includes('gauge')),
  )
  if (!title) throw new Error('no seeded gauge title')
  const chapter = [...title.chapters].reverse().find((c) => !c.aborted && !c.salesConfig.free && (c.salesConfig.rentAllowedWith ?? []).includes('gauge'))!
  return { title, chapterId: chapter.id }
}

describe.each([
  ['390', PHONE],
  ['1280', DESKTOP],
])('dialogs at %s px', (width, viewport) => {
  it('the gauge guide opens from the gauge; a stale rent-with-subscribe opens the error with callback, whose OK reloads', async () => {
    const { title, chapterId } = await gaugeTitle()
    const context = await newContext(browser, { viewport })
    const page = await context.newPage()
    const errors = trackErrors(page)
    const titlePath = `/en/${title.type}/${title.id}`

    await page.goto(titlePath)
    await page.getByTestId('gauge').getByTestId('gauge-guide').click()
    const guide = page.getByTestId('dialog-gauge-guide')
    await guide.waitFor()
    expect(await guide.textContent()).toContain('How the free-read gauge works')
    await page.screenshot({ path: path.join(shotDir(), `dialog-gauge-guide-${width}.png`) })
    await page.getByTestId('gauge-guide-ok').click()
    await guide.waitFor({ state: 'detached' })

    // The API offers subscribe rentals only to subscribers; say it does (in the title's answer, fetched
    // or written into the page by the edge), and that it was used up meanwhile (409).
    const subscriber = (body: string) => body.replaceAll('"rentWithSubscribe":false', '"rentWithSubscribe":true')
    await page.route(
      (url) => url.pathname === `/api/${title.type}/${title.id}` || url.pathname === titlePath,
      async (route) => {
        const response = await route.fetch()
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !/^(content-encoding|content-length|etag)$/i.test(name)))
        await route.fulfill({ status: response.status(), headers, body: subscriber(await response.text()) })
      },
    )
    await page.route(
      (url) => url.pathname.endsWith(`/chapter/${chapterId}/rent-with-subscribe`),
      (route) =>
        route.fulfill({ status: 409, json: { name: 'subscribeRentalUsed', code: 409, message: 'Your subscription rental for this title was already used.' } }),
    )
    await signInAt(page, titlePath)
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapterId}"]`).click()
    await page.locator('[data-testid="access-sheet"] [data-option="subscribe"]').click()
    const failed = page.getByTestId('dialog-error-callback')
    await failed.waitFor()
    expect(await failed.textContent()).toContain('Your subscription rental for this title was already used.')
    await page.screenshot({ path: path.join(shotDir(), `dialog-error-callback-${width}.png`) })
    const reloaded = page.waitForEvent('load')
    await page.getByTestId('error-callback-ok').click()
    await reloaded
    expect(new URL(page.url()).pathname).toBe(titlePath)
    await page.getByTestId('episode-list').waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

/**
 * Issue 13: the JavaScript a new reader downloads on the first load of `/` (gzip, as the edge
 * serves it to a browser that asks for gzip only, response headers included). The host's dialogs
 * are not part of it: they load on first open. Budget: 175,593 bytes measured at stop 32 on the
 * first page of a site just started (199,954 at stop 31, when that page could go undrawn on the
 * edge's cold code and load axios too; the edge now warms up as it starts), plus ~3 %.
 */
const FIRST_LOAD_GZIP_BUDGET = 181_000

it('the first load of / stays within its JavaScript budget (gzip)', async () => {
  const context = await newContext(browser, { viewport: PHONE })
  // Nor is the analytics batch's axios (support/idleChunks.ts).
  await context.addCookies([notSharing()])
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } })
  const scripts = new Map<string, { url: string; bytes: number }>()
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, bytes: 0 })
  })
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId)
    if (script) script.bytes = event.encodedDataLength
  })
  await page.goto('/en', { waitUntil: 'networkidle' })
  // What the page does once it is idle (the time-zone cookie, a sampled load's Web Vitals, issue 38) is not its first load.
  for (const [id, script] of scripts) if (isIdleChunk(new URL(script.url).pathname)) scripts.delete(id)
  const total = [...scripts.values()].reduce((sum, script) => sum + script.bytes, 0)
  const listing = [...scripts.values()].map((script) => `${script.bytes} ${new URL(script.url).pathname}`).join('\n')
  expect(scripts.size).toBeGreaterThan(0)
  if (total > FIRST_LOAD_GZIP_BUDGET)
    throw new Error(`first-load JavaScript of /en is ${total} bytes gzip, over the budget of ${FIRST_LOAD_GZIP_BUDGET}:\n${listing}`)
  expect(total).toBeLessThanOrEqual(FIRST_LOAD_GZIP_BUDGET)
  await context.close()
})
