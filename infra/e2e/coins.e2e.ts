import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { chapterOf, seededTitles, type ContentJson } from './support/api'
import { DESKTOP, launchBrowser, newContext, ON_THIS_MACHINE, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { signUp } from './support/members'
import { readSite, startSite, stopSite, type SiteInfo, screenshotDir as shotDir } from './support/site'

/**
 * Coins and access end to end (issue 6): a new reader gets coins (a coupon, booked into the
 * ledger), buys a chapter from the purchase dialog, unlocks several at once, reads with the
 * free-read gauge, watches it refill after faketime, and sees it all in the coin history.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** 50 bonus coins from the seeded welcome coupon (SPEC: coupons are reward grants, booked into the ledger). */
async function redeemWelcomeCoupon(page: Page) {
  await page.goto('/en/account/coupon')
  await page.getByTestId('coupon-code').fill('KOMA2026')
  await page.getByTestId('coupon-submit').click()
  await page.getByTestId('coupon-done').waitFor()
}

type Title = ContentJson

const buyable = (chapter: Title['chapters'][number]) =>
  !chapter.salesConfig.free && !chapter.aborted && (chapter.salesConfig.price ?? -1) >= 1 && (chapter.salesConfig.purchaseAllowedWith ?? []).includes('coin')
const viewer = (page: Page) => page.getByTestId('vertical-strip').or(page.getByTestId('paged-viewer')).or(page.locator('[data-testid="epub-viewer"]'))

/** Seeded image titles (novels open another viewer) a reader can see without the mature gate. */
async function titles(): Promise<Title[]> {
  return (await seededTitles()).filter((title) => !title.mature && title.chapterFileFormat === 'image')
}

describe('a reader with coins', () => {
  const email = `coins.${Date.now().toString(36)}@koma.example`
  let context: BrowserContext
  let page: Page
  let errors: string[]
  let firstTitle = 0
  let severalTitle = 0
  beforeAll(async () => {
    context = await newContext(browser, { viewport: DESKTOP })
    page = await context.newPage()
    errors = trackErrors(page)
    await signUp(page, { email, password: 'koma-coins-pass1' })
    await redeemWelcomeCoupon(page)
  })
  afterAll(async () => {
    await context?.close()
  })

  it('buys a paid chapter from the purchase dialog and the viewer opens', async () => {
    // A title sold for coins without the free-read gauge, so "buy" is the reader's choice.
    const title = (await titles()).find((item) => !item.rentalConfig?.gaugeUsable && item.chapters.filter(buyable).length >= 2)!
    firstTitle = title.id
    const chapter = title.chapters.filter(buyable)[0]!
    await page.goto(`/en/${title.type}/${title.id}`)
    await page.getByTestId('episode-list').waitFor()
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"]`).click()
    await page.locator('[data-testid="access-sheet"] [data-option="buyWithCoin"]').click()
    await page.waitForURL((url) => url.pathname === `/en/${title.type}/${title.id}/chapter/${chapter.id}/product`)
    await viewer(page).first().waitFor()
    // Back on the list the chapter is unlocked, and the coins went down by its price.
    await page.goto(`/en/${title.type}/${title.id}`)
    await textOf(page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"] [data-testid="chapter-state"]`), 'Unlocked')
    await page.goto('/en/account/coin/history/used')
    await textOf(page.getByTestId('coin-total'), String(50 - chapter.salesConfig.price!))
    await textOf(page.getByTestId('coin-history-entry').first().getByTestId('coin-history-amount'), `−${chapter.salesConfig.price}`)
    expect(errors).toEqual([])
  })

  it('unlocks several chapters at once; select all leaves disabled chapters out; too few coins goes to the coin shop', async () => {
    // Long enough that buying every chapter left costs more than the coins left.
    const title = (await titles()).find((item) => item.id !== firstTitle && item.chapters.filter(buyable).length >= 16)!
    expect(title).toBeDefined()
    severalTitle = title.id
    const chapters = title.chapters.filter(buyable)
    await page.setViewportSize(PHONE)
    await page.goto(`/en/${title.type}/${title.id}`)
    await page.getByTestId('buy-several').click()
    const dialog = page.getByTestId('dialog-select-chapters')
    await dialog.getByTestId('select-all').waitFor()
    const enabled = await dialog.locator('[data-testid="select-chapter"]:not([data-disabled])').count()
    const disabled = await dialog.locator('[data-testid="select-chapter"][data-disabled="true"]').count()
    expect(disabled).toBeGreaterThan(0)
    await dialog.getByTestId('select-all').click()
    await textOf(dialog.getByTestId('select-count'), `${enabled} episodes selected`)
    await dialog.getByTestId('select-all').click()
    await textOf(dialog.getByTestId('select-count'), 'No episodes selected')
    const picked = chapters.slice(0, 3)
    for (const chapter of picked) await dialog.locator(`[data-testid="select-chapter"][data-chapter-id="${chapter.id}"] input`).check()
    const total = picked.reduce((sum, chapter) => sum + chapter.salesConfig.price!, 0)
    await textOf(dialog.getByTestId('select-total'), `Total: ${total} coins`)
    await page.screenshot({ path: path.join(shotDir(), 'select-chapters-390.png') })
    await dialog.getByTestId('select-submit').click()
    await textOf(page.getByTestId('notification'), '3 episodes unlocked')
    await dialog.waitFor({ state: 'detached' })
    for (const chapter of picked)
      await textOf(page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"] [data-testid="chapter-state"]`), 'Unlocked')
    // Everything left costs more than the coins left: 402 saves the purchase and goes to the coin shop.
    await page.getByTestId('buy-several').click()
    await dialog.getByTestId('select-all').click()
    const balance = Number(await dialog.getByTestId('purchase-balance').getAttribute('data-total'))
    const rest = Number(/(\d+)/.exec((await dialog.getByTestId('select-total').textContent()) ?? '')?.[1])
    expect(rest).toBeGreaterThan(balance)
    await dialog.getByTestId('select-submit').click()
    await page.waitForURL((url) => url.pathname === '/en/coinpurchase')
    const pending = await page.evaluate(() => JSON.parse(sessionStorage.getItem('koma.pendingPurchase') ?? 'null'))
    expect(pending).toMatchObject({ action: 'unlockAll', contentId: title.id, cancelRedirect: `/en/${title.type}/${title.id}` })
    await page.setViewportSize(DESKTOP)
    expect(errors).toEqual([])
  })

  it('shows the coin history with what was received and used', async () => {
    for (const [width, name] of [
      [PHONE, 'coin-history-390.png'],
      [DESKTOP, 'coin-history-1280.png'],
    ] as const) {
      await page.setViewportSize(width)
      await page.goto('/en/account/coin/history/all')
      await page.getByTestId('coin-history-entry').first().waitFor()
      await page.screenshot({ path: path.join(shotDir(), name), fullPage: true })
    }
    const types = await page.getByTestId('coin-history-entry').evaluateAll((items) => items.map((item) => item.getAttribute('data-type')))
    expect(types).toEqual(['use', 'use', 'distribute'])
    await page.locator('[data-tab="distributed"]').click()
    await eventually(
      () => page.getByTestId('coin-history-entry').count(),
      (n) => n === 1,
    )
    expect(errors).toEqual([])
  })

  it('at the end of a chapter, a locked next episode opens the purchase dialog; once bought the viewer goes on', async () => {
    const title = (await titles()).find(
      (item) =>
        item.orientation === 'vertical' &&
        item.id !== firstTitle &&
        item.id !== severalTitle &&
        item.chapters.length > 4 &&
        buyable(chapterOf(item, 3)) &&
        chapterOf(item, 2).salesConfig.free,
    )!
    const [free, locked] = [chapterOf(title, 2), chapterOf(title, 3)]
    await page.setViewportSize(PHONE)
    await page.goto(`/en/${title.type}/${title.id}/chapter/${free.id}/product`)
    await page.getByTestId('vertical-strip').waitFor()
    const height = await page.evaluate(() => document.querySelector('[data-testid="vertical-strip"]')!.getBoundingClientRect().height)
    // Scroll down the strip as a reader does until its end shows (each wheel waits for the page to move).
    const scrollTop = () => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)
    // isVisible() says nothing about the viewport: the end must have come on screen.
    const endOnScreen = () =>
      page.evaluate(() => (document.querySelector('[data-testid="chapter-end"]')?.getBoundingClientRect().top ?? Infinity) < window.innerHeight)
    for (let y = 0; y < height + 1400 && !(await endOnScreen()); y += 700) {
      const before = await scrollTop()
      await page.mouse.wheel(0, 700)
      await eventually(scrollTop, (top) => top > before || top >= height)
    }
    await page.getByTestId('chapter-end').waitFor()
    await page.getByTestId('next-chapter').click()
    const dialog = page.getByTestId('dialog-purchase')
    await dialog.locator('[data-option="buyWithCoin"]').waitFor()
    await page.screenshot({ path: path.join(shotDir(), 'purchase-choose-390.png') })
    await dialog.locator('[data-option="buyWithCoin"]').click()
    await page.waitForURL((url) => url.pathname === `/en/${title.type}/${title.id}/chapter/${locked.id}/product`)
    await eventually(
      () => page.getByTestId('viewer').getAttribute('data-chapter-id'),
      (id) => id === String(locked.id),
    )
    await page.setViewportSize(DESKTOP)
    expect(errors).toEqual([])
  })
})

describe('in Japanese', () => {
  it('confirms the coin use before buying, then opens the viewer; an ad unlock says it is app-only', async () => {
    const context = await newContext(browser, { locale: 'ja-JP', viewport: PHONE })
    const page = await context.newPage()
    const errors = trackErrors(page)
    await signUp(page, { email: `coins.ja.${Date.now().toString(36)}@koma.example`, password: 'koma-coins-pass2' })
    await redeemWelcomeCoupon(page)
    const title = (await titles()).find((item) => !item.rentalConfig?.gaugeUsable && item.chapters.filter(buyable).length >= 2)!
    const chapter = title.chapters.filter(buyable)[1]!
    await page.goto(`/${title.type}/${title.id}`)
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"]`).click()
    await page.locator('[data-testid="access-sheet"] [data-option="buyWithCoin"]').click()
    const dialog = page.getByTestId('dialog-purchase')
    await textOf(dialog.locator('h2'), 'コインを使用しますか？')
    await textOf(dialog.getByTestId('purchase-balance'), /保有コイン：50/)
    await page.screenshot({ path: path.join(shotDir(), 'use-coin-confirm-390.png') })
    await page.setViewportSize(DESKTOP)
    await page.screenshot({ path: path.join(shotDir(), 'use-coin-confirm-1280.png') })
    await dialog.getByTestId('use-coin-ok').click()
    await page.waitForURL((url) => url.pathname === `/${title.type}/${title.id}/chapter/${chapter.id}/product`)
    await viewer(page).first().waitFor()
    // Ads: the access button exists on a title with ads, and says the feature is app-only.
    const ads = (await titles()).find(
      (item) => item.adsEnabled && item.chapters.some((c) => !c.salesConfig.free && !c.aborted && (c.salesConfig.rentAllowedWith ?? []).length > 0),
    )!
    const rentable = ads.chapters.find((c) => !c.salesConfig.free && !c.aborted && (c.salesConfig.rentAllowedWith ?? []).length > 0)!
    await page.goto(`/${ads.type}/${ads.id}`)
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${rentable.id}"]`).click()
    await page.locator('[data-testid="access-sheet"] [data-option="watchAd"]').click()
    await textOf(page.getByTestId('purchase-message'), 'この機能はWebではご利用いただけません。アプリをご利用ください。')
    await page.screenshot({ path: path.join(shotDir(), 'purchase-ad-1280.png') })
    expect(errors).toEqual([])
    await context.close()
  })
})

/**
 * Faketime moves the whole API clock (SPEC §7), which would expire other tests' codes and
 * badges mid-run: this test gets a site of its own.
 */
describe('the free-read gauge (on its own site)', () => {
  let own: SiteInfo | null = null
  beforeAll(async () => {
    // A copy of the published edge folder and a fresh API (seeded the same way): ~15 s.
    own = await startSite({ edgeFrom: readSite() })
  }, 240_000)
  afterAll(async () => {
    if (!own) return
    await stopSite(own)
  })

  it('empties when a chapter is read with it and refills after faketime moves past the recover interval', async () => {
    const site = own!
    const context = await newContext(browser, { viewport: PHONE, baseURL: site.baseURL, address: ON_THIS_MACHINE })
    const page = await context.newPage()
    const errors = trackErrors(page)
    await signUp(page, { email: `gauge.${Date.now().toString(36)}@koma.example`, password: 'koma-gauge-pass1', dataDir: site.dataDir })
    const title = (await titles()).find(
      (item) => item.rentalConfig?.gaugeUsable && item.chapters.some((c) => (c.salesConfig.rentAllowedWith ?? []).includes('gauge')),
    )!
    const chapter = title.chapters.find((c) => (c.salesConfig.rentAllowedWith ?? []).includes('gauge') && !c.aborted)!
    await page.goto(`/en/${title.type}/${title.id}`)
    await eventually(
      () => page.getByTestId('gauge').getAttribute('data-percent'),
      (value) => value === '100',
    )
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"]`).click()
    await page.locator('[data-testid="access-sheet"] [data-option="freeRead"]').click()
    await page.waitForURL((url) => url.pathname.endsWith(`/chapter/${chapter.id}/product`))
    await viewer(page).first().waitFor()
    await page.goto(`/en/${title.type}/${title.id}`)
    await eventually(
      () => page.getByTestId('gauge').getAttribute('data-percent'),
      (value) => value !== null && Number(value) < 100,
    )
    await page.screenshot({ path: path.join(shotDir(), 'gauge-empty-390.png') })
    // SPEC §7 faketime: a non-zero value moves the API clock and goes home; 0 clears it.
    const later = new Date(Date.now() + (title.rentalConfig!.recoverInterval + 300) * 1000).toISOString()
    try {
      await page.goto(`/en?faketime=${encodeURIComponent(later)}`)
      await page.waitForURL((url) => url.pathname.startsWith('/en') && !url.search.includes('faketime'))
      await page.goto(`/en/${title.type}/${title.id}`)
      await eventually(
        () => page.getByTestId('gauge').getAttribute('data-percent'),
        (value) => value === '100',
      )
    } finally {
      await page.goto('/en?faketime=0')
      await page.waitForURL((url) => !url.search.includes('faketime'))
    }
    await page.goto(`/en/${title.type}/${title.id}`)
    await eventually(
      () => page.getByTestId('gauge').getAttribute('data-percent'),
      (value) => value !== null && Number(value) < 100,
    )
    expect(errors).toEqual([])
    await context.close()
  })
})
