import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { violations } from './support/axe'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { textOf } from './support/eventually'
import { signUp } from './support/members'
import { readSite, screenshotDir as shotDir } from './support/site'

/**
 * Mature titles (SPEC §4, §6, §8; issue 33): the adult check's cookie may show that they exist in
 * lists, but only a member whose adult verification is valid and whose mature setting is on reads
 * one. Everyone else meets SPEC §8's 451 (sign in, verify) or 428 (turn mature on), as a dialog.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const cards = (page: Page) => page.getByTestId('content-card')

/** A context that answered the adult check "yes" (the cookie lists honour). */
async function saysAdult(options: Parameters<typeof newContext>[1] = {}): Promise<BrowserContext> {
  const context = await newContext(browser, { viewport: PHONE, ...options })
  await context.addCookies([{ name: 'koma_accept_mature', value: 'Y', url: readSite().baseURL }])
  return context
}

/** Page images the API served with 200 (a mature page must never be one for a reader without the right). */
function servedPages(page: Page): string[] {
  const served: string[] = []
  page.on('response', (response) => {
    if (/\/api\/image\/\d+(\/tile\/\d+\/\d+)?\?.*\be=/.test(response.url()) && response.status() === 200) served.push(response.url())
  })
  return served
}

describe('a mature title (issue 33)', () => {
  it('is listed for a visitor who said yes, but opens only for a verified member with mature on; turned off, it asks again', async () => {
    // The adult check's cookie lists mature titles (search).
    const visitor = await saysAdult()
    const page = await visitor.newPage()
    const errors = trackErrors(page)
    const visitorPages = servedPages(page)
    await page.goto('/en/search/contract')
    await cards(page).first().waitFor()
    const titlePath = new URL((await cards(page).first().getAttribute('href')) as string, readSite().baseURL).pathname
    expect(titlePath).toMatch(/^\/en\/comic\/\d+$/)

    // Opening one: the verification step, and a sign-in, never the episode list.
    await page.goto(titlePath)
    const dialog = page.getByTestId('dialog-accept-mature')
    await textOf(dialog.getByTestId('accept-mature-verify'), 'This title is for adults. Sign in and verify your age to read it.')
    expect(await page.getByTestId('episode-list').count()).toBe(0)
    await page.screenshot({ path: path.join(shotDir(), 'mature-visitor-390.png') })
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/en/login' && url.searchParams.get('redirect') === titlePath)
    expect(visitorPages).toEqual([])

    // A new member (the seeded readers stay as other tests expect them): verify, and the title opens.
    await signUp(page, { email: `adult.${Date.now().toString(36)}@koma.example`, password: 'koma-adult-pass1' })
    await page.goto(titlePath)
    await textOf(dialog.getByTestId('accept-mature-verify'), 'Please verify that you are an adult to view mature content.')
    await dialog.getByRole('button', { name: 'Verify my age' }).click()
    await page.getByTestId('verify-age').click()
    await page.locator('#birthday').fill('1990-04-01')
    await page.getByTestId('cert-verify').click()
    await page.waitForURL((url) => url.pathname === titlePath)
    await page.getByTestId('episode-list').waitFor()

    // Its first chapter reads, pages and all.
    const firstRow = page.getByTestId('chapter-row').first()
    const chapterId = await firstRow.getAttribute('data-chapter-id')
    const chapterPath = `${titlePath}/chapter/${chapterId}/product`
    const memberPages = servedPages(page)
    await page.goto(chapterPath)
    await page.getByTestId('vertical-strip').or(page.getByTestId('paged-viewer')).first().waitFor()
    await page.waitForFunction(() => [...document.images].some((image) => /\/api\/image\//.test(image.currentSrc) && image.complete && image.naturalWidth > 0))
    expect(memberPages.length).toBeGreaterThan(0)

    // Mature off in the settings: the chapter asks to turn it on (428), and yes reads it again.
    await page.goto('/en/account/setting')
    const toggle = page.getByTestId('mature-toggle')
    // A controlled switch: it turns off once the API said so.
    await toggle.click()
    await page.waitForFunction(() => (document.querySelector('[data-testid="mature-toggle"]') as HTMLInputElement | null)?.checked === false)
    await page.goto(chapterPath)
    await dialog.getByRole('heading', { name: 'Show mature content?' }).waitFor()
    await page.screenshot({ path: path.join(shotDir(), 'mature-accept-390.png') })
    // The one accept-mature variant accessibility.e2e cannot reach (a verified member with mature off): axe here (issue 35 item 7).
    expect(await violations(page, 'accept-mature dialog, a verified member with mature off')).toEqual([])
    await dialog.getByRole('button', { name: 'Turn on' }).click()
    await page.getByTestId('vertical-strip').or(page.getByTestId('paged-viewer')).first().waitFor()

    // The page URLs the member was handed are theirs alone: a visitor saying yes gets 451.
    const handedOut = memberPages[0] as string
    const stranger = await saysAdult()
    const strangerPage = await stranger.newPage()
    const fetched = await strangerPage.request.get(handedOut)
    expect(fetched.status()).toBe(451)
    // And the chapter itself, opened by a visitor who said yes: the sign-in step, no page served.
    const strangerPages = servedPages(strangerPage)
    await strangerPage.goto(chapterPath)
    await strangerPage.getByTestId('dialog-accept-mature').getByRole('button', { name: 'Sign in' }).waitFor()
    expect(strangerPages).toEqual([])
    expect(errors).toEqual([])
    await stranger.close()
    await visitor.close()
  })

  it('says so in Japanese and French', async () => {
    const finder = await saysAdult()
    const found = await finder.newPage()
    await found.goto('/en/search/contract')
    await cards(found).first().waitFor()
    const id = /\/comic\/(\d+)$/.exec((await cards(found).first().getAttribute('href')) as string)?.[1]
    await finder.close()
    for (const [locale, prefix, reason, signIn] of [
      ['ja-JP', '', 'この作品は成人向けです。読むにはログインして年齢認証をしてください。', 'ログイン'],
      ['fr-FR', '/fr', 'Ce titre est réservé aux adultes. Connectez-vous et vérifiez votre âge pour le lire.', 'Se connecter'],
    ] as const) {
      const context = await saysAdult({ locale })
      const page = await context.newPage()
      await page.goto(`${prefix}/comic/${id}`)
      const dialog = page.getByTestId('dialog-accept-mature')
      await textOf(dialog.getByTestId('accept-mature-verify'), reason)
      await dialog.getByRole('button', { name: signIn }).waitFor()
      if (locale === 'ja-JP') await page.screenshot({ path: path.join(shotDir(), 'mature-visitor-ja-390.png') })
      else {
        await page.setViewportSize(DESKTOP)
        await page.screenshot({ path: path.join(shotDir(), 'mature-visitor-fr-1280.png') })
      }
      await context.close()
    }
  })
})
