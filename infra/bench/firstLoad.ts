import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { hydrated, launchBrowser, readerAddress } from '../e2e/support/browser'
import { SEEDED_READER } from '../e2e/support/members'
import type { SiteInfo } from '../e2e/support/site'

interface Manifest {
  shared?: { assets?: { js?: { sync?: string[]; async?: string[] } } }[]
}

/** Every JS file a federation manifest lists as belonging to a shared module, by folder. */
function sharedFiles(versionDir: string): Set<string> {
  const files = new Set<string>()
  const file = path.join(versionDir, 'mf-manifest.json')
  if (!fs.existsSync(file)) return files
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
  for (const shared of manifest.shared ?? []) for (const asset of [...(shared.assets?.js?.sync ?? []), ...(shared.assets?.js?.async ?? [])]) files.add(asset)
  return files
}

export interface FirstLoad {
  path: string
  groups: Record<string, { files: number; gzip: number; br: number; raw: number }>
  remotes: string[]
}

/**
 * Load a page in Chromium and sum the JavaScript it downloaded, compressed as the edge serves it:
 * the version folder's precompressed `.br` and `.gz` files (brotli 11, Zopfli), the file itself
 * where the edge keeps none (under 1 kB); split into the host shell, remotes and shared libraries.
 */
/**
 * Asks for the page until the edge sends it drawn (at most 20 times). The edge draws a visitor's
 * page within 400 ms or leaves it to the browser; the first drawing after the edge starts runs
 * on cold code and can miss that, and an undrawn page loads more (axios, for the API calls the
 * edge did not answer). The figures are the drawn page's, which every later reader gets.
 */
async function untilDrawn(url: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const html = await (await fetch(url, { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text()
    if (html.includes('data-drawn')) return
  }
}

export async function measureFirstLoad(site: SiteInfo, pagePath: string): Promise<FirstLoad> {
  await untilDrawn(site.baseURL + pagePath)
  const browser = await launchBrowser({ measure: true })
  const page = await browser.newPage()
  const bodies: { url: string; body: Buffer }[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return
    try {
      bodies.push({ url: url.pathname, body: await response.body() })
    } catch {
      /* a navigation cancelled it */
    }
  })
  await page.goto(site.baseURL + pagePath, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  await browser.close()

  const groups: FirstLoad['groups'] = {}
  const remotes = new Set<string>()
  /** The bytes the edge sends for this file in this encoding: its precompressed variant, else the file. */
  const served = (url: string, body: Buffer, encoding: 'gz' | 'br', compress: (body: Buffer) => Buffer): number => {
    const file = path.join(site.edgeDir, ...url.split('/').filter(Boolean)) + `.${encoding}`
    if (fs.existsSync(file)) return fs.statSync(file).size
    return fs.existsSync(file.slice(0, -encoding.length - 1)) ? body.length : compress(body).length
  }
  const add = (group: string, url: string, body: Buffer) => {
    const entry = (groups[group] ??= { files: 0, gzip: 0, br: 0, raw: 0 })
    entry.files += 1
    entry.raw += body.length
    entry.gzip += served(url, body, 'gz', (raw) => gzipSync(raw, { level: 9 }))
    entry.br += served(url, body, 'br', (raw) =>
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    )
  }
  for (const { url, body } of bodies) {
    // Every group of these patterns is required: a match has them all.
    const [, hostVersion, hostFile] = /^\/host\/([^/]+)\/(.+)$/.exec(url) ?? []
    const [, folder, version, file] = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/.exec(url) ?? []
    if (hostVersion !== undefined && hostFile !== undefined) {
      const shared = sharedFiles(path.join(site.edgeDir, 'host', hostVersion))
      add(shared.has(hostFile) ? 'shared' : 'host', url, body)
    } else if (folder !== undefined && version !== undefined && file !== undefined) {
      remotes.add(folder)
      const shared = sharedFiles(path.join(site.edgeDir, 'remotes', folder, version))
      add(shared.has(file) ? 'shared' : `remote ${folder}`, url, body)
    } else add('other', url, body)
  }
  return { path: pagePath, groups, remotes: [...remotes] }
}

/** One script as Chromium received it: `encodedDataLength` of its `Network.loadingFinished` (status line, headers and body as sent). */
export interface ReceivedScript {
  url: string
  /** Everything received for it: what the budget counts. */
  encoded: number
  /** Of which the response's status line and headers (`Network.responseReceivedExtraInfo`). */
  headers: number
  encoding: string
}

export interface FirstLoadTransfer {
  path: string
  reader: 'visitor' | 'member'
  scripts: ReceivedScript[]
}

/** The issue 34 budget: first-load JavaScript of `/`, visitor and member, as Chromium receives it. */
export const FIRST_LOAD_BUDGET_KIB = 145

/**
 * Sums the script resources a page load receives, as Chromium counts them (CDP Network events:
 * `encodedDataLength`, headers included), until the page has hydrated and the network is idle.
 * A fresh context each time, so nothing comes from the HTTP cache.
 */
async function receivedScripts(context: BrowserContext, page: Page, url: string): Promise<ReceivedScript[]> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const scripts = new Map<string, { url: string; encoding: string; headers: number; encoded?: number }>()
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script' || !/^https?:/.test(event.response.url)) return
    const headers = event.response.headers as Record<string, string>
    const known = scripts.get(event.requestId)
    scripts.set(event.requestId, {
      url: new URL(event.response.url).pathname,
      encoding: headers['content-encoding'] ?? headers['Content-Encoding'] ?? 'identity',
      headers: known?.headers ?? 0,
    })
  })
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const known = scripts.get(event.requestId)
    const size = Buffer.byteLength(event.headersText ?? '')
    if (known) known.headers = size
    else scripts.set(event.requestId, { url: '', encoding: '', headers: size })
  })
  cdp.on('Network.loadingFinished', (event) => {
    const known = scripts.get(event.requestId)
    if (known) known.encoded = event.encodedDataLength
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  await cdp.detach()
  return [...scripts.values()]
    .filter((script): script is ReceivedScript => script.url !== '' && script.encoded !== undefined)
    .sort((a, b) => a.url.localeCompare(b.url))
}

/**
 * First-load JavaScript of `pagePath` for a visitor (a fresh browser) and for the seeded member
 * (signed in through the login screen in one context; the page then loads in a fresh context
 * holding that session's cookies and storage, so its HTTP cache is empty as a visitor's).
 */
export async function measureFirstLoadTransfer(site: Pick<SiteInfo, 'baseURL'>, pagePath = '/'): Promise<FirstLoadTransfer[]> {
  await untilDrawn(site.baseURL + pagePath)
  const browser = await launchBrowser({ measure: true })
  const options = { baseURL: site.baseURL, locale: 'en-US', viewport: { width: 390, height: 844 } }
  try {
    const visitor = await browser.newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': readerAddress() } })
    const visitorScripts = await receivedScripts(visitor, await visitor.newPage(), pagePath)
    await visitor.close()

    const signIn = await browser.newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': readerAddress() } })
    const login = await signIn.newPage()
    await login.goto('/en/login?redirect=%2Fen')
    await login.getByTestId('login').waitFor()
    await login.getByLabel('Email address').fill(SEEDED_READER.email)
    await login.getByLabel('Password', { exact: true }).fill(SEEDED_READER.password)
    await login.getByTestId('login-submit').click()
    await login.waitForURL((url) => url.pathname === '/en')
    const storageState = await signIn.storageState()
    await signIn.close()
    const member = await browser.newContext({ ...options, storageState, extraHTTPHeaders: { 'x-forwarded-for': readerAddress() } })
    const memberScripts = await receivedScripts(member, await member.newPage(), pagePath)
    await member.close()
    return [
      { path: pagePath, reader: 'visitor', scripts: visitorScripts },
      { path: pagePath, reader: 'member', scripts: memberScripts },
    ]
  } finally {
    await browser.close()
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

export function printFirstLoadTransfer(loads: FirstLoadTransfer[]): void {
  for (const load of loads) {
    const total = load.scripts.reduce((sum, script) => sum + script.encoded, 0)
    const headers = load.scripts.reduce((sum, script) => sum + script.headers, 0)
    console.log(`\n## First-load JavaScript of ${load.path}, ${load.reader}: as Chromium received it (encodedDataLength, headers included)`)
    for (const script of load.scripts)
      console.log(`${script.url.padEnd(60)} ${kib(script.encoded).padStart(10)}  (headers ${script.headers} B, ${script.encoding})`)
    console.log(
      `${'total'.padEnd(60)} ${kib(total).padStart(10)}  (${load.scripts.length} scripts, headers ${kib(headers)}; budget ${FIRST_LOAD_BUDGET_KIB} KiB: ${total / 1024 <= FIRST_LOAD_BUDGET_KIB ? 'within' : 'OVER'})`,
    )
  }
}
