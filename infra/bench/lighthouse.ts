import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Cookie } from 'playwright-core'
import { CHROMIUM, launchBrowser, newContext } from '../e2e/support/browser'
import { SEEDED_READER, signInAt } from '../e2e/support/members'
import { freePort } from '../e2e/support/site'

const run = promisify(execFile)
// The CLI in its own process: Lighthouse sends functions' source to the page, and tsx's
// transform would add helpers to them that the page does not have.
const CLI = path.join(__dirname, '..', '..', 'node_modules', 'lighthouse', 'cli', 'index.js')

/**
 * Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and 4x CPU
 * slowdown) on pages of the built site, several runs per page, the median run reported. Figures
 * only: the machine's load moves them by ±0.1, which is why the median of three is printed.
 */
export interface LighthouseRun {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
}

export interface LighthousePage {
  label: string
  url: string
  lang: 'en' | 'ja'
  runs: LighthouseRun[]
  median: LighthouseRun
}

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run']

function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance)
  const median = sorted[Math.floor(sorted.length / 2)]
  if (!median) throw new Error('Lighthouse: no runs to take the median of')
  return median
}

/**
 * One Lighthouse run in a fresh Chromium (cold cache), the reader's language set by --lang. Without
 * cookies Lighthouse starts its own Chromium (a visitor). With a member's cookies the Chromium is
 * ours, a fresh profile holding them as real cookies, and Lighthouse drives it by its debugging
 * port: an `extraHeaders` Cookie would reach the server but not `document.cookie`, where the page
 * reads the login-check cookie, so the page would start as a visitor's. Lighthouse clears the
 * cache and the origin's service workers before it loads, never cookies (its clearStorageTypes).
 */
async function runOnce(url: string, lang: 'en' | 'ja', cookies?: Cookie[]): Promise<LighthouseRun> {
  const language = `--lang=${lang === 'ja' ? 'ja-JP' : 'en-US'}`
  const common = ['--output=json', '--output-path=stdout', '--quiet', '--only-categories=performance,accessibility']
  let stdout: string
  if (!cookies) {
    const flags = [...FLAGS, language].join(' ')
    stdout = (
      await run(process.execPath, [CLI, url, ...common, `--chrome-flags=${flags}`], {
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        maxBuffer: 256 * 1024 * 1024,
      })
    ).stdout
  } else {
    const port = await freePort()
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-lighthouse-'))
    const own = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      // Lighthouse's own viewport and throttling apply once it drives the page.
      viewport: null,
      args: [...FLAGS.filter((flag) => flag !== '--headless=new'), language, `--remote-debugging-port=${port}`],
    })
    try {
      await own.addCookies(cookies)
      stdout = (await run(process.execPath, [CLI, url, ...common, `--port=${port}`], { env: process.env, maxBuffer: 256 * 1024 * 1024 })).stdout
    } finally {
      await own.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  }
  const lhr = JSON.parse(stdout) as { categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number }> }
  {
    const { categories, audits } = lhr
    return {
      // A category or audit missing from the report counts as 0, as Lighthouse's own null score does.
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    }
  }
}

export async function measureLighthouse(
  baseURL: string,
  pages: { label: string; path: string; lang: 'en' | 'ja' }[],
  runs = 3,
  cookies?: Cookie[],
): Promise<LighthousePage[]> {
  const results: LighthousePage[] = []
  for (const page of pages) {
    const url = baseURL + page.path
    const done: LighthouseRun[] = []
    for (let i = 0; i < runs; i++) done.push(await runOnce(url, page.lang, cookies))
    results.push({ label: page.label, url: page.path, lang: page.lang, runs: done, median: medianRun(done) })
  }
  return results
}

export function printLighthouse(pages: LighthousePage[]): void {
  console.log(`\n## Lighthouse ${'12.8'} mobile preset (median of ${pages[0]?.runs.length ?? 0} runs; perf of each run in brackets)`)
  console.log(
    `${'page'.padEnd(34)}${'lang'.padEnd(6)}${'perf'.padStart(5)}${'a11y'.padStart(6)}${'LCP ms'.padStart(8)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}  runs`,
  )
  for (const p of pages) {
    const m = p.median
    console.log(
      `${`${p.label} ${p.url}`.slice(0, 33).padEnd(34)}${p.lang.padEnd(6)}${String(m.performance).padStart(5)}${String(m.accessibility).padStart(6)}${String(m.lcpMs).padStart(8)}${String(m.tbtMs).padStart(8)}${m.cls.toFixed(3).padStart(7)}  [${p.runs.map((r) => r.performance).join(', ')}]`,
    )
  }
}

/**
 * The pages of issue 13: home, an episode list, a vertical chapter (title 1 is a webtoon) and a
 * paged one (title 32, right to left, its first chapter free), in English (/en) and Japanese
 * (unprefixed, --lang=ja).
 */
export const LIGHTHOUSE_PAGES: { label: string; path: string; lang: 'en' | 'ja' }[] = [
  { label: 'home', path: '/en', lang: 'en' },
  { label: 'home', path: '/', lang: 'ja' },
  { label: 'episodes', path: '/en/comic/1', lang: 'en' },
  { label: 'episodes', path: '/comic/1', lang: 'ja' },
  { label: 'vertical', path: '/en/comic/1/chapter/1/product', lang: 'en' },
  { label: 'vertical', path: '/comic/1/chapter/1/product', lang: 'ja' },
  { label: 'paged', path: '/en/comic/32/chapter/450/product', lang: 'en' },
  { label: 'paged', path: '/comic/32/chapter/450/product', lang: 'ja' },
]

/** Issue 34: the pages a signed-in member is measured on, beside a visitor on the same pages. */
export const MEMBER_PAGES: { label: string; path: string; lang: 'en' | 'ja' }[] = [
  { label: 'home', path: '/en', lang: 'en' },
  { label: 'episodes', path: '/en/comic/1', lang: 'en' },
  { label: 'chapter', path: '/en/comic/1/chapter/1/product', lang: 'en' },
]

/** The seeded reader's cookies on the site, signed in through the sign-in screen as the e2e tests do (support/members.ts). */
export async function memberCookies(baseURL: string, member = SEEDED_READER): Promise<Cookie[]> {
  const browser = await launchBrowser({ measure: true })
  try {
    const context = await newContext(browser, { baseURL, popups: true })
    await signInAt(await context.newPage(), '/en', member)
    return await context.cookies(baseURL)
  } finally {
    await browser.close()
  }
}

/** The visitor's and the member's medians side by side, page by page, with the member's LCP over the visitor's. */
export function printMemberBeside(visitor: LighthousePage[], member: LighthousePage[]): void {
  console.log(
    `\n## Lighthouse ${'12.8'} mobile preset, visitor and signed-in member (median of ${member[0]?.runs.length ?? 0} runs; perf of each run in brackets)`,
  )
  console.log(
    `${'page'.padEnd(40)}${'visitor'.padStart(8)}${'LCP ms'.padStart(8)}${'member'.padStart(8)}${'LCP ms'.padStart(8)}${'Δ LCP'.padStart(8)}  runs (visitor | member)`,
  )
  for (const m of member) {
    const v = visitor.find((page) => page.url === m.url && page.lang === m.lang)
    const delta = v ? m.median.lcpMs - v.median.lcpMs : null
    console.log(
      `${`${m.label} ${m.url}`.slice(0, 39).padEnd(40)}${String(v?.median.performance ?? '-').padStart(8)}${String(v?.median.lcpMs ?? '-').padStart(8)}${String(m.median.performance).padStart(8)}${String(m.median.lcpMs).padStart(8)}${(delta === null ? '-' : `${delta > 0 ? '+' : ''}${delta}`).padStart(8)}  [${v?.runs.map((r) => r.performance).join(', ') ?? ''} | ${m.runs.map((r) => r.performance).join(', ')}]`,
    )
  }
}

/** The three pages as a visitor and as the seeded member, printed side by side. */
export async function measureMemberLighthouse(baseURL: string, visitor?: LighthousePage[]): Promise<void> {
  const visitors = visitor ?? (await measureLighthouse(baseURL, MEMBER_PAGES))
  const member = await measureLighthouse(baseURL, MEMBER_PAGES, 3, await memberCookies(baseURL))
  printMemberBeside(visitors, member)
}
