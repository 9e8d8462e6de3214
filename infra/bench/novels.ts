import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { writeTestBooks, type TestBookKind } from '../e2e/fixtures/books'
import { DESKTOP, launchBrowser, PHONE } from '../e2e/support/browser'
import { importBooks, type Imported } from '../e2e/support/importBooks'
import type { SiteInfo } from '../e2e/support/site'

/**
 * Novel reader benchmarks (issues 12 and 39): the generated test books (a 2,000-document book, a
 * vertical Japanese novel) and the real publications in shared/epub-samples (Moby-Dick, the
 * vertical Japanese Kusamakura, the fixed-layout French Page blanche). From navigation start: the
 * first readable page (a book frame visibly showing its text), "ready" (the reader's state), and
 * what was received before that first page (all bytes; JavaScript alone, transferred), under the
 * profiles issue 39 names: phone and desktop at 1× CPU, phone at 4× CPU, phone on a 40 ms /
 * 1.25 MB/s network. Signed out, fresh context each run.
 *
 * Beside each real publication, the same figures for foliate-js (npm `foliate-js`, its demo reader
 * unbuilt, served uncompressed from node_modules with the same file): the open-source web reader
 * issue 39 measures Koma against, side by side in one run, with the same probe.
 */
const GENERATED: TestBookKind[] = ['big-2000', 'vertical-ja']
const SAMPLES = {
  'moby-dick': 'moby-dick.epub',
  kusamakura: 'kusamakura-japanese-vertical-writing.epub',
  'page-blanche': 'page-blanche.epub',
} as const
const SAMPLES_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'epub-samples')

export type NovelBooks = Map<string, Imported>

/** Import the books into the data folder (its PGlite database, migrated and seeded by the import when new), before the API opens it. */
export function importNovels(dataDir: string): NovelBooks {
  const written = writeTestBooks(path.join(dataDir, 'bench-books'), GENERATED)
  const samples = Object.entries(SAMPLES)
    .map(([name, file]) => ({ kind: name, file: path.join(SAMPLES_DIR, file) }))
    .filter((book) => fs.existsSync(book.file))
  const books = [...written.map((book) => ({ kind: book.kind as string, file: book.file })), ...samples]
  const imported = importBooks(
    { DATA_DIR: dataDir },
    books.map((book) => book.file),
  )
  fs.rmSync(path.join(dataDir, 'bench-books'), { recursive: true, force: true })
  return new Map(
    books.map((book, index) => {
      const one = imported[index]
      if (!one) throw new Error(`the importer reported ${imported.length} books for ${books.length} files`)
      return [book.kind, one]
    }),
  )
}

interface Profile {
  name: string
  viewport: { width: number; height: number }
  cpu: number
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number }
  runs: number
}

const PROFILES: Profile[] = [
  { name: '390×844, 1× CPU', viewport: PHONE, cpu: 1, runs: 5 },
  { name: '1280×800, 1× CPU', viewport: DESKTOP, cpu: 1, runs: 5 },
  { name: '390×844, 4× CPU', viewport: PHONE, cpu: 4, runs: 3 },
  {
    name: '390×844, 40 ms / 1.25 MB/s',
    viewport: PHONE,
    cpu: 1,
    network: { latency: 40, downloadThroughput: 1.25 * 1024 * 1024, uploadThroughput: 1.25 * 1024 * 1024 },
    runs: 3,
  },
]

interface OpenFigures {
  firstPageMs: number
  readyMs: number
  bytesBeforeFirstPage: number
  scriptBytesBeforeFirstPage: number
  scriptsBeforeFirstPage: number
}

/**
 * In the page: the moment a book frame first shows its text or an image, visible (the frame itself
 * opaque, no ancestor hidden), found in open shadow roots too; polled each frame in the page so the
 * figure is the page's own clock, not this process's polling. -1 past the deadline.
 */
const firstPageProbe = (deadlineMs: number) => `new Promise((resolve) => {
  const deadline = performance.now() + ${deadlineMs}
  const frames = (root, out) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.tagName === 'IFRAME') out.push(element)
      if (element.shadowRoot) frames(element.shadowRoot, out)
    }
    return out
  }
  const look = () => {
    for (const frame of frames(document, [])) {
      let body = null
      try { body = frame.contentDocument && frame.contentDocument.body } catch (error) { body = null }
      if (!body || !(body.innerText.trim().length > 0 || body.querySelector('img, svg, image'))) continue
      if (!frame.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || Number(getComputedStyle(frame).opacity) <= 0.9) continue
      if (frame.getBoundingClientRect().width > 0) return resolve(performance.now())
    }
    if (performance.now() > deadline) return resolve(-1)
    requestAnimationFrame(look)
  }
  look()
})`

/** foliate-js keeps its elements' shadow roots closed: the peer's pages open them, so the probe finds its frames. */
const OPEN_SHADOW_ROOTS = `{
  const attach = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) { return attach.call(this, Object.assign({}, init, { mode: 'open' })) }
}`

/** Koma's page (its reader's ready state awaited too), or the peer's (`peer`: no app of ours, shadow roots opened). */
async function openBook(browser: Browser, site: SiteInfo, url: string, profile: Profile, peer = false): Promise<OpenFigures | null> {
  const context = await browser.newContext({
    baseURL: site.baseURL,
    viewport: profile.viewport,
    deviceScaleFactor: 2,
    locale: 'en-US',
    isMobile: profile.viewport.width < 800,
    hasTouch: profile.viewport.width < 800,
  })
  if (peer) await context.addInitScript(OPEN_SHADOW_ROOTS)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  let received = 0
  const scripts = new Set<string>()
  let scriptBytes = 0
  await cdp.send('Network.enable')
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network })
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu })
  cdp.on('Network.responseReceived', (event: { requestId: string; type?: string }) => {
    if (event.type === 'Script') scripts.add(event.requestId)
  })
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    received += event.encodedDataLength
    if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength
  })
  let finishedScripts = 0
  cdp.on('Network.loadingFinished', (event: { requestId: string }) => {
    if (scripts.has(event.requestId)) finishedScripts += 1
  })
  try {
    await page.goto(url, { waitUntil: 'commit' })
    // The peer's trial opening (measureNovels) gives up sooner: a book it cannot open shows nothing.
    const firstPageMs = (await page.evaluate(firstPageProbe(peer ? 20_000 : 60_000))) as number
    const figures = { bytesBeforeFirstPage: received, scriptBytesBeforeFirstPage: scriptBytes, scriptsBeforeFirstPage: finishedScripts }
    if (peer) return firstPageMs < 0 ? null : { firstPageMs, readyMs: firstPageMs, ...figures }
    await page.waitForSelector('[data-testid="epub-reader"][data-state="ready"]', { timeout: 60_000 })
    const readyMs = (await page.evaluate('performance.now()')) as number
    return firstPageMs < 0 ? null : { firstPageMs, readyMs: Math.max(firstPageMs, readyMs), ...figures }
  } catch {
    return null
  } finally {
    await context.close()
  }
}

/** foliate-js's folder (its demo reader: reader.html and its modules, unbuilt), or null when it is not installed. */
function peerFolder(): string | null {
  try {
    return path.dirname(require.resolve('foliate-js/reader.js'))
  } catch {
    return null
  }
}

const PEER_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.epub': 'application/epub+zip' }

/** Serves foliate-js's folder and, under /books/, the sample publications: plain files, uncompressed, on 127.0.0.1. */
async function servePeer(folder: string): Promise<{ baseURL: string; close(): void }> {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://peer')
    const book = pathname.startsWith('/books/')
    const root = book ? SAMPLES_DIR : folder
    const file = path.resolve(root, `.${book ? pathname.slice('/books'.length) : pathname}`)
    if (!file.startsWith(root + path.sep)) return void response.writeHead(404).end()
    fs.readFile(file, (error, data) => {
      if (error) return void response.writeHead(404).end()
      response.writeHead(200, { 'content-type': PEER_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' }).end(data)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

function median(values: number[]): number {
  const middle = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  if (middle === undefined) throw new Error('no figures to take the median of')
  return middle
}

export async function measureNovels(site: SiteInfo, books: NovelBooks): Promise<void> {
  const browser = await launchBrowser({ measure: true })
  const only = process.env.KOMA_BENCH_BOOKS?.split(',')
  const folder = peerFolder()
  const peer = folder ? await servePeer(folder) : null
  try {
    // Each book opened three times first, not counted: the first runs after the site starts
    // measured its cold processes (the edge's and the API's code not yet compiled, their caches
    // empty), which no reader of a running site meets. One opening each was not enough: the first
    // profile's first book still measured 760-930 ms against 540-620 ms in the runs after (stop 49).
    for (let round = 0; round < 3; round++)
      for (const [kind, book] of books) {
        if (only && !only.includes(kind)) continue
        await openBook(browser, site, `/en/comic/${book.contentId}/chapter/${book.chapterId}/product`, PROFILES[0]!)
      }
    // The peer's pages for the real publications it opens (one trial opening each).
    const peerPages = new Map<string, string>()
    for (const [kind, file] of Object.entries(SAMPLES)) {
      if (!peer || !books.has(kind) || (only && !only.includes(kind))) continue
      const url = `${peer.baseURL}/reader.html?url=/books/${file}`
      if (await openBook(browser, site, url, PROFILES[0]!, true)) peerPages.set(kind, url)
      else console.log(`foliate-js shows nothing of ${kind} (its demo reader cannot open it): no side-by-side figures for it`)
    }
    const profiles = process.env.KOMA_BENCH_PROFILES?.split(',').map(Number)
    for (const [index, profile] of PROFILES.entries()) {
      if (profiles && !profiles.includes(index + 1)) continue
      console.log(
        `\n## Novels, ${profile.name}: navigation to the first readable page and to ready; received before the first page (all, and JavaScript); signed out, median of ${profile.runs}`,
      )
      for (const [kind, book] of books) {
        if (only && !only.includes(kind)) continue
        const runs: OpenFigures[] = []
        for (let i = 0; i < profile.runs; i++) {
          const figures = await openBook(browser, site, `/en/comic/${book.contentId}/chapter/${book.chapterId}/product`, profile)
          if (figures) runs.push(figures)
        }
        if (runs.length === 0) {
          console.log(`${kind.padEnd(14)} (the book did not open)`)
          continue
        }
        const first = median(runs.map((run) => run.firstPageMs))
        const ready = median(runs.map((run) => run.readyMs))
        const bytes = median(runs.map((run) => run.bytesBeforeFirstPage))
        const js = median(runs.map((run) => run.scriptBytesBeforeFirstPage))
        const files = median(runs.map((run) => run.scriptsBeforeFirstPage))
        console.log(
          `${kind.padEnd(14)} first page ${first.toFixed(0).padStart(6)} ms   ready ${ready.toFixed(0).padStart(6)} ms   ${(bytes / 1024).toFixed(1).padStart(8)} kB before it, JavaScript ${(js / 1024).toFixed(1).padStart(6)} kB in ${files} files`,
        )
        const peerPage = peerPages.get(kind)
        if (!peerPage) continue
        const peerRuns: OpenFigures[] = []
        for (let i = 0; i < profile.runs; i++) {
          const figures = await openBook(browser, site, peerPage, profile, true)
          if (figures) peerRuns.push(figures)
        }
        if (peerRuns.length === 0) {
          console.log(`  foliate-js   (did not open)`)
          continue
        }
        const peerFirst = median(peerRuns.map((run) => run.firstPageMs))
        const peerBytes = median(peerRuns.map((run) => run.bytesBeforeFirstPage))
        const peerJs = median(peerRuns.map((run) => run.scriptBytesBeforeFirstPage))
        const peerFiles = median(peerRuns.map((run) => run.scriptsBeforeFirstPage))
        console.log(
          `  foliate-js   first page ${peerFirst.toFixed(0).padStart(6)} ms                    ${(peerBytes / 1024).toFixed(1).padStart(8)} kB before it, JavaScript ${(peerJs / 1024).toFixed(1).padStart(6)} kB in ${peerFiles} files   Koma ÷ foliate-js ${(first / peerFirst).toFixed(2)}`,
        )
      }
    }
  } finally {
    peer?.close()
    await browser.close()
  }
}

/** `npx tsx infra/bench/novels.ts <baseURL> <name>=<contentId>:<chapterId>…`: the same figures against a running site. */
if (process.argv[1] && /bench[\\/]novels\.ts$/.test(process.argv[1])) {
  const usage = 'usage: npx tsx infra/bench/novels.ts <baseURL> <name>=<contentId>:<chapterId>…'
  const [baseURL, ...pairs] = process.argv.slice(2)
  if (baseURL === undefined || pairs.length === 0) throw new Error(usage)
  const books: NovelBooks = new Map()
  for (const pair of pairs) {
    const [name, target] = pair.split('=')
    const [contentId, chapterId] = (target ?? '').split(':').map(Number)
    if (!name || !target || !Number.isInteger(contentId) || !Number.isInteger(chapterId)) throw new Error(usage)
    books.set(name, { target, contentId: contentId!, chapterId: chapterId! })
  }
  void measureNovels({ baseURL, dataDir: '', edgeDir: '', apiUrl: '', pids: [] }, books)
}
