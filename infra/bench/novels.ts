import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { writeTestBooks, type TestBookKind } from '../e2e/fixtures/books'
import { launchBrowser, PHONE } from '../e2e/support/browser'
import { importBooks, type Imported } from '../e2e/support/importBooks'
import type { SiteInfo } from '../e2e/support/site'

/**
 * Novel reader benchmarks (issue 12), on the generated test books: a 2,000-document book and a
 * vertical Japanese novel on a phone. From navigation: the first readable page (a book frame
 * showing text), "ready" (the reader's state), and the bytes received before that first page.
 */
const BOOKS: TestBookKind[] = ['big-2000', 'vertical-ja']

/** Import the books into the data folder (its PGlite database, migrated and seeded by the import when new), before the API opens it. */
export function importNovels(dataDir: string): Map<TestBookKind, Imported> {
  const written = writeTestBooks(path.join(dataDir, 'bench-books'), BOOKS)
  const imported = importBooks(
    { DATA_DIR: dataDir },
    written.map((book) => book.file),
  )
  fs.rmSync(path.join(dataDir, 'bench-books'), { recursive: true, force: true })
  return new Map(
    written.map((book, index) => {
      const one = imported[index]
      if (!one) throw new Error(`the importer reported ${imported.length} books for ${written.length} files`)
      return [book.kind, one]
    }),
  )
}

interface OpenFigures {
  firstPageMs: number
  readyMs: number
  bytesBeforeFirstPage: number
}

async function openBook(browser: Browser, site: SiteInfo, url: string): Promise<OpenFigures | null> {
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: PHONE, deviceScaleFactor: 2, locale: 'en-US', isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  let received = 0
  await cdp.send('Network.enable')
  cdp.on('Network.dataReceived', (event: { encodedDataLength: number }) => {
    received += event.encodedDataLength
  })
  cdp.on('Network.responseReceived', (event: { response: { encodedDataLength?: number } }) => {
    received += event.response.encodedDataLength ?? 0
  })
  try {
    await page.goto(url, { waitUntil: 'commit' })
    let firstPageMs = -1
    let bytesBeforeFirstPage = 0
    const deadline = Date.now() + 60_000
    // Poll each animation frame or so: the first moment a book frame is visible with its text.
    while (firstPageMs < 0 && Date.now() < deadline) {
      const at = await page
        .evaluate(
          `(() => {
          for (const frame of document.querySelectorAll('[data-testid="epub-frame"] iframe')) {
            const style = getComputedStyle(frame)
            const body = frame.contentDocument && frame.contentDocument.body
            if (style.visibility === 'visible' && Number(style.opacity) > 0.9 && body && body.innerText.trim().length > 0) return performance.now()
          }
          return -1
        })()`,
        )
        .catch(() => -1)
      if ((at as number) >= 0) {
        firstPageMs = at as number
        bytesBeforeFirstPage = received
      } else await page.waitForTimeout(16)
    }
    await page.waitForSelector('[data-testid="epub-reader"][data-state="ready"]', { timeout: 60_000 })
    const readyMs = (await page.evaluate('performance.now()')) as number
    return firstPageMs < 0 ? null : { firstPageMs, readyMs: Math.max(firstPageMs, readyMs), bytesBeforeFirstPage }
  } catch {
    return null
  } finally {
    await context.close()
  }
}

function median(values: number[]): number {
  const middle = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  if (middle === undefined) throw new Error('no figures to take the median of')
  return middle
}

export async function measureNovels(site: SiteInfo, books: Map<TestBookKind, Imported>): Promise<void> {
  const browser = await launchBrowser({ measure: true })
  try {
    console.log(
      '\n## Novels: navigation to first readable page and to ready, bytes received before the first page; phone 390 × 844 @2x, signed out, median of 3',
    )
    for (const kind of BOOKS) {
      const book = books.get(kind)
      if (!book) continue
      const runs: OpenFigures[] = []
      for (let i = 0; i < 3; i++) {
        const figures = await openBook(browser, site, `/en/comic/${book.contentId}/chapter/${book.chapterId}/product`)
        if (figures) runs.push(figures)
      }
      if (runs.length === 0) {
        console.log(`${kind.padEnd(14)} (the book did not open)`)
        continue
      }
      const first = median(runs.map((run) => run.firstPageMs))
      const ready = median(runs.map((run) => run.readyMs))
      const bytes = median(runs.map((run) => run.bytesBeforeFirstPage))
      console.log(
        `${kind.padEnd(14)} first page ${first.toFixed(0).padStart(6)} ms   ready ${ready.toFixed(0).padStart(6)} ms   ${(bytes / 1024).toFixed(1).padStart(8)} kB before the first page`,
      )
    }
  } finally {
    await browser.close()
  }
}

/** `npx tsx infra/bench/novels.ts <baseURL> <contentId>:<chapterId>…`: the same figures against a running site. */
if (process.argv[1] && /bench[\\/]novels\.ts$/.test(process.argv[1])) {
  const usage = `usage: npx tsx infra/bench/novels.ts <baseURL> <contentId>:<chapterId>… (one pair per book: ${BOOKS.join(', ')})`
  const [baseURL, ...pairs] = process.argv.slice(2)
  if (baseURL === undefined || pairs.length > BOOKS.length) throw new Error(usage)
  const books = new Map<TestBookKind, Imported>()
  for (const [kind, pair] of BOOKS.map((kind, index) => [kind, pairs[index]] as const)) {
    if (pair === undefined) break
    const [contentId, chapterId] = pair.split(':').map(Number)
    if (contentId === undefined || chapterId === undefined) throw new Error(usage)
    books.set(kind, { target: pair, contentId, chapterId })
  }
  void measureNovels({ baseURL, dataDir: '', edgeDir: '', apiUrl: '', pids: [] }, books)
}
