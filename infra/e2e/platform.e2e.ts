import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, newContext, ON_THIS_MACHINE, PHONE, trackErrors } from './support/browser'
import { observer } from './support/observer'
import { eventually, textOf } from './support/eventually'
import { edgeCli, readSite, screenshotDir } from './support/site'
import { isIdleChunk, notSharing } from './support/idleChunks'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The most JavaScript the first load of home may download, as the edge sends it (issue 13's goals; see the test). */
const FIRST_LOAD_BUDGET = { gz: 170 * 1024, br: 150 * 1024 }

/** The remotes a page downloaded, from its network requests. */
function watchRemotes(page: Page): Set<string> {
  const seen = new Set<string>()
  page.on('request', (request) => {
    const remote = /\/remotes\/(mf-[a-z]+)\//.exec(new URL(request.url()).pathname)?.[1]
    if (remote) seen.add(remote)
  })
  return seen
}

describe('home composed from mf-catalog', () => {
  it.each([
    ['en', '/en', 'en-US', 'Ranking'],
    ['ja', '/', 'ja-JP', 'ランキング'],
    ['fr', '/fr', 'fr-FR', 'Classement'],
  ])('renders in %s from the API, downloading mf-catalog and no other remote', async (_lang, url, htmlLang, rankingTab) => {
    const context = await newContext(browser, { locale: htmlLang })
    const page = await context.newPage()
    const errors = trackErrors(page)
    const remotes = watchRemotes(page)
    await page.goto(url)
    await page.getByTestId('home-section').first().waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe(htmlLang)
    await textOf(page.locator('[data-menu="ranking"]'), rankingTab)
    expect(await page.getByTestId('content-card').count()).toBeGreaterThan(5)
    expect([...remotes]).toEqual(['mf-catalog'])
    expect(errors).toEqual([])
    await context.close()
  })

  it('names in its HTML every script the first page runs, so none waits for another to be discovered (issue 13)', async () => {
    // A page the edge drew names them in koma-scripts (fetched once it is painted); one the
    // browser draws (a reader with an account) preloads them in its head.
    const context = await newContext(browser, { locale: 'en-US' })
    // Not sharing: the analytics batch goes 5 s after the first event (SPEC §7) with axios, which
    // the first load does not need; a loaded machine reaches networkidle after it (stop 44's CI).
    await context.addCookies([notSharing()])
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname)
    })
    const response = await page.goto('/en')
    const html = (await response?.text()) ?? ''
    await page.getByTestId('home-section').first().waitFor()
    await page.waitForLoadState('networkidle')
    // What a page loads once it is idle (host/src/platform/idle.ts: on a sampled load the Web
    // Vitals' webVitals.ts, issue 38) is not the first load's, nor named in its HTML.
    for (const script of scripts) if (isIdleChunk(script)) scripts.delete(script)
    const listed = JSON.parse(/<script type="application\/json" id="koma-scripts">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[]
    // main.js (with the shared libraries and the host's app), its language file, the remote's
    // entry, its routes, the screen's chunks and its language file.
    expect(listed.length).toBeGreaterThanOrEqual(7)
    const named = new Set([...[...html.matchAll(/<(?:link rel="preload"[^>]*?href|script[^>]*?src)="([^"]+\.js)"/g)].map((match) => match[1]), ...listed])
    const preloaded = [
      ...[...html.matchAll(/<link rel="preload"[^>]*?href="([^"]+\.js)"[^>]*as="script"|<link rel="preload" as="script" href="([^"]+\.js)"/g)].map(
        (match) => match[1] ?? match[2],
      ),
      ...listed,
    ]
    // The host's main.js and language file and the live remote's entry and screen: all in the HTML.
    expect([...scripts].filter((script) => !named.has(script))).toEqual([])
    // And nothing preloaded goes unused (a wasted download on a phone).
    expect(preloaded.filter((script) => !scripts.has(script!))).toEqual([])
    expect(preloaded.length).toBeGreaterThanOrEqual(7)
    // A budget on what those scripts weigh as the edge sends them (gzip and brotli): issue 13's
    // goals, 170 kB gzip and 150 kB brotli. 245.8 kB gzip when this was written, 201.1 KiB after
    // the declarative router, per-language host messages, axios on demand and the domain rules
    // bundled by their users; 194.5 KiB with remotes carrying no fallback copies of shared
    // libraries and MobX shared as the exports Koma uses; 172.0 KiB at stop 31 (one federation
    // bundler runtime, more libraries shared as lists, short message ids, the host's shared
    // libraries in main.js, gzip by Zopfli); 168.1 KiB gzip, 149.4 KiB brotli at stop 32 (the
    // shared texts by language, stand-ins for the federation runtime's semver and error texts,
    // the tag manager glue only where configured).
    const { edgeDir } = readSite()
    const served = (encoding: 'gz' | 'br') =>
      [...scripts].reduce((sum, script) => {
        const file = path.join(edgeDir, script)
        return sum + fs.statSync(fs.existsSync(`${file}.${encoding}`) ? `${file}.${encoding}` : file).size
      }, 0)
    expect(served('gz')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.gz)
    expect(served('br')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.br)
    await context.close()
  })

  it('keeps the locale prefix in links and switches language from the header', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/fr')
    await page.getByTestId('content-card').first().waitFor()
    expect(await page.getByTestId('content-card').first().getAttribute('href')).toMatch(/^\/fr\/(comic|magazine_comic)\/\d+$/)
    await page.getByTestId('language-switcher').selectOption('ja')
    // A reader on a prefixed page stays on prefixed pages: Japanese has its own, /ja (issue 35).
    await page.waitForURL((url) => url.pathname === '/ja')
    await textOf(page.locator('[data-menu="ranking"]'), 'ランキング')
    expect(await page.getByTestId('content-card').first().getAttribute('href')).toMatch(/^\/ja\/(comic|magazine_comic)\/\d+$/)
    // The choice is remembered for unprefixed pages (cookie, 365 days).
    const cookie = (await context.cookies()).find((item) => item.name === 'koma_locale')
    expect(cookie?.value).toBe('ja')
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000)
    await context.close()
  })
})

describe('reading a free chapter', () => {
  it('goes from the episode list to the viewer and shows the pages', async () => {
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const errors = trackErrors(page)
    const remotes = watchRemotes(page)
    await page.goto('/en')
    await page.getByTestId('content-card').first().click()
    await page.getByTestId('episode-list').waitFor()
    await page.locator('[data-testid="chapter-row"][data-free="true"]').first().click()
    await page.getByTestId('viewer').waitFor()
    expect(page.url()).toMatch(/\/en\/(comic|magazine_comic)\/\d+\/chapter\/\d+\/product$/)
    const first = page.getByTestId('page-image').first()
    await first.waitFor()
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="page-image"]')
      return Boolean(image && image.complete && image.naturalWidth > 0)
    })
    expect(await page.getByTestId('page-image').count()).toBeGreaterThan(0)
    // The end of the chapter embeds mf-community's comments through the host slot (End: the
    // bottom of a strip, the page after the last of a paged chapter).
    await page.keyboard.press('End')
    await page.getByTestId('chapter-end').scrollIntoViewIfNeeded()
    await page.getByTestId('chapter-comments-slot').waitFor()
    expect(remotes).toEqual(new Set(['mf-catalog', 'mf-viewer', 'mf-community']))
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('route rules', () => {
  it.each(['/comic/007', '/en/comic/abc', '/fr/novel/3', '/comic/1/chapter/2/full', '/preview/comic/1/chapter/epub?chapterId=x&chapterFileSalesType=trial'])(
    '%s renders the 404 screen with the header still working',
    async (url) => {
      const context = await newContext(browser)
      const page = await context.newPage()
      // The edge answers 404 too (crawlers see it); the app draws the screen.
      expect((await page.goto(url))?.status()).toBe(404)
      await page.getByTestId('not-found').waitFor()
      const [pathname = url] = url.split('?')
      await textOf(
        page.getByTestId('not-found').locator('h1'),
        new RegExp(`(Page Not Found|ページが見つかりません|Page introuvable) ?: ${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      )
      expect(await page.getByTestId('site-header').isVisible()).toBe(true)
      await context.close()
    },
  )

  it('sends a signed-out reader from a login-only page to /login with the page as redirect', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/en/coinpurchase')
    await page.waitForURL('**/en/login?redirect=%2Fen%2Fcoinpurchase')
    await page.getByTestId('login').waitFor()
    await context.close()
  })
})

describe('what crawlers, link previews and old browsers get (issue 15)', () => {
  const site = () => readSite().baseURL
  const fetchPage = (url: string, headers: Record<string, string> = {}) => fetch(`${site()}${url}`, { headers, redirect: 'manual' })

  it('a title page carries its own metadata in the page language; an id nobody has is a 404', async () => {
    const html = await (await fetchPage('/fr/comic/1', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).text()
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
      name: string
      '@type': string
      url: string
    } | null
    expect(jsonLd).toMatchObject({ '@type': expect.stringMatching(/^(ComicSeries|Book)$/), url: `${site()}/fr/comic/1` })
    expect(html).toContain(`<title>${jsonLd!.name} | Koma</title>`)
    expect(html).toContain(`<link rel="canonical" href="${site()}/fr/comic/1">`)
    expect(html).toContain(`<link rel="alternate" hreflang="ja" href="${site()}/ja/comic/1">`)
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${site()}/comic/1">`)
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/image\/\d+">/)
    const missing = await fetchPage('/en/comic/999999')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<meta name="robots" content="noindex">')
  })

  it('the URL hreflang="ja" names is Japanese for a crawler with no cookie and no Accept-Language (issue 35)', async () => {
    const res = await fetchPage('/ja/comic/1', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<html lang="ja-JP"')
    expect(html).toContain(`<link rel="canonical" href="${site()}/ja/comic/1">`)
    expect((await fetchPage('/ja/comic/999999')).status).toBe(404)
  })

  it('robots.txt names the sitemap, and the sitemap lists the seeded titles at their three prefixed URLs', async () => {
    expect(await (await fetchPage('/robots.txt')).text()).toContain(`Sitemap: ${site()}/sitemap.xml\n`)
    const sitemap = await (await fetchPage('/sitemap.xml')).text()
    for (const url of ['/ja/comic/1', '/en/comic/1', '/fr/comic/1']) expect(sitemap).toContain(`<loc>${site()}${url}</loc>`)
  })

  it('Internet Explorer is sent to the browser guide, which it can show without script', async () => {
    const ie = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko'
    const redirected = await fetchPage('/en/comic/1', { 'user-agent': ie })
    expect([redirected.status, redirected.headers.get('location')]).toEqual([302, '/en/browserguide'])
    const guide = await (await fetchPage('/en/browserguide', { 'user-agent': ie })).text()
    expect(guide).toContain('Please use a recent browser')
    expect(guide).not.toMatch(/<script/i)
  })
})

describe('first-party analytics and the do-not-share choice (SPEC §1, §7)', () => {
  it('page views reach our API without their locale; after "do not share" nothing is sent', async () => {
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const batches: { name: string; path: string }[][] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/events') {
        batches.push(JSON.parse(new URLSearchParams(request.postData() ?? '').get('events') ?? '[]'))
      }
    })
    const hide = () =>
      page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
        document.dispatchEvent(new Event('visibilitychange'))
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
      })
    // A batch goes as the page is hidden, started in the handler (fetch keepalive, which Playwright
    // never sees end: no "network idle" after it). A request of our own made after it is a fence:
    // once Playwright reported it, it reported any batch the hiding started.
    let fences = 0
    const fence = async () => {
      const url = `/robots.txt?fence=${++fences}`
      const seen = page.waitForRequest((request) => request.url().endsWith(url))
      await page.evaluate((at) => fetch(at).then((answer) => answer.text()), url)
      await seen
    }
    await page.goto('/fr/comic/1?utm_source=e2e')
    // The episode list (mf-catalog) has reported its content view once it is on screen.
    await page.getByTestId('episode-list').waitFor()
    await hide()
    const names = async () => batches.flat().map((event) => `${event.name} ${event.path}`)
    await eventually(names, (seen) => ['referral /comic/1', 'page_view /comic/1', 'content_view /comic/1'].every((event) => seen.includes(event)))
    // The footer choice, in French, confirmed.
    await page.getByTestId('footer-do-not-share').click()
    await textOf(page.getByTestId('dialog-confirm').locator('h2'), 'Ne pas partager mes informations personnelles')
    await page.screenshot({ path: path.join(screenshotDir(), 'do-not-share-confirm-fr-390.png') })
    await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Ne pas partager' }).click()
    await textOf(page.getByTestId('footer-do-not-share'), /\(choisi\)/)
    await page.locator('footer').screenshot({ path: path.join(screenshotDir(), 'do-not-share-footer-fr-390.png') })
    expect((await context.cookies()).find((cookie) => cookie.name === 'koma_dns')?.value).toBe('1')
    const before = batches.length
    // An in-app move (a page view that would have been sent), then a full page load.
    await page.locator('footer').getByRole('link', { name: 'Annonces' }).click()
    await page.waitForURL((url) => url.pathname === '/fr/document/notice')
    await hide()
    await fence()
    await page.goto('/fr/comic/2?utm_source=e2e')
    await page.getByTestId('footer-do-not-share').waitFor()
    await hide()
    await fence()
    expect(batches.length).toBe(before)
    await context.close()
  })
})

describe('analytics of a reader who leaves at once (issue 35)', () => {
  it('the page view and the referral of a visit left within a second reach the API (keepalive on pagehide), once', async () => {
    // What reached the site, seen on the wire (the page is gone when its last batch goes).
    const wire = await observer(readSite().baseURL, (at) => at.startsWith('/api/analytics/events'))
    // This machine's address: a request sent after the page is gone carries none of the context's headers.
    const context = await newContext(browser, { viewport: PHONE, baseURL: wire.baseURL, address: ON_THIS_MACHINE })
    try {
      const page = await context.newPage()
      await page.goto('/en/comic/2?utm_source=leaving')
      // The page the edge drew has run its scripts (the visit is counted from then on)...
      await page.locator('#root[data-hydrated="true"]').waitFor()
      // ...and, well before the 5 s batch, the reader follows a link to another site.
      await page.goto('about:blank')
      const kept = async () =>
        wire.seen
          .filter((call) => call.status === 200)
          .flatMap((call) =>
            (JSON.parse(new URLSearchParams(call.body).get('events') ?? '[]') as { name: string; path: string }[]).map(
              (event) => `${event.name} ${event.path}`,
            ),
          )
      await eventually(kept, (seen) => seen.includes('referral /comic/2') && seen.includes('page_view /comic/2'))
      // Every event sent was kept, once.
      const stored = wire.seen.map((call) => (JSON.parse(call.answer) as { result?: { stored: number } }).result?.stored ?? -1)
      expect(stored.reduce((sum, count) => sum + count, 0)).toBe((await kept()).length)
    } finally {
      await context.close()
      await wire.close()
    }
  })
})

describe('sign-in in mf-account, seen by the host header', () => {
  it('signs the seeded member in, updates the header at once, and returns to the redirect', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const errors = trackErrors(page)
    await page.goto('/en/coinpurchase')
    await page.getByTestId('login').waitFor()
    await page.getByLabel('Email address').fill('reader@koma.example')
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-9')
    await page.getByTestId('login-submit').click()
    await textOf(page.getByTestId('login-error'), 'Incorrect email or password')
    await page.getByLabel('Password', { exact: true }).fill('koma-reader-1')
    await page.getByTestId('login-submit').click()
    await page.getByTestId('coin-shop').waitFor()
    expect(new URL(page.url()).pathname).toBe('/en/coinpurchase')
    await textOf(page.getByTestId('header-nickname'), 'Reader')
    expect(await page.getByTestId('coin-product').count()).toBeGreaterThan(3)
    await textOf(page.getByTestId('coin-price').first(), /^\$\d+\.\d\d$/)
    // A signed-in reader on /login goes to the redirect or home.
    await page.goto('/en/login?redirect=%2Fen')
    await page.getByTestId('home').waitFor()
    // Signing out from the header.
    await page.getByTestId('header-account').click()
    await page.getByTestId('header-sign-out').click()
    await page.getByTestId('header-sign-in').waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('composition failures stay in their area', () => {
  it('shows a retry panel when a remote cannot load, keeps the header, and recovers on retry', async () => {
    // Only this page loses mf-payments (its files fail to load): the site is shared with the tests
    // running in the other worker, which must keep their coin shop and purchase dialogs.
    const context = await newContext(browser)
    const page = await context.newPage()
    const unreachable = '**/remotes/mf-payments/**'
    await page.route(unreachable, (route) => route.abort('connectionrefused'))
    await page.goto('/en/coinpurchase/result')
    await page.locator('[data-remote-error="mf_payments"]').waitFor()
    // Everything else still works: the header links, and another remote's page.
    await page.getByTestId('header-search').isVisible()
    await page.locator('header a[aria-label="Koma home"]').click()
    await page.getByTestId('home-section').first().waitFor()
    await page.goBack()
    await page.locator('[data-remote-error="mf_payments"]').waitFor()
    // The retry loads the remote again (a fixed or rolled-back remote comes back without a reload).
    await page.unroute(unreachable)
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.locator('[data-remote-error="mf_payments"]').waitFor({ state: 'detached' })
    await context.close()
  })

  it('a chapter whose viewer cannot load keeps a way on: the header, the episode list and home', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.route('**/remotes/mf-viewer/**', (route) => route.abort('connectionrefused'))
    await page.goto('/fr/comic/1/chapter/1/product')
    await page.locator('[data-remote-error="mf_viewer"]').waitFor()
    // The viewer has no header of its own: the failure is shown in the shared layout.
    expect(await page.getByTestId('site-header').isVisible()).toBe(true)
    expect(await page.getByTestId('remote-error-home').getAttribute('href')).toBe('/fr')
    await page.screenshot({ path: path.join(screenshotDir(), 'platform-viewer-failed.png') })
    await page.getByTestId('remote-error-episodes').click()
    await page.waitForURL('**/fr/comic/1')
    await page.getByTestId('chapter-row').first().waitFor()
    await context.close()
  })

  it('a failing remote under the viewer (comments) leaves the chapter readable', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.route('**/remotes/mf-community/**', (route) => route.abort())
    await page.goto('/en')
    await page.getByTestId('content-card').first().click()
    await page.locator('[data-testid="chapter-row"][data-free="true"]').first().click()
    await page.getByTestId('page-image').first().waitFor()
    await page.keyboard.press('End')
    await page.getByTestId('chapter-end').scrollIntoViewIfNeeded()
    await page.locator('[data-remote-error^="mf_community"]').waitFor()
    await context.close()
  })
})

describe('deploy and rollback of one remote', () => {
  it('a new page load sees the deployed version, then the rolled-back one, with nothing restarted', async () => {
    const site = readSite()
    const context = await newContext(browser)
    const page = await context.newPage()
    const versionOnPage = async () => {
      await page.goto('/en')
      await page.getByTestId('home-section').first().waitFor()
      return page.locator('[data-remote="mf_catalog"]').getAttribute('data-remote-version')
    }
    const before = await versionOnPage()
    expect(before).toBeTruthy()
    // A tab left open from before the deploy.
    const tab = await context.newPage()
    await tab.goto('/fr')
    await tab.getByTestId('home-section').first().waitFor()
    const deployed = edgeCli(site, ['deploy', 'mf-catalog', '--no-build', '--force'])
    expect(deployed.code).toBe(0)
    // Every edge sees a deploy within SHARED_CHECK_MS (a cluster's edges read Redis's registry at most that often).
    const after = await eventually(versionOnPage, (version) => version !== before, 5_000)
    // Coming back to it, the reader is offered the reload, in the page's language, and gets the new version.
    await tab.evaluate(() => window.dispatchEvent(new Event('focus')))
    await textOf(tab.getByTestId('new-version'), /Une nouvelle version de Koma est disponible/)
    await tab.getByTestId('new-version-reload').click()
    await eventually(
      () =>
        tab
          .locator('[data-remote="mf_catalog"]')
          .getAttribute('data-remote-version')
          .catch(() => null),
      (version) => version === after,
    )
    // The live registry as the edge serves it (a file in the edge folder, or Redis in the cluster lane).
    const registry = (await (await fetch(`${site.baseURL}/registry.json`)).json()) as { remotes: Record<string, { version: string }> }
    expect(registry.remotes.mf_catalog!.version).toBe(after)
    const rolledBack = edgeCli(site, ['rollback', 'mf-catalog'])
    expect(rolledBack.code).toBe(0)
    await eventually(versionOnPage, (version) => version === before, 5_000)
    const versions = edgeCli(site, ['versions', 'mf-catalog'])
    expect(versions.output).toContain(before!)
    expect(versions.output).toContain(after!)
    await context.close()
  })
})

describe('screenshots', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('home and an episode list at %s width', async (name, viewport) => {
    const context = await newContext(browser, { viewport })
    const page = await context.newPage()
    await page.goto('/en')
    await page.getByTestId('content-card').nth(3).waitFor()
    await page.waitForLoadState('networkidle')
    const dir = path.join(readSite().dataDir, '..', 'koma-screenshots')
    fs.mkdirSync(dir, { recursive: true })
    await page.screenshot({ path: path.join(dir, `home-${name}.png`) })
    await page.getByTestId('content-card').first().click()
    await page.getByTestId('chapter-row').first().waitFor()
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: path.join(dir, `episodes-${name}.png`) })
    await context.close()
  })
})
