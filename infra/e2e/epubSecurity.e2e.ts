import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import type { Browser } from 'playwright-core'
import { apiGet } from './support/api'
import { launchBrowser, newContext, PHONE } from './support/browser'
import { eventually } from './support/eventually'
import { type Imported } from './support/importBooks'
import { signedIn } from './support/members'
import { EPUB_SAMPLES } from '../api/src/test/samples'
import { readSite, startSite, stopSite, type SiteInfo } from './support/site'

/**
 * A book that tries to act as the reader who opens it: every way a document can run script
 * (inline, event handlers, a script file, SVG script, a javascript: link) calls the member API
 * with the reader's cookies, writes the site's cookie and local storage, renames the tab and
 * restyles the page. Each attempt marks its request with `from=` so the test can tell it apart.
 */
const ATTACK = (from: string) =>
  `top.__pwned = '${from}'; top.fetch('/api/member/profile?from=${from}'); try { top.document.cookie = 'evil=${from}; path=/' } catch (e) {} ` +
  `try { top.localStorage.setItem('evil', '${from}') } catch (e) {} top.document.title = 'pwned ${from}'; ` +
  `top.document.body.style.background = 'red'; top.document.querySelectorAll('header').forEach(function (h) { h.style.display = 'none' })`

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

function hostileEpub(): Uint8Array {
  const doc = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
<head><title>Hostile</title>
<script>${ATTACK('inline').replace(/&/g, '&amp;').replace(/</g, '&lt;')}</script>
<script src="evil.js"></script>
</head>
<body onload="${escapeAttr(ATTACK('onload'))}">
<h1>A hostile book</h1>
<p id="book-text">These plain words must still be shown to the reader.</p>
<p><a id="js-link" href="javascript:${escapeAttr(ATTACK('link'))}">Open the secret</a></p>
<img src="missing.png" alt="" onerror="${escapeAttr(ATTACK('onerror'))}"/>
<img src="/api/member/profile?from=img" alt=""/>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${ATTACK('svg').replace(/&/g, '&amp;').replace(/</g, '&lt;')}</script></svg>
</body>
</html>
`
  const files: Record<string, string> = {
    'META-INF/container.xml':
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'OPS/book.opf': `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">hostile-e2e</dc:identifier><dc:title>Hostile Book</dc:title><dc:language>en</dc:language></metadata>
<manifest><item id="doc" href="hostile.xhtml" media-type="application/xhtml+xml" properties="scripted svg"/><item id="js" href="evil.js" media-type="application/javascript"/></manifest>
<spine><itemref idref="doc"/></spine></package>`,
    'OPS/hostile.xhtml': doc,
    'OPS/evil.js': ATTACK('file'),
  }
  return zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    ...Object.fromEntries(Object.entries(files).map(([name, body]) => [name, strToU8(body)])),
  })
}

/** Real books (the W3C samples) that must still read under the site's policy: fixed layout, Japanese vertical. */
const SAMPLES = EPUB_SAMPLES
const REAL_BOOKS = SAMPLES ? ['page-blanche.epub', 'kusamakura-japanese-vertical-writing.epub'].map((name) => path.join(SAMPLES, name)) : []

let browser: Browser
let site: SiteInfo | null = null
let book: Imported
let realBooks: Imported[] = []

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-e2e-hostile-'))
  const file = path.join(dataDir, 'hostile.epub')
  fs.writeFileSync(file, hostileEpub())
  const started = await startSite({ dataDir, edgeFrom: readSite(), books: [file, ...REAL_BOOKS] })
  site = started
  book = started.imported[0]! // the site imports one book per file, or throws
  realBooks = started.imported.slice(1)
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  if (!site) return
  await stopSite(site)
})

describe('a hostile EPUB opened by a signed-in reader', () => {
  it('shows its text and gets nothing: no member call, cookie, storage, title or style of the site', async () => {
    const context = await newContext(browser, { viewport: PHONE, baseURL: site!.baseURL })
    const viewer = `/en/comic/${book.contentId}/chapter/${book.chapterId}/product`
    const page = await signedIn(context, '/en')
    const fromBook: string[] = []
    const bookFiles: { url: string; status: number }[] = []
    const violations: string[] = []
    // Requests the policy blocks never leave the browser (no response): only answered ones count.
    context.on('response', (response) => {
      if (/[?&]from=/.test(response.url())) fromBook.push(response.url())
      if (response.url().includes('/epub/')) bookFiles.push({ url: new URL(response.url()).pathname, status: response.status() })
    })
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text())
    })
    // The reader is signed in: the API answers this browser's session (the API would answer the
    // book). Asked directly: after a reload the page may take the profile from its boot data
    // (a page the edge drew for the member) and never ask the API for it.
    const session = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
    expect((await apiGet('/member/profile', { cookie: session, baseURL: site!.baseURL })).status).toBe(200)
    await page.goto(viewer)
    await eventually(
      () => page.getByTestId('epub-reader').getAttribute('data-state'),
      (state) => state === 'ready',
      30_000,
    )
    const frame = page.frameLocator('[data-testid="epub-frame"] iframe').first()
    await eventually(
      () => frame.locator('#book-text').textContent(),
      (text) => /plain words must still be shown/.test(text ?? ''),
      15_000,
    )
    // The book's javascript: link, clicked by the reader.
    await frame.locator('#js-link').click()
    // Wait until the book has tried: the policy refused its inline script, SVG script and event
    // handlers (or, were it missing, one of them ran and marked the page).
    await eventually(
      async () => ({ violations: violations.length, pwned: await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null) }),
      (tried) => tried.violations >= 4 || tried.pwned !== null,
    )
    // The script file is never served.
    await eventually(
      async () => bookFiles.find((file) => file.url.endsWith('/OPS/evil.js'))?.status,
      (status) => status !== undefined,
    )
    expect(bookFiles.find((file) => file.url.endsWith('/OPS/evil.js'))?.status).toBe(404)
    expect(bookFiles.find((file) => file.url.endsWith('/OPS/hostile.xhtml'))?.status).toBe(200)

    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
      title: document.title,
      storage: localStorage.getItem('evil'),
      cookie: document.cookie,
      background: document.body.style.background,
      hiddenHeaders: [...document.querySelectorAll('header')].filter((header) => header.style.display === 'none').length,
    }))
    expect(state).toEqual({
      pwned: null,
      title: expect.not.stringMatching(/pwned/),
      storage: null,
      cookie: expect.not.stringMatching(/evil/),
      background: '',
      hiddenHeaders: 0,
    })
    expect((await context.cookies()).filter((cookie) => cookie.name === 'evil')).toEqual([])
    expect(fromBook).toEqual([])
    await context.close()
  })

  it('real books still read under the site policy: fixed layout and Japanese vertical writing, trial and whole', async () => {
    expect(realBooks.length).toBe(2)
    for (const real of realBooks) {
      for (const part of ['product', 'trial']) {
        const context = await newContext(browser, { viewport: PHONE, baseURL: site!.baseURL })
        const page = await context.newPage()
        const problems: string[] = []
        page.on('console', (message) => {
          if (/Content Security Policy/.test(message.text())) problems.push(message.text())
        })
        page.on('response', (response) => {
          if (response.url().includes('/epub/') && response.status() !== 200) problems.push(`${response.status()} ${response.url()}`)
        })
        // The stack names the script that threw (ours, or Readium's inside the book's frame).
        page.on('pageerror', (error) => problems.push(error.stack ?? error.message))
        await page.goto(
          part === 'product'
            ? `/en/comic/${real.contentId}/chapter/${real.chapterId}/product`
            : `/en/preview/comic/${real.contentId}/chapter/epub?chapterId=${real.chapterId}&chapterFileSalesType=trial`,
        )
        await eventually(
          () => page.getByTestId('epub-reader').getAttribute('data-state'),
          (state) => state === 'ready',
          30_000,
        )
        const frame = page.frameLocator('[data-testid="epub-frame"] iframe').first()
        // Its first page shows with its image (fixed layout) or its text (vertical writing).
        await eventually(
          () => frame.locator('img, p, h1, h2').count(),
          (count) => count > 0,
          15_000,
        )
        await page.keyboard.press('ArrowLeft')
        await page.keyboard.press('ArrowRight')
        await page.waitForLoadState('networkidle')
        expect([real.target, part, problems]).toEqual([real.target, part, []])
        await context.close()
      }
    }
  })

  it('opened directly as a page of our site, its file runs nothing either', async () => {
    const context = await newContext(browser, { viewport: PHONE, baseURL: site!.baseURL })
    const page = await signedIn(context, '/en')
    const fromScript: string[] = []
    context.on('response', (response) => {
      // Its <img src="/api/…"> is a plain GET whose answer no script can read; scripts are what must not run.
      if (/[?&]from=(?!img)/.test(response.url())) fromScript.push(response.url())
    })
    const response = await page.goto(`/api/comic/${book.contentId}/chapter/${book.chapterId}/product/epub/OPS/hostile.xhtml`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toContain('sandbox')
    await page.getByText('These plain words').waitFor()
    await page.locator('#js-link').click()
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull()
    expect(await page.title()).toBe('Hostile')
    expect(fromScript).toEqual([])
    await context.close()
  })
})
