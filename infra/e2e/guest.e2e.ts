import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { seededTitles } from './support/api'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { SEEDED_READER, signUp } from './support/members'
import { screenshotDir as shotDir } from './support/site'

/**
 * Guests (SPEC §4, §6), end to end: a signed-out reader becomes this browser's guest only by
 * choosing to (never on page load), reads with the free-read gauge, keeps a library and claims the
 * daily bonus; is refused what only members may do and offered sign-up; is warned before a
 * sign-in would discard the guest's things; and signing up keeps the library.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const viewer = (page: Page) => page.getByTestId('vertical-strip').or(page.getByTestId('paged-viewer'))
const guestFlag = (page: Page) => page.evaluate(() => window.localStorage.getItem('koma.guest'))

describe('a guest on this browser', () => {
  it('reads with the gauge, keeps a library, is refused members’ functions, and keeps the library by signing up', async () => {
    const titles = (await seededTitles()).filter((title) => !title.mature && title.chapterFileFormat === 'image')
    const title = titles.find(
      (item) => item.rentalConfig?.gaugeUsable && item.chapters.some((c) => (c.salesConfig.rentAllowedWith ?? []).includes('gauge') && !c.aborted),
    )!
    const chapter = title.chapters.find((c) => (c.salesConfig.rentAllowedWith ?? []).includes('gauge') && !c.aborted)!
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const errors = trackErrors(page)
    const guestCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/member/guest')) guestCalls.push(request.method())
    })

    // Browsing creates nothing.
    await page.goto(`/en/${title.type}/${title.id}`)
    await page.getByTestId('episode-list').waitFor()
    await page.getByTestId('header-sign-in').waitFor()
    expect(guestCalls).toEqual([])
    expect(await guestFlag(page)).toBeNull()

    // A gauge read asks: sign in, or go on as a guest.
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"]`).click()
    await page.getByTestId('dialog-login-confirm').waitFor()
    await page.screenshot({ path: path.join(shotDir(), 'guest-login-confirm-390.png') })
    await page.getByTestId('login-confirm-guest').click()
    await page.locator('[data-testid="access-sheet"] [data-option="freeRead"]').click()
    await page.waitForURL((url) => url.pathname.endsWith(`/chapter/${chapter.id}/product`))
    await viewer(page).first().waitFor()
    expect(guestCalls).toEqual(['POST'])
    expect(await guestFlag(page)).toBe('1')

    // The gauge was used; the guest subscribes to the title.
    await page.goto(`/en/${title.type}/${title.id}`)
    await eventually(
      () => page.getByTestId('gauge').getAttribute('data-percent'),
      (value) => value !== null && Number(value) < 100,
    )
    await page.getByTestId('header-guest').waitFor()
    await page.getByTestId('subscribe').click()
    await eventually(
      () => page.getByTestId('subscribe').getAttribute('aria-pressed'),
      (value) => value === 'true',
    )
    await page.goto('/en/library/subscribed')
    await page.locator(`[data-testid="library-item"][data-content-id="${title.id}"]`).waitFor()

    // The daily bonus is there for guests too.
    await page.goto('/en/inbox/gift')
    await page.getByTestId('daily-claim').click()
    await eventually(
      () => page.getByTestId('daily-claim').count(),
      (count) => count === 0,
    )

    // Members only: commenting (a dialog) and the coin shop (a page) offer sign-up instead.
    await page.goto(`/en/comment/${title.type}/${title.id}/${chapter.id}`)
    await page.getByTestId('comment-sign-in').click()
    await textOf(page.getByTestId('dialog-guest-refused').locator('h2'), 'Guest users cannot use this function.')
    await page.screenshot({ path: path.join(shotDir(), 'guest-refused-dialog-390.png') })
    await page.getByTestId('dialog-guest-refused').getByRole('button', { name: 'Cancel' }).click()
    await page.goto('/en/coinpurchase')
    await textOf(page.getByTestId('guest-refused').locator('h1'), 'Guest users cannot use this function.')
    await page.setViewportSize(DESKTOP)
    await page.screenshot({ path: path.join(shotDir(), 'guest-refused-page-1280.png') })

    // Signing in would discard the guest's things: the login page says what.
    await page.goto('/en/login')
    await textOf(page.getByTestId('login-guest-holdings'), /Titles in your library: 1$/)
    await page.screenshot({ path: path.join(shotDir(), 'guest-login-warning-1280.png') })
    await page.setViewportSize(PHONE)
    await page.screenshot({ path: path.join(shotDir(), 'guest-login-warning-390.png') })

    // Signing up keeps them: the library is still there, now as a member's.
    await signUp(page, { email: `guest.${Date.now().toString(36)}@koma.example`, password: 'koma-guest-pass1' })
    expect(await guestFlag(page)).toBeNull()
    await page.goto('/en/library/subscribed')
    await page.locator(`[data-testid="library-item"][data-content-id="${title.id}"]`).waitFor()
    await page.getByTestId('header-account').waitFor()
    expect(guestCalls).toEqual(['POST'])
    expect(errors).toEqual([])
    await context.close()
  })

  it('is this browser’s alone: another browser sending its device id gets a guest of its own, and signing up there takes nothing (issue 33)', async () => {
    const first = await newContext(browser, { viewport: PHONE })
    const a = await first.newPage()
    const errors = trackErrors(a)
    await a.goto('/en/login')
    await a.getByTestId('login-continue-guest').click()
    await a.waitForURL((url) => url.pathname === '/en')
    await a.goto('/en/inbox/gift')
    await a.getByTestId('daily-claim').click()
    await eventually(
      () => a.getByTestId('daily-claim').count(),
      (count) => count === 0,
    )
    const deviceId = await a.evaluate(() => window.localStorage.getItem('koma.webDeviceId'))
    expect(deviceId).toBeTruthy()

    // Another browser that learnt A's device id (it travels in every call) and sends it as its own.
    const second = await newContext(browser, { viewport: PHONE })
    await second.addInitScript((id) => window.localStorage.setItem('koma.webDeviceId', id), deviceId as string)
    const b = await second.newPage()
    await b.goto('/en/login')
    await b.getByTestId('login-continue-guest').click()
    await b.waitForURL((url) => url.pathname === '/en')
    expect(await b.evaluate(() => window.localStorage.getItem('koma.webDeviceId'))).toBe(deviceId)
    // A guest of its own: today's bonus is still there to claim.
    await b.goto('/en/inbox/gift')
    await b.getByTestId('daily-claim').waitFor()
    await signUp(b, { email: `guest.other.${Date.now().toString(36)}@koma.example`, password: 'koma-guest-pass2' })
    await b.getByTestId('header-account').waitFor()

    // A is still its own guest, with its bonus claimed and no account of B's.
    await a.goto('/en/inbox/gift')
    await a.getByTestId('header-guest').waitFor()
    await a.getByTestId('inbox-gifts').waitFor()
    expect(await a.getByTestId('daily-claim').count()).toBe(0)
    expect(await a.getByTestId('header-account').count()).toBe(0)
    expect(errors).toEqual([])
    await first.close()
    await second.close()
  })

  it('is asked before a sign-in discards the guest’s things (in Japanese), and the sign-in then discards them', async () => {
    const context = await newContext(browser, { viewport: PHONE, locale: 'ja-JP' })
    const page = await context.newPage()
    const errors = trackErrors(page)
    // Becoming a guest from the sign-in page, then claiming the daily bonus (5 coins).
    await page.goto('/login')
    await page.getByTestId('login-continue-guest').click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(await guestFlag(page)).toBe('1')
    await page.goto('/inbox/gift')
    await page.getByTestId('daily-claim').click()
    await eventually(
      () => page.getByTestId('daily-claim').count(),
      (count) => count === 0,
    )

    await page.goto('/login')
    await textOf(page.getByTestId('login-guest-holdings'), 'コイン：5 · チケット：0 · 本棚の作品：0')
    await page.locator('input[name="email"]').fill(SEEDED_READER.email)
    await page.locator('input[name="password"]').fill(SEEDED_READER.password)
    await page.getByTestId('login-submit').click()
    await textOf(page.getByTestId('dialog-confirm').locator('p'), /コイン5枚、チケット0枚、本棚の作品0件/)
    await page.screenshot({ path: path.join(shotDir(), 'guest-signin-confirm-ja-390.png') })
    // Cancel keeps the guest; agreeing signs in and the guest is gone.
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'キャンセル' }).click()
    expect(await guestFlag(page)).toBe('1')
    await page.getByTestId('login-submit').click()
    await page.getByTestId('dialog-confirm').getByRole('button', { name: '削除してログイン' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('header-account').waitFor()
    expect(await guestFlag(page)).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  })
})
