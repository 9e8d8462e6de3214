import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generate } from 'otplib'
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, newContext, ON_THIS_MACHINE, PHONE, trackErrors } from './support/browser'
import { apiGet } from './support/api'
import { eventually, textOf } from './support/eventually'
import { SEEDED_READER, signInAt } from './support/members'
import { epubSample } from '../api/src/test/samples'
import { readSite, screenshotDir, startSite, stopSite, type SiteInfo } from './support/site'

/** The demo console account (infra/api/src/seed/members.ts), made an operator on this file's site by the grant command (issue 33). */
const OPERATOR = { email: 'ops@koma.example', password: 'koma-operator-1' }
/** Readers see catalogue changes as its caches expire (15 s, infra/api/src/modules/ops/content.ts). */
const CATALOGUE_CACHE_WAIT_MS = 45_000
/** Real EPUBs (the same ones the import command's tests read). */

/**
 * The console's Content and Campaigns sections (mf-ops, issue 17) on a site of their own: the
 * operator renames a title and schedules a chapter, which other test files' readers would see.
 */
let browser: Browser
let site: SiteInfo | null = null
let opsContext: BrowserContext
let ops: Page
let opsErrors: string[]
let readerContext: BrowserContext
let reader: Page
beforeAll(async () => {
  browser = await launchBrowser()
  const started = await startSite({ edgeFrom: readSite(), operators: [OPERATOR.email] })
  site = started
  opsContext = await newContext(browser, { baseURL: site.baseURL, viewport: DESKTOP })
  ops = await opsContext.newPage()
  opsErrors = trackErrors(ops)
  await signInAt(ops, '/en/ops', OPERATOR)
  // The authenticator step: the set-up code the grant command printed, then the app's code.
  await ops.getByTestId('ops-second-factor').waitFor()
  await ops.getByLabel('Set-up code').fill(started.setUpCodes[OPERATOR.email]!)
  await ops.getByRole('button', { name: 'Show my key' }).click()
  const secret = (await ops.getByTestId('ops-totp-secret').textContent())!.trim()
  // The key as a QR image for the app, with the key and the link under it.
  await ops.getByRole('img', { name: /QR image of the link for your authenticator app/ }).waitFor()
  await shoot(ops, 'ops-second-factor', 'phone')
  await shoot(ops, 'ops-second-factor', 'desktop')
  await ops.getByLabel('Code').fill(await generate({ secret, digits: 6, period: 30 }))
  await ops.getByRole('button', { name: 'Confirm' }).click()
  await ops.getByTestId('ops-service').waitFor()
  readerContext = await newContext(browser, { baseURL: site.baseURL, viewport: PHONE, address: ON_THIS_MACHINE })
  reader = await readerContext.newPage()
  await signInAt(reader, '/en/account/coupon', SEEDED_READER)
}, 300_000)
afterAll(async () => {
  await readerContext?.close()
  await opsContext?.close()
  await browser?.close()
  if (site) await stopSite(site)
})

async function shoot(page: Page, name: string, width: 'phone' | 'desktop') {
  await page.setViewportSize(width === 'phone' ? PHONE : DESKTOP)
  await page.screenshot({ path: path.join(screenshotDir(), `${name}-${width === 'phone' ? 390 : 1280}.png`), fullPage: true })
  // A phone's first screen at full size too (a full page that long is hard to read once scaled down).
  if (width === 'phone') await page.screenshot({ path: path.join(screenshotDir(), `${name}-390-top.png`) })
}

/** The reader's episode list of a title (title 1 by default), read again until `check` holds (the catalogue caches expire). */
async function readerEpisodes(check: () => Promise<boolean>, contentId = 1): Promise<void> {
  await eventually(
    async () => {
      await reader.goto(`/en/comic/${contentId}`)
      await reader.getByTestId('episode-list').waitFor()
      return check()
    },
    (done) => done,
    CATALOGUE_CACHE_WAIT_MS,
    1_000,
  )
}

describe('the operator console: content and campaigns (issue 17)', () => {
  it('the operator creates a coupon (the form refuses an empty one first) and a signed-in reader redeems it', async () => {
    await ops.getByRole('link', { name: 'Campaigns' }).click()
    await ops.getByTestId('ops-campaigns').waitFor()
    const form = ops.getByTestId('ops-coupon-form')
    await form.getByRole('button', { name: 'Create' }).click()
    await textOf(form.getByRole('alert').first(), 'This is required.')

    await form.getByLabel('Code').fill('ops-e2e-40')
    await form.getByLabel('Kind of coins').selectOption('bonus')
    await form.getByLabel('How many').fill('40')
    await form.getByLabel('Redemptions at most (empty: no limit)').fill('10')
    await form.getByLabel('Name readers see (Japanese)').fill('運営テスト特典')
    await form.getByLabel('Name readers see (English)').fill('Console test gift')
    await form.getByLabel('Name readers see (French)').fill('Cadeau de test')
    await form.getByRole('button', { name: 'Create' }).click()
    const coupon = ops.locator('[data-testid="ops-coupon"][data-code="OPSE2E40"]')
    await textOf(coupon, /Console test gift · 40 bonus coins.*Redeemed 0 of 10/)
    await shoot(ops, 'ops-campaigns', 'desktop')
    await shoot(ops, 'ops-campaigns', 'phone')

    // The reader types it in lower case with its dash, as the console's hint says they may.
    await reader.goto('/en/account/coupon')
    await reader.getByTestId('coupon-code').fill('ops-e2e-40')
    await reader.getByTestId('coupon-submit').click()
    await textOf(reader.getByTestId('coupon-done'), /Console test gift.*you received 40 bonus coins/)

    await ops.reload()
    await textOf(ops.locator('[data-testid="ops-coupon"][data-code="OPSE2E40"]'), /Redeemed 1 of 10/)
    await ops.setViewportSize(DESKTOP)
  })

  it('the operator renames a title in English and the reader’s episode list shows the new name', async () => {
    await ops.getByRole('link', { name: 'Content' }).click()
    await ops.getByTestId('ops-titles').waitFor()
    await ops.getByLabel('Name or number').fill('Moonlit')
    await ops.getByRole('button', { name: 'Search' }).click()
    const row = ops.locator('[data-testid="ops-title-row"][data-title="1"]')
    await textOf(row, /Moonlit Blade Princess/)
    await shoot(ops, 'ops-titles', 'desktop')
    await shoot(ops, 'ops-titles', 'phone')
    await ops.setViewportSize(DESKTOP)
    await row.getByRole('link').click()
    await ops.getByTestId('ops-title').waitFor()

    const texts = ops.getByTestId('ops-title-texts')
    await texts.getByLabel('Name (English)').fill('')
    await texts.getByRole('button', { name: 'Save' }).click()
    await textOf(texts.getByRole('alert').first(), 'This is required.')
    await texts.getByLabel('Name (English)').fill('Moonlit Blade Princess: Console Cut')
    await texts.getByRole('button', { name: 'Save' }).click()
    await textOf(texts.getByRole('status'), 'Saved.')
    await textOf(ops.getByTestId('ops-title-name'), 'Moonlit Blade Princess: Console Cut')

    await readerEpisodes(async () => (await reader.getByTestId('content-name').textContent()) === 'Moonlit Blade Princess: Console Cut')
  })

  it('the operator hides a title: its page is not found for the reader, the console lists it as hidden; shown again, it is back', async () => {
    await ops.goto('/en/ops/titles/2')
    const visibility = ops.getByTestId('ops-title-visibility')
    await visibility.getByRole('button', { name: 'Hide from readers' }).click()
    await ops.getByTestId('dialog-confirm').getByRole('button', { name: 'OK' }).click()
    await textOf(visibility.getByTestId('ops-title-visibility-state'), /^Hidden from readers since \d{4}\/\d\d\/\d\d \d\d:\d\d\.$/)
    await shoot(ops, 'ops-title-hidden', 'desktop')
    await reader.goto('/en/comic/2')
    await reader.getByTestId('not-found').waitFor()

    await ops.goto('/en/ops/titles?hidden=true')
    await ops.getByTestId('ops-titles').waitFor()
    await eventually(
      async () => ops.getByTestId('ops-title-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-title'))),
      (ids) => ids.length === 1 && ids[0] === '2',
    )
    await textOf(ops.getByTestId('ops-title-hidden'), 'Hidden from readers')
    await shoot(ops, 'ops-titles-hidden', 'phone')
    await ops.setViewportSize(DESKTOP)

    await ops.getByTestId('ops-title-row').getByRole('link').click()
    await visibility.getByRole('button', { name: 'Show to readers again' }).click()
    await textOf(visibility.getByTestId('ops-title-visibility-state'), 'Readers see this title.')
    await readerEpisodes(async () => (await reader.getByTestId('content-name').count()) === 1, 2)
  })

  it('the operator imports an EPUB and a folder of images, watching the upload; a reader opens both', async () => {
    await ops.goto('/en/ops/titles')
    const panel = ops.getByTestId('ops-import')
    // A slow line, so that the upload's progress shows (Chrome holds the upload to this pace).
    const network = await opsContext.newCDPSession(ops)
    await network.send('Network.enable')
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 48 * 1024 })
    await panel.getByLabel('EPUB file').setInputFiles(epubSample('childrens-literature.epub'))
    await textOf(panel.getByTestId('ops-import-chosen'), /^childrens-literature\.epub \(0\.2 MB\)$/)
    await panel.getByRole('button', { name: 'Import' }).click()
    await textOf(panel.getByTestId('ops-import-progress'), /Uploading… \d+%/)
    await shoot(ops, 'ops-import-progress', 'desktop')
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    const done = panel.getByTestId('ops-import-done')
    const novelText = (await textOf(done, /^Imported “.+” as No\. \d+\./, 60_000))!
    const novelId = Number(/No\. (\d+)\./.exec(novelText)![1])
    const novelTitle = /Imported “(.+)” as No\./.exec(novelText)![1]!
    expect(await done.getByRole('link', { name: 'Open it in the console' }).getAttribute('href')).toBe(`/en/ops/titles/${novelId}`)
    await shoot(ops, 'ops-import-done', 'desktop')
    await shoot(ops, 'ops-import-done', 'phone')
    await ops.setViewportSize(DESKTOP)

    // A folder of pages (and a file that is no page, left out), named after the folder.
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'koma-ops-e2e-')), 'Harbour at dusk')
    fs.mkdirSync(folder)
    for (const [name, colour] of [
      ['1.png', '#27496d'],
      ['2.png', '#0c7b93'],
      ['10.png', '#00a8cc'],
    ] as const)
      await sharp({ create: { width: 400, height: 600, channels: 3, background: colour } })
        .png()
        .toFile(path.join(folder, name))
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a page')
    await panel.getByLabel('Images (a comic)').check()
    await panel.getByLabel('A folder of images').setInputFiles(folder)
    await textOf(panel.getByTestId('ops-import-chosen'), /^3 pages \(.+\), from Harbour at dusk\/1\.png; 1 other file left out$/)
    expect(await panel.getByLabel('Title of the comic').inputValue()).toBe('Harbour at dusk')
    await panel.screenshot({ path: path.join(screenshotDir(), 'ops-import-images-1280.png') })
    await panel.getByRole('button', { name: 'Import' }).click()
    const comicText = (await textOf(done, /^Imported “Harbour at dusk” as No\. \d+\./, 60_000))!
    const comicId = Number(/No\. (\d+)\./.exec(comicText)![1])
    fs.rmSync(path.dirname(folder), { recursive: true, force: true })

    // The reader finds both at once, and reads them.
    await readerEpisodes(async () => (await reader.getByTestId('content-name').textContent()) === novelTitle, novelId)
    const novelChapter = await reader.getByTestId('chapter-row').first().getAttribute('data-chapter-id')
    await reader.goto(`/en/comic/${novelId}/chapter/${novelChapter}/product`)
    await eventually(
      () => reader.getByTestId('epub-reader').getAttribute('data-state'),
      (state) => state === 'ready',
      30_000,
    )
    await readerEpisodes(async () => (await reader.getByTestId('content-name').textContent()) === 'Harbour at dusk', comicId)
    const comicChapter = await reader.getByTestId('chapter-row').first().getAttribute('data-chapter-id')
    await reader.goto(`/en/comic/${comicId}/chapter/${comicChapter}/product`)
    await textOf(reader.getByTestId('page-indicator'), /^Page 1 of 3$/, 30_000)
  })

  it('the operator schedules a chapter a few minutes ahead: the reader gets it when the clock passes its time', async () => {
    await ops.goto('/en/ops/titles/1')
    const chapter = ops.getByTestId('ops-chapter').nth(1)
    const chapterId = await chapter.getAttribute('data-chapter')
    const row = () => reader.locator(`[data-testid="chapter-row"][data-chapter-id="${chapterId}"]`)
    await readerEpisodes(async () => (await row().count()) === 1)
    // Five minutes ahead, at 30 seconds past the minute (the console keeps the seconds).
    const at = Math.floor((Date.now() + 5 * 60_000) / 60_000) * 60_000 + 30_000
    const local = await ops.evaluate((ms) => {
      const d = new Date(ms)
      const pad = (n: number) => String(n).padStart(2, '0')
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    }, at)
    await chapter.locator('summary').click()
    await chapter.getByLabel('Published at').fill(local)
    await chapter.getByRole('button', { name: 'Save chapter' }).click()
    await eventually(
      () => chapter.innerText(),
      (text) => text.includes('Saved.'),
    )
    await textOf(chapter.getByTestId('ops-chapter-state'), /^Coming soon: /)
    // Read back from the API: the time is kept to the second.
    await ops.reload()
    await chapter.locator('summary').click()
    expect(await chapter.getByLabel('Published at').inputValue()).toBe(local)
    await readerEpisodes(async () => (await row().count()) === 0)

    // SPEC §7's faketime hook moves the API clock past the chapter's time (and 0 puts it back).
    try {
      await reader.goto(`/en?faketime=${encodeURIComponent(new Date(at + 60_000).toISOString())}`)
      await reader.waitForURL((url) => url.pathname.startsWith('/en') && !url.search.includes('faketime'))
      await readerEpisodes(async () => (await row().count()) === 1)
    } finally {
      await reader.goto('/en?faketime=0')
      await reader.waitForURL((url) => !url.search.includes('faketime'))
    }
  })

  it('the operator schedules a chapter in the future: coming soon in the console, gone from the reader’s episode list', async () => {
    await ops.goto('/en/ops/titles/1')
    await ops.getByTestId('ops-title').waitFor()
    const chapter = ops.getByTestId('ops-chapter').first()
    const chapterId = await chapter.getAttribute('data-chapter')
    await readerEpisodes(async () => (await reader.locator(`[data-testid="chapter-row"][data-chapter-id="${chapterId}"]`).count()) === 1)
    await chapter.locator('summary').click()
    await chapter.getByLabel('Published at').fill('2099-01-01T09:00')
    await chapter.getByRole('button', { name: 'Save chapter' }).click()
    // The whole chapter's text, so that a refusal would show in a failure.
    await eventually(
      () => chapter.innerText(),
      (text) => text.includes('Saved.'),
    )
    await textOf(chapter.getByTestId('ops-chapter-state'), /^Coming soon: 2099\/01\/01 09:00/)
    await shoot(ops, 'ops-title', 'desktop')
    await shoot(ops, 'ops-title', 'phone')

    await readerEpisodes(async () => (await reader.locator(`[data-testid="chapter-row"][data-chapter-id="${chapterId}"]`).count()) === 0)

    // The same page in Japanese (the console speaks the operator's language).
    // Japanese lives on the unprefixed paths, with the language cookie the language menu writes.
    await opsContext.addCookies([{ name: 'koma_locale', value: 'ja', url: site!.baseURL }])
    await ops.goto('/ops/titles/1')
    await textOf(ops.getByTestId('ops-chapter-state').first(), /^近日公開：2099\/01\/01 09:00/)
    await shoot(ops, 'ops-title-ja', 'phone')
    await ops.goto('/ops/titles')
    await ops.getByTestId('ops-import').waitFor()
    await shoot(ops, 'ops-titles-ja', 'desktop')
    await ops.goto('/ops/campaigns')
    await ops.getByTestId('ops-campaigns').waitFor()
    await shoot(ops, 'ops-campaigns-ja', 'desktop')
    expect(opsErrors).toEqual([])
  })
})

describe('the operator console: home campaigns and gifts (issue 17)', () => {
  it('the operator puts a banner first in the top banner and a reader opening home sees it; a popup for later is previewed in French and no reader sees it yet', async () => {
    await ops.setViewportSize(DESKTOP)
    await ops.goto('/en/ops/campaigns')
    await ops.getByTestId('ops-campaigns').waitFor()
    const banners = ops.getByTestId('ops-banners')
    await banners.getByRole('button', { name: 'New banner' }).click()
    const form = ops.getByTestId('ops-banner-form')
    await form.getByRole('button', { name: 'Create' }).click()
    await textOf(form.getByRole('alert').first(), 'This is required.')
    await form.getByLabel('Title No. (its artwork)').fill('1')
    await form.getByLabel('Place (1 = first; empty: last)').fill('1')
    await form.getByLabel('Badge', { exact: true }).selectOption('EVENT')
    await form.getByLabel('Title (Japanese)', { exact: true }).fill('コンソールの冬バナー')
    await form.getByLabel('Title (English)', { exact: true }).fill('Console winter banner')
    await form.getByLabel('Title (French)', { exact: true }).fill('Bannière d’hiver de la console')
    await form.getByLabel('Subtitle (English)').fill('Made in the operator console')
    await shoot(ops, 'ops-banner-form', 'desktop')
    await shoot(ops, 'ops-banner-form', 'phone')
    await ops.setViewportSize(DESKTOP)
    await form.getByRole('button', { name: 'Create' }).click()
    await textOf(banners.getByTestId('ops-banner').filter({ hasText: 'Console winter banner' }), /Console winter banner\s*Live/)

    // A reader opening the home page (a new browser: nothing kept from an earlier visit).
    const visitorContext = await newContext(browser, { baseURL: site!.baseURL, viewport: PHONE })
    try {
      const visitor = await visitorContext.newPage()
      await visitor.goto('/en/')
      await textOf(visitor.getByTestId('top-banner').locator('li').first(), /Console winter banner.*Made in the operator console/)
      await shoot(visitor, 'home-banner-from-console', 'phone')

      // A popup for later: previewed as French readers will see it, and nobody sees it yet.
      const popups = ops.getByTestId('ops-popups')
      await popups.getByRole('button', { name: 'New popup' }).click()
      const popupForm = ops.getByTestId('ops-popup-form')
      await popupForm.getByLabel('Link on the site (empty: none)').fill('/menu/all_comic/event')
      await popupForm.getByLabel('Starts (empty: now)').fill('2099-12-01T10:00')
      await popupForm.getByLabel('Title (Japanese)', { exact: true }).fill('コンソールの冬フェア')
      await popupForm.getByLabel('Title (English)', { exact: true }).fill('Console winter fair')
      await popupForm.getByLabel('Title (French)', { exact: true }).fill('Foire d’hiver de la console')
      await popupForm.getByLabel('Text (French)').fill('Des chapitres offerts tout l’hiver.')
      await popupForm.getByRole('button', { name: 'Create' }).click()
      const popup = popups.getByTestId('ops-popup').filter({ hasText: 'Console winter fair' })
      await textOf(popup, /Console winter fair\s*Scheduled/)
      await shoot(ops, 'ops-campaigns-home', 'desktop')
      await shoot(ops, 'ops-campaigns-home', 'phone')
      await ops.setViewportSize(DESKTOP)
      const [preview] = await Promise.all([opsContext.waitForEvent('page'), popup.getByRole('link', { name: 'French' }).click()])
      await textOf(preview.getByTestId('home-preview'), /^Aperçu : l’accueil tel que les lecteurs le verront le 2099\/12\/01 10:00/)
      await textOf(preview.getByTestId('popup-content'), /Foire d’hiver de la console.*Des chapitres offerts tout l’hiver/)
      await shoot(preview, 'home-preview-fr', 'desktop')
      await shoot(preview, 'home-preview-fr', 'phone')
      await preview.close()

      await visitor.goto('/fr/')
      await visitor.getByTestId('top-banner').waitFor()
      expect(await visitor.getByText('Foire d’hiver de la console').count()).toBe(0)
    } finally {
      await visitorContext.close()
    }
  })

  it('a gift the operator sends to a reader is in that reader’s inbox, in the reader’s language', async () => {
    const cookie = (await readerContext.cookies()).map((item) => `${item.name}=${item.value}`).join('; ')
    const { result: profile } = await apiGet<{ userId: number }>('/member/profile', { cookie, baseURL: site!.baseURL })
    await ops.setViewportSize(DESKTOP)
    await ops.goto('/en/ops/campaigns#campaigns-gifts')
    const form = ops.getByTestId('ops-gift-form')
    await form.getByLabel('Member No.').fill(String(profile!.userId))
    await form.getByLabel('How many').fill('15')
    await form.getByLabel('Gift name (Japanese)').fill('運営からの贈り物')
    await form.getByLabel('Gift name (English)').fill('A gift from the console')
    await form.getByLabel('Gift name (French)').fill('Un cadeau de la console')
    await form.getByRole('button', { name: 'Send' }).click()
    await textOf(form.getByRole('status'), 'Sent.')
    await textOf(ops.getByTestId('ops-gift').first(), /A gift from the console\s*Live.*15 bonus coins.*1 received · 0 claimed/)
    await shoot(ops, 'ops-gifts', 'desktop')

    await reader.goto('/fr/inbox/gift')
    await textOf(reader.getByTestId('gift').filter({ hasText: 'Un cadeau de la console' }), /Un cadeau de la console/)
    await shoot(reader, 'inbox-gift-from-console', 'phone')

    // The console in Japanese (unprefixed paths, with the language cookie the language menu writes).
    await opsContext.addCookies([{ name: 'koma_locale', value: 'ja', url: site!.baseURL }])
    await ops.goto('/ops/campaigns')
    await ops.getByTestId('ops-gifts').waitFor()
    await textOf(ops.getByTestId('ops-gift').first(), /運営からの贈り物/)
    await shoot(ops, 'ops-campaigns-gifts-ja', 'phone')
    expect(opsErrors).toEqual([])
  })
})
