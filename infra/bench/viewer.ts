import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { Browser, Page } from 'playwright-core'
import { chapterOf, findTitle, type ContentJson } from '../e2e/support/api'
import { launchBrowser, PHONE } from '../e2e/support/browser'
import { repoRoot, type SiteInfo } from '../e2e/support/site'

/**
 * Reading benchmarks (issue 4): time from navigation to the first page painted (element
 * timing) for a vertical, a paged and an EPUB chapter; peak JS heap and decoded images held
 * while scrolling a 200-image chapter; frames over 50 ms while scrolling. Figures only.
 */

export const LONG_CHAPTER_IMAGES = 200

/** A folder of 200 distinct strip images (JPEG, 720 × 1600: tall, so the importer makes a vertical strip), for the import command. */
export async function makeLongChapter(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-strip-'))
  for (let i = 0; i < LONG_CHAPTER_IMAGES; i++) {
    const hue = (i * 37) % 360
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1600"><rect width="720" height="1600" fill="hsl(${hue},55%,80%)"/><circle cx="${180 + (i % 5) * 90}" cy="${300 + (i % 7) * 80}" r="${90 + (i % 4) * 20}" fill="hsl(${(hue + 180) % 360},60%,45%)"/><rect x="60" y="1260" width="600" height="220" rx="40" fill="#fff"/><text x="360" y="1400" font-size="96" text-anchor="middle" font-family="sans-serif">${i + 1}</text></svg>`
    await sharp(Buffer.from(svg))
      .jpeg({ quality: 80 })
      .toFile(path.join(folder, `${String(i + 1).padStart(3, '0')}.jpg`))
  }
  return folder
}

/** Seed a data folder and import the long chapter into it (before the API opens it). */
export function importLongChapter(dataDir: string, folder: string): { contentId: number; chapterId: number } {
  const result = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['infra/api/src/cli/import.ts', folder], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
  const line = `${result.stdout}`.split('\n').find((text) => text.startsWith('KOMA_IMPORTED '))
  if (!line) throw new Error(`import failed:\n${result.stdout}${result.stderr}`)
  return JSON.parse(line.slice('KOMA_IMPORTED '.length)) as { contentId: number; chapterId: number }
}

/**
 * Records element-timing entries in the page. The EPUB's text lives in Readium's frames: there
 * the probe records the animation frame in which a book frame first shows its content.
 */
const PAINT_PROBE = `(() => {
  if (window !== window.top) return
  const paints = (window.__komaPaints = [])
  new PerformanceObserver((list) => { for (const e of list.getEntries()) paints.push(e.renderTime || e.loadTime) }).observe({ type: 'element', buffered: true })
  const watch = (now) => {
    for (const frame of document.querySelectorAll('[data-testid="epub-frame"] iframe')) {
      const style = getComputedStyle(frame)
      const body = frame.contentDocument && frame.contentDocument.body
      const shown = body && (body.innerText.trim().length > 0 || body.querySelector('img, svg, image'))
      if (style.visibility === 'visible' && Number(style.opacity) > 0.9 && shown) { paints.push(now); return }
    }
    if (paints.length === 0) requestAnimationFrame(watch)
  }
  requestAnimationFrame(watch)
})()`

async function firstPaint(browser: Browser, site: SiteInfo, url: string): Promise<number | null> {
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: PHONE, deviceScaleFactor: 2, locale: 'en-US' })
  await context.addInitScript(PAINT_PROBE)
  const page = await context.newPage()
  try {
    await page.goto(url)
    await page.waitForFunction(() => ((window as unknown as { __komaPaints?: number[] }).__komaPaints ?? []).length > 0, undefined, { timeout: 30_000 })
    return await page.evaluate(() => Math.min(...(window as unknown as { __komaPaints: number[] }).__komaPaints))
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

interface ScrollFigures {
  peakHeapMb: number
  peakDecodedImages: number
  imagesInChapter: number
  framesOver50: number
  frames: number
}

/** Scroll a chapter top to bottom like a reader's flick, sampling heap and decoded images. */
async function scrollChapter(browser: Browser, site: SiteInfo, url: string): Promise<ScrollFigures> {
  const context = await browser.newContext({ baseURL: site.baseURL, viewport: PHONE, deviceScaleFactor: 2, locale: 'en-US', isMobile: true, hasTouch: true })
  const page: Page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  await page.goto(url)
  await page.getByTestId('vertical-strip').waitFor()
  const bands = await page.getByTestId('strip-band').count()
  // A string, not a function: the bundler's helpers do not exist in the page.
  await page.evaluate(`(() => {
    const state = { last: performance.now(), over: 0, frames: 0, running: true }
    window.__frames = state
    const tick = (now) => {
      if (!state.running) return
      if (now - state.last > 50) state.over++
      state.frames++
      state.last = now
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })()`)
  let peakHeap = 0
  let peakDecoded = 0
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0; y < height; y += 900) {
    await page.mouse.wheel(0, 900)
    await page.waitForTimeout(120)
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
    peakHeap = Math.max(peakHeap, metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0)
    const decoded = await page.evaluate(() => [...document.querySelectorAll('img')].filter((image) => image.complete && image.naturalWidth > 0).length)
    peakDecoded = Math.max(peakDecoded, decoded)
  }
  const frames = await page.evaluate(() => {
    const state = (window as unknown as { __frames: { over: number; frames: number; running: boolean } }).__frames
    state.running = false
    return { over: state.over, frames: state.frames }
  })
  await context.close()
  return { peakHeapMb: peakHeap / 1024 / 1024, peakDecodedImages: peakDecoded, imagesInChapter: bands, framesOver50: frames.over, frames: frames.frames }
}

export async function measureViewer(site: SiteInfo, longChapter: { contentId: number; chapterId: number }): Promise<void> {
  const browser = await launchBrowser({ measure: true })
  try {
    const firstFree = (t: ContentJson): boolean => t.chapters[0]?.salesConfig.free === true
    const vertical = await findTitle((t) => t.orientation === 'vertical' && !t.mature && firstFree(t) && t.chapterFileFormat === 'image')
    const paged = await findTitle((t) => t.orientation === 'paged' && t.readingDirection === 'rtl' && t.chapterFileFormat === 'image' && firstFree(t))
    const novel = await findTitle((t) => t.chapterFileFormat === 'epub' && firstFree(t))
    const targets: [string, string][] = [
      ['vertical chapter', `/en/comic/${vertical.id}/chapter/${chapterOf(vertical).id}/product`],
      ['paged chapter (rtl)', `/en/${paged.type}/${paged.id}/chapter/${chapterOf(paged).id}/product`],
      ['EPUB chapter', `/en/comic/${novel.id}/chapter/${chapterOf(novel).id}/product`],
    ]
    console.log('\n## Reading: navigation to first page painted (element timing; EPUB: first frame showing the book), phone 390 × 844 @2x, median of 3')
    for (const [name, url] of targets) {
      const runs: number[] = []
      for (let i = 0; i < 3; i++) {
        const at = await firstPaint(browser, site, url)
        if (at !== null) runs.push(at)
      }
      console.log(
        `${name.padEnd(22)} ${runs.length ? `${median(runs).toFixed(0).padStart(6)} ms` : '  (no paint recorded)'}  (runs: ${runs.map((run) => run.toFixed(0)).join(', ')})`,
      )
    }
    const figures = await scrollChapter(browser, site, `/en/comic/${longChapter.contentId}/chapter/${longChapter.chapterId}/product`)
    console.log(`\n## Reading: scrolling a ${LONG_CHAPTER_IMAGES}-image vertical chapter top to bottom (phone @2x)`)
    console.log(`peak JS heap            ${figures.peakHeapMb.toFixed(1)} MB`)
    console.log(`peak decoded images     ${figures.peakDecodedImages} of ${figures.imagesInChapter} in the chapter`)
    console.log(`frames over 50 ms       ${figures.framesOver50} of ${figures.frames}`)
  } finally {
    await browser.close()
  }
}
