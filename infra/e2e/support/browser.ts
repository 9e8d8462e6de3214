import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request as PageRequest, type Response } from 'playwright-core'
import { readSite } from './site'

/** Debian's Chromium, the browser readers use: Lighthouse and the reading figures measure with it. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/**
 * What the end-to-end tests drive: Debian's `chromium-headless-shell` (the same Chromium build,
 * packaged by Debian as its headless-only binary, as Playwright itself uses for headless runs)
 * when it is installed; otherwise Debian's `chromium`. The shell has no browser UI, GPU or
 * extension processes to start, so the e2e lane costs about a quarter less time on these 2-core
 * machines (catalog.e2e.ts: 150 → 112 s). CHROME_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const TEST_CHROMIUM = process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM)

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs. `measure`
 * (the benchmarks): Debian's full `chromium` with V8 as readers have it, not the tests' build.
 * `userAgent`: what every request says, a page's beacons sent as it goes away included (a
 * context's user agent is not theirs: they say HeadlessChrome, a robot to the edge).
 */
export function launchBrowser(options: { measure?: boolean; userAgent?: string } = {}): Promise<Browser> {
  const measuring = options.measure === true
  return chromium.launch({
    executablePath: measuring ? CHROMIUM : TEST_CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // Tests: no optimising JIT (TurboFan). A test's page lives seconds, too short for optimised
      // code to pay back its compiling on these 2-core machines: Chromium's CPU on keyboard and
      // viewer e2e fell 48-49 -> 40-41 s (wall 49-51 -> 43-46 s); the novels file, neutral.
      ...(measuring ? [] : ['--js-flags=--no-opt']),
      ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : []),
    ],
  })
}

/** A fetched response's headers for a body we rewrote: Playwright hands us the body decoded. */
function decodedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(content-encoding|content-length|etag)$/i.test(name)))
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/** The address of a reader on the site's own machine: SPEC §7's faketime hook answers only such callers (the debug clock). */
export const ON_THIS_MACHINE = '127.0.0.1'

let readers = 0
/** Addresses per test file: a file's contexts take them in turn (no file makes nearly this many). */
const ADDRESSES_PER_FILE = 1024

/**
 * This test file's block of addresses: its place among the e2e files. Each file has its own,
 * whichever worker runs it and whatever ran there before. (A worker's files once shared one block:
 * Jest loads this module afresh for each file, so the count started over, and the first contexts
 * of a worker's files were one reader to the API's per-address limits: 30 sign-ins in 15 minutes,
 * 30 comments in 10, 5 new guests an hour.)
 */
function fileBlock(): number {
  const testPath = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect?.getState?.().testPath
  if (testPath) {
    const files = fs
      .readdirSync(path.dirname(testPath))
      .filter((name) => name.endsWith('.e2e.ts'))
      .sort()
    const index = files.indexOf(path.basename(testPath))
    if (index >= 0) return index
  }
  // Outside a test file (a benchmark, globalSetup): past the files' blocks.
  return Math.floor(65_534 / ADDRESSES_PER_FILE) - 1
}

/** A new reader's address, in 198.18.0.0/15 (the benchmarking range), different for each context of a run. */
export function readerAddress(): string {
  readers += 1
  const n = ((fileBlock() * ADDRESSES_PER_FILE + (readers % ADDRESSES_PER_FILE)) % 65_534) + 1
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`
}

/**
 * A browser context on the test site. Home popups (modal, SPEC §3) are left out of the home
 * response unless a test asks for them, so they never cover what another test clicks.
 */
export async function newContext(
  browser: Browser,
  options: {
    locale?: string
    viewport?: { width: number; height: number }
    popups?: boolean
    baseURL?: string
    timezoneId?: string
    userAgent?: string
    /** False: a browser without JavaScript (what the edge draws must read without it, issue 13). */
    javaScript?: boolean
    /** The reader's address as the site sees it (site.ts READERS_ADDRESSES); by default one of its own. */
    address?: string
    /** A touch screen: taps (page.touchscreen) give touch pointer events, as on a phone. */
    touch?: boolean
  } = {},
): Promise<BrowserContext> {
  const baseURL = options.baseURL ?? readSite().baseURL
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': options.address ?? readerAddress() },
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? DESKTOP,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.javaScript === false ? { javaScriptEnabled: false } : {}),
    ...(options.touch ? { hasTouch: true } : {}),
  })
  // Without JavaScript nothing hydrates: the page as drawn is the page.
  if (options.javaScript !== false) context.on('page', waitsForHydration)
  if (!options.popups) {
    // The edge writes the first page's home answer into the page (koma-boot): drop its popups there too.
    await context.route(
      (url) => !/^\/(api|host|remotes)\/|\.\w+$/.test(url.pathname),
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback()
        try {
          const response = await route.fetch()
          const html = await response.text()
          const body = html.replace(
            /(<script type="application\/json" id="koma-boot">)(.*?)(<\/script>)/s,
            (_all, open: string, json: string, close: string) => {
              const boot = JSON.parse(json) as { results?: Record<string, { popups?: unknown[] }> }
              for (const [key, result] of Object.entries(boot.results ?? {})) if (/^\/(ja|en|fr)\/home$/.test(key) && result) result.popups = []
              return open + JSON.stringify(boot).replace(/</g, '\\u003c') + close
            },
          )
          await route.fulfill({ status: response.status(), headers: decodedHeaders(response.headers()), body })
        } catch {
          await route.abort().catch(() => undefined)
        }
      },
    )
    await context.route(/\/api\/(ja|en|fr)\/home(\/mature)?$/, async (route) => {
      try {
        const response = await route.fetch()
        const body = (await response.json()) as { result?: { popups?: unknown[] } }
        if (body.result) body.result.popups = []
        await route.fulfill({ status: response.status(), headers: decodedHeaders(response.headers()), json: body })
      } catch {
        // The page or context closed while the request was in flight.
        await route.abort().catch(() => undefined)
      }
    })
  }
  return context
}

/**
 * A page the edge drew (issue 13: `<div id="root" data-drawn>`) shows everything before its app
 * has started; its buttons answer once the app has hydrated it (`data-hydrated`). A reader waits
 * a moment; a test would click too soon. So every navigation a test makes (goto, reload, back,
 * forward) also waits until a drawn page is hydrated.
 */
export function hydrated(page: Page, timeoutMs = 30_000): Promise<unknown> {
  return page.waitForFunction(
    () => {
      const root = document.getElementById('root')
      return !root?.hasAttribute('data-drawn') || root.hasAttribute('data-hydrated')
    },
    undefined,
    { timeout: timeoutMs },
  )
}

function waitsForHydration(page: Page): void {
  watchConsole(page)
  // A page that never reaches the address a test waits for says what it shows instead.
  const waitForURL = page.waitForURL.bind(page) as (...args: unknown[]) => Promise<void>
  Object.assign(page, {
    waitForURL: (...args: unknown[]) =>
      waitForURL(...args).catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await describePage(page)}`)
      }),
  })
  describesLocatorWaits(page)
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args)
        await hydrated(page)
        return response
      },
    })
  }
}

let locatorWaitsDescribed = false

/**
 * A locator's `waitFor` that times out says what its page shows instead (describePage): patched
 * once on Playwright's Locator class, which every page's locators share.
 */
function describesLocatorWaits(page: Page): void {
  if (locatorWaitsDescribed) return
  locatorWaitsDescribed = true
  const prototype = Object.getPrototypeOf(page.locator('body')) as { waitFor: (this: Locator, ...args: unknown[]) => Promise<void> }
  const waitFor = prototype.waitFor
  prototype.waitFor = function (this: Locator, ...args: unknown[]) {
    return waitFor.apply(this, args).catch(async (error: Error) => {
      if (!/Timeout/.test(error.message)) throw error
      throw new Error(`${error.message}\n${await describePage(this.page())}`)
    })
  }
}

/** Collect page errors, and anything the site's Content-Security-Policy refused, so a test can assert the page ran clean. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    // And a page the edge drew that could not be hydrated as drawn (issue 13: host/src/bootstrap.tsx).
    if (message.type() === 'error' && /Content Security Policy|could not be hydrated/.test(message.text())) errors.push(message.text())
  })
  return errors
}

/**
 * What a page shows and where its focus is, for a failure message: a test that waits in vain says
 * what the page was doing instead (its address, the focused element, open dialogs, the first words
 * on screen, and the console's recent warnings collected by `watchConsole`).
 */
export async function describePage(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => {
      const active = document.activeElement
      const named = (element: Element | null) =>
        element
          ? `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}`
          : 'none'
      const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [data-testid="new-version"]')].map((element) =>
        (element.textContent ?? '').trim().slice(0, 120),
      )
      return { focus: named(active), dialogs, text: (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 300) }
    })
    .catch((error: Error) => ({ focus: '?', dialogs: [] as string[], text: `(page not readable: ${error.message})` }))
  const warnings = (consoleLines.get(page) ?? []).slice(-10)
  const now = Date.now()
  // API calls first (a stalled one is what a wait usually waits on), then the rest, oldest first.
  const rank = (request: PageRequest) => (/\/api\/(?!image\/)/.test(new URL(request.url()).pathname) ? 0 : 1)
  const entries = [...(inFlight.get(page)?.entries() ?? [])].sort(([a, since], [b, other]) => rank(a) - rank(b) || since - other)
  const pending = entries.map(([request, since]) => {
    const url = new URL(request.url())
    return `${request.method()} ${url.pathname} (${now - since} ms)`
  })
  return [
    `the page is ${page.url()}`,
    `focus: ${state.focus}`,
    `dialogs: ${JSON.stringify(state.dialogs)}`,
    `text: ${state.text}`,
    `console: ${JSON.stringify(warnings)}`,
    `requests in flight: ${JSON.stringify(pending.slice(0, 10))}`,
  ].join('\n')
}

const consoleLines = new WeakMap<Page, string[]>()
/** The page's requests not yet answered, and since when (a wait that times out on a stalled call says so). */
const inFlight = new WeakMap<Page, Map<PageRequest, number>>()

/** Keeps the page's console warnings and errors, and its requests not yet answered, for `describePage`. */
export function watchConsole(page: Page): void {
  const requests = new Map<PageRequest, number>()
  inFlight.set(page, requests)
  page.on('request', (request) => void requests.set(request, Date.now()))
  page.on('requestfinished', (request) => void requests.delete(request))
  page.on('requestfailed', (request) => void requests.delete(request))
  const lines: string[] = []
  consoleLines.set(page, lines)
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return
    // Chromium's note on every Readium frame (sandboxed with scripts and same origin, as Readium
    // needs): a book's frames said it ten times and pushed every other line out.
    if (message.text().startsWith('An iframe which has both allow-scripts and allow-same-origin')) return
    lines.push(`${message.type()}: ${message.text().slice(0, 200)}`)
  })
}
