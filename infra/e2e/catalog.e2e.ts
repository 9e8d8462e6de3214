import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { SEEDED_READER, signInAt } from './support/members'
import { clusterLane, readSite, screenshotDir as shotDir } from './support/site'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Sign the seeded reader in and land on `redirect` with the header showing them. */
async function signIn(page: Page, redirect = '/en'): Promise<void> {
  await signInAt(page, redirect)
  await page.getByTestId('header-nickname').waitFor()
}

const cards = (page: Page) => page.getByTestId('content-card')

describe('home', () => {
  it('shows the campaign row and one section per shuffle group; a popup shows once and "don’t show again" sticks', async () => {
    const context = await newContext(browser, { popups: true })
    const page = await context.newPage()
    const errors = trackErrors(page)
    await page.goto('/en')
    const popup = page.getByTestId('popup-content').or(page.getByTestId('popup-image'))
    await popup.waitFor()
    await page.getByTestId('popup-skip').click()
    await popup.waitFor({ state: 'detached' })
    // Below the first screen, rows are drawn in turns as the browser idles (home/rowWindow.ts): wait for them.
    for (const row of ['banner_list_group', 'banner_list_content_big_group']) await page.locator(`[data-ui="${row}"]`).first().waitFor()
    expect(await page.locator('[data-ui="banner_list_group"]').count()).toBe(1)
    expect(await page.locator('[data-ui="banner_list_content_big_group"]').count()).toBe(1)
    await textOf(page.locator('[data-ui="banner"] h2'), 'Campaigns now on')
    // The next visit shows the next popup in turn (or none), never the skipped one again.
    const skipped = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('koma.popup.skip') ?? '{}')))
    expect(skipped).toHaveLength(1)
    await page.reload()
    await page.getByTestId('home-section').first().waitFor()
    // The home screen records when it last showed popups once its data has settled.
    await eventually(
      () => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('koma.popup.lastTime') ?? '{}')).length),
      (count) => count >= 1,
    )
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('menus', () => {
  it.each(['new', 'ranking', 'free', 'daily', 'completed', 'genre', 'store'])('%s opens from the menu tabs with titles', async (code) => {
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const errors = trackErrors(page)
    await page.goto('/en')
    await page.getByTestId('home-section').first().waitFor()
    await page.locator(`[data-menu="${code}"]`).click()
    await page.locator(`[data-testid="menu-list"][data-code="${code}"]`).waitFor()
    await eventually(
      () => cards(page).count(),
      (n) => n > 0,
    )
    if (code === 'ranking') await textOf(page.getByTestId('rank').first(), '1')
    if (code === 'daily' || code === 'genre') {
      // The chosen sub-tab goes into currentItemCode and the list follows it.
      const second = page.locator('[data-item]').nth(1)
      const item = await second.getAttribute('data-item')
      await second.click()
      await page.waitForURL((url) => url.searchParams.get('currentItemCode') === item)
      await eventually(
        () => page.locator(`[data-item="${item}"]`).getAttribute('aria-pressed'),
        (value) => value === 'true',
      )
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('events list the running events; the adult event only after accepting mature content', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/en/menu/all_comic/event')
    await page.getByTestId('event').first().waitFor()
    expect(await page.locator('[data-testid="event"][data-mature="true"]').count()).toBe(0)
    await context.addCookies([{ name: 'koma_accept_mature', value: 'Y', url: readSite().baseURL }])
    await page.reload()
    await page.locator('[data-testid="event"][data-mature="true"]').waitFor()
    await context.close()
  })

  it('a content catalog pages by 20 as the reader scrolls, and a promotion opens from the campaign row', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    // Each page of the catalog as the API sent it: the first holds 20. (The second page may follow
    // at once when the list's end is already on screen, so the cards are not counted in between.)
    const pages: number[] = []
    page.on('response', (response) => {
      if (!/\/api\/content_catalog\/\d+/.test(new URL(response.url()).pathname)) return
      void response.json().then(
        (body: { result?: { contents?: unknown[] } }) => pages.push(body.result?.contents?.length ?? -1),
        () => undefined,
      )
    })
    await page.goto('/en')
    await page.locator('[data-ui="banner"] a[href*="/menu/content_catalog/"]').first().click()
    await page.locator('[data-testid="collection"][data-kind="catalog"]').waitFor()
    await eventually(
      async () => pages[0],
      (first) => first === 20,
    )
    await eventually(
      async () => {
        await page.mouse.wheel(0, 4000)
        return cards(page).count()
      },
      (n) => n === 25,
    )
    // The second answer's body is read after its cards may already show.
    expect(
      await eventually(
        async () => pages.join(','),
        (seen) => seen === '20,5',
      ),
    ).toBe('20,5')
    expect(await page.getByTestId('list-more').count()).toBe(0)
    await page.goto('/en')
    await page.locator('[data-ui="banner"] a[href*="/menu/promotion/"]').first().click()
    await page.locator('[data-testid="collection"][data-kind="promotion"]').waitFor()
    await eventually(
      () => cards(page).count(),
      (n) => n > 0,
    )
    await context.close()
  })
})

describe('search', () => {
  it.each([
    ['en', '/en/search', 'en-US', 'moonlit blade', 'Moonlit Blade Princess'],
    ['fr', '/fr/search', 'fr-FR', 'lame de lune', 'La Princesse à la lame de lune'],
    ['ja (kanji)', '/search', 'ja-JP', '剣姫', '月下の剣姫'],
    ['ja (hiragana for katakana)', '/search', 'ja-JP', 'しぐなる', 'シグナル・ロスト'],
  ])('in %s finds the title by its name and keeps the history', async (_name, url, locale, query, title) => {
    const context = await newContext(browser, { locale })
    const page = await context.newPage()
    await page.goto(url)
    await page.getByTestId('search-input').fill(query)
    await page.getByTestId('search-submit').click()
    await page.getByTestId('search-results').waitFor()
    await textOf(cards(page).first().locator('p').first(), title)
    await page.goto(url)
    await textOf(page.getByTestId('search-history-item').first().locator('a'), query)
    await page.getByTestId('search-history-clear').click()
    expect(await page.getByTestId('search-history-item').count()).toBe(0)
    await context.close()
  })

  it('cuts a long keyword to 50 characters and says when nothing matches', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto(`/en/search/${'x'.repeat(70)}`)
    await page.getByTestId('search-empty').waitFor()
    expect(await page.getByTestId('search-input').inputValue()).toHaveLength(50)
    await context.close()
  })
})

describe('episode list', () => {
  it('opens from search, follows a free chapter into the viewer', async () => {
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const errors = trackErrors(page)
    await page.goto('/en/search/moonlit')
    await cards(page).first().click()
    await page.getByTestId('episode-list').waitFor()
    await textOf(page.getByTestId('content-name'), 'Moonlit Blade Princess')
    await page.locator('[data-testid="chapter-row"][data-free="true"]').first().click()
    await page.getByTestId('viewer').waitFor()
    expect(page.url()).toMatch(/\/en\/comic\/\d+\/chapter\/\d+\/product$/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('asks a signed-out reader to sign in for a paid chapter and to subscribe; sign-in comes back here with the reader’s own access, and keeps a subscription in the library', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const states = () => page.getByTestId('chapter-state').allInnerTexts()
    await page.goto('/en/search/moonlit')
    await cards(page).first().click()
    await page.getByTestId('episode-list').waitFor()
    const here = new URL(page.url()).pathname
    const asVisitor = await states()
    await page.locator('[data-testid="chapter-row"][data-free="false"]').first().click()
    await page.getByTestId('dialog-login-confirm').waitFor()
    await page.getByTestId('dialog-login-confirm').getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('subscribe').click()
    await page.getByTestId('dialog-login-confirm').getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/en/login' && url.searchParams.get('redirect') === here)
    await page.getByLabel('Email address').fill(SEEDED_READER.email)
    await page.getByLabel('Password', { exact: true }).fill(SEEDED_READER.password)
    await page.getByTestId('login-submit').click()
    await page.waitForURL((url) => url.pathname === here)
    await page.getByTestId('header-nickname').waitFor()
    await page.getByTestId('episode-list').waitFor()
    // Back in the same page (no reload): the list is the reader's, as a fresh load shows it, not
    // the visitor's kept from before (the seeded reader can read chapters a visitor waits for).
    const asReader = await states()
    expect(asReader).not.toEqual(asVisitor)
    await page.reload()
    await page.getByTestId('episode-list').waitFor()
    expect(await states()).toEqual(asReader)

    await page.locator('[data-testid="chapter-row"][data-free="false"]').last().click()
    await page.getByTestId('access-sheet').waitFor()
    expect(await page.locator('[data-testid="access-sheet"] [data-option="buyWithCoin"]').count()).toBe(1)
    await page.getByTestId('access-sheet').getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('subscribe').click()
    await eventually(
      () => page.getByTestId('subscribe').getAttribute('aria-pressed'),
      (value) => value === 'true',
    )
    await page.goto('/en/library/subscribed')
    await textOf(page.getByTestId('library-item').first().locator('p').first(), 'Moonlit Blade Princess')
    await page.locator('[data-tab="recent"]').first().click()
    await page.waitForURL('**/en/library/recent')
    await page.getByTestId('library-empty').or(page.getByTestId('library-item').first()).waitFor()
    await page.goto('/en/library/subscribed')
    await page.getByTestId('library-item').first().locator('a').nth(1).click()
    await page.getByTestId('subscribe').click()
    await eventually(
      () => page.getByTestId('subscribe').getAttribute('aria-pressed'),
      (value) => value === 'false',
    )
    await context.close()
  })

  it('opens the share dialog with the link to copy and the share targets', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/en/search/moonlit')
    await cards(page).first().click()
    await page.getByTestId('share').click()
    const link = await page.getByTestId('share-link').inputValue()
    expect(link).toMatch(new RegExp(`^${readSite().baseURL}/comic/\\d+$`))
    const x = await page.locator('[data-share="x"]').getAttribute('href')
    expect(x).toContain(encodeURIComponent(link))
    await page.getByTestId('dialog-share').getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('dialog-share').waitFor({ state: 'detached' })
    await context.close()
  })
})

describe('mature content', () => {
  it('a signed-out reader on a mature title gets the adult check; yes sets the cookie for a day, then asks to sign in and verify (issue 33)', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/en/search/contract')
    await page.getByTestId('search-results').waitFor()
    expect(await cards(page).count()).toBe(0)
    // Mature titles are not listed; find one's address as a reader who accepted mature content.
    const adult = await newContext(browser)
    await adult.addCookies([{ name: 'koma_accept_mature', value: 'Y', url: readSite().baseURL }])
    const finder = await adult.newPage()
    await finder.goto('/en/search/contract')
    await cards(finder).first().waitFor()
    const href = (await cards(finder).first().getAttribute('href')) as string
    await adult.close()
    const id = /\/comic\/(\d+)$/.exec(href)?.[1]
    await page.goto(`/en/comic/${id}`)
    await page.getByTestId('dialog-adult-check').waitFor()
    await page.getByRole('button', { name: 'Yes, I am 18 or older' }).click()
    // Saying so lists mature titles; reading one takes a verified member (SPEC §6).
    await page.getByTestId('dialog-accept-mature').getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await page.getByTestId('episode-list').count()).toBe(0)
    const cookie = (await context.cookies()).find((item) => item.name === 'koma_accept_mature')
    expect(cookie?.value).toBe('Y')
    expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(86_400_000 + 60_000)
    await context.close()
  })

  it('the adult menu needs sign-in, accept mature, and a valid adult verification (SPEC §8 451), then lists mature titles', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/en/menu/all_comic/adult')
    await page.waitForURL('**/en/login?redirect=%2Fen%2Fmenu%2Fall_comic%2Fadult')
    await page.getByLabel('Email address').fill('reader@koma.example')
    await page.getByLabel('Password', { exact: true }).fill('koma-reader-1')
    await page.getByTestId('login-submit').click()
    await page.getByTestId('dialog-accept-mature').waitFor()
    await page.getByRole('button', { name: 'Turn on' }).click()
    // The seeded reader has never verified their age: the API answers 451 and the dialog says so.
    await page.getByTestId('accept-mature-verify').waitFor()
    await page.getByRole('button', { name: 'Verify my age' }).click()
    await page.getByTestId('verify-age').click()
    // The sandbox verification service, then back: mature content turns on and the menu opens.
    await page.locator('#birthday').fill('1990-04-01')
    await page.getByTestId('cert-verify').click()
    await page.locator('[data-testid="menu-list"][data-code="adult"]').waitFor()
    await eventually(
      () => cards(page).count(),
      (n) => n === 3,
    )
    await context.close()
  })
})

describe('coming soon', () => {
  it('shows the countdown and trial, and asks a signed-out reader to sign in for the release notification', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/en/search/dragon%20knight')
    await cards(page).first().click()
    await page.getByTestId('coming-soon').waitFor()
    await textOf(page.getByTestId('release-countdown').locator('p').nth(1), /^In \d+ days? \d+ h$/)
    expect(await page.getByTestId('trial-link').getAttribute('href')).toMatch(/\/en\/comic\/\d+\/chapter\/\d+\/trial$/)
    await page.getByTestId('release-notification').click()
    await page.getByTestId('dialog-login-confirm').waitFor()
    await context.close()
  })
})

/** Screenshots to look at, with nothing a cluster changes: taken in the single-process lane only. */
const describeShots = clusterLane() ? describe.skip : describe
describeShots('screenshots of every catalog screen', () => {
  const screens: [string, string, boolean][] = [
    ['home', '/en', false],
    ['menu-new', '/en/menu/all_comic/new', false],
    ['menu-ranking', '/en/menu/all_comic/ranking', false],
    ['menu-free', '/en/menu/all_comic/free', false],
    ['menu-daily', '/en/menu/all_comic/daily', false],
    ['menu-completed', '/en/menu/all_comic/completed', false],
    ['menu-genre', '/en/menu/all_comic/genre', false],
    ['menu-store', '/en/menu/all_comic/store', false],
    ['menu-event', '/en/menu/all_comic/event', false],
    ['search', '/en/search/love', false],
    ['search-ja', '/search/%E6%81%8B', false],
    ['episodes', '/en/comic/1', false],
    ['library', '/en/library/subscribed', true],
  ]
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('at %s width', async (name, viewport) => {
    const dir = shotDir()
    let context: BrowserContext = await newContext(browser, { viewport, locale: 'en-US' })
    let page = await context.newPage()
    for (const [id, url, needsLogin] of screens) {
      if (needsLogin) await signIn(page, '/en')
      if (id === 'search-ja') {
        await context.close()
        context = await newContext(browser, { viewport, locale: 'ja-JP' })
        page = await context.newPage()
      }
      await page.goto(url)
      await page
        .locator(
          '[data-testid="home"], [data-testid="menu-list"], [data-testid="events"], [data-testid="search-results"], [data-testid="episode-list"], [data-testid="library"]',
        )
        .first()
        .waitFor()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: path.join(dir, `catalog-${id}-${name}.png`) })
      if (id === 'search-ja') {
        await context.close()
        context = await newContext(browser, { viewport })
        page = await context.newPage()
      }
    }
    await page.goto('/en/search/dragon%20knight')
    await cards(page).first().click()
    await page.getByTestId('coming-soon').waitFor()
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: path.join(dir, `catalog-coming-soon-${name}.png`) })
    await context.close()
  })
})
