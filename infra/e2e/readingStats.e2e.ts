import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { chapterOf, findTitle } from './support/api'
import { violations } from './support/axe'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { signUp } from './support/members'
import { screenshotDir as shotDir } from './support/site'

/**
 * My reading (issue 37 item 6), end to end: a new member in Tokyo reads two episodes in the
 * viewer, opens the library's "My reading" tab, sees their figures, and saves their copy of the
 * data as a JSON file; the page looked at in ja and en at 390 and 1280 px.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Scroll the strip like a reader to the chapter's end. */
async function readToEnd(page: Page): Promise<void> {
  await page.getByTestId('vertical-strip').waitFor()
  const height = await page.evaluate(() => document.querySelector('[data-testid="vertical-strip"]')!.getBoundingClientRect().height)
  const scrollTop = () => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)
  const endOnScreen = () =>
    page.evaluate(() => (document.querySelector('[data-testid="chapter-end"]')?.getBoundingClientRect().top ?? Infinity) < window.innerHeight)
  for (let y = 0; y < height && !(await endOnScreen()); y += 700) {
    const before = await scrollTop()
    await page.mouse.wheel(0, 700)
    await eventually(scrollTop, (top) => top > before || top >= height)
  }
  await page.getByTestId('chapter-end').waitFor()
}

describe('my reading', () => {
  it('shows a new member the two episodes they read and hands them their data as JSON', async () => {
    const title = await findTitle(
      (t) => t.orientation === 'vertical' && !t.mature && t.chapters.length > 2 && chapterOf(t, 0).salesConfig.free && chapterOf(t, 1).salesConfig.free,
    )
    const [first, second] = [chapterOf(title, 0), chapterOf(title, 1)]
    const context = await newContext(browser, { viewport: PHONE, timezoneId: 'Asia/Tokyo' })
    const page = await context.newPage()
    const errors = trackErrors(page)
    const member = { email: `reading.${Date.now().toString(36)}@koma.example`, password: 'koma-reading-1' }
    await signUp(page, member)

    // Each episode's progress is in once its save answered (the viewer saves after the reader stops).
    const saved = new Set<string>()
    page.on('response', (response) => {
      const match = /\/api\/comic\/\d+\/chapter\/(\d+)\/read(\/finished)?$/.exec(new URL(response.url()).pathname)
      if (match && response.request().method() === 'POST' && response.ok()) saved.add(match[1]!)
    })
    await page.goto(`/en/comic/${title.id}/chapter/${first.id}/product`)
    await readToEnd(page)
    await eventually(async () => saved.has(String(first.id)), Boolean, 15_000)
    await page.getByTestId('next-chapter').click()
    await page.waitForURL(`**/en/comic/${title.id}/chapter/${second.id}/product`)
    // The viewer swaps its strip for the next episode's: read once the new one is in.
    await eventually(
      () => page.getByTestId('viewer').getAttribute('data-chapter-id'),
      (id) => id === String(second.id),
    )
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="page-image"]')
      return Boolean(image && image.complete && image.naturalWidth > 0)
    })
    await readToEnd(page)
    await eventually(async () => saved.has(String(second.id)), Boolean, 15_000)

    await page.goto('/en/library/stats')
    await textOf(page.getByTestId('stats-chapters'), /Episodes read\s*2/)
    await textOf(page.getByTestId('stats-titles'), /Titles\s*1/)
    await textOf(page.getByTestId('stats-streak'), /Days in a row\s*1/)
    await textOf(page.getByTestId('stats-days'), /Days read\s*1/)
    // One sitting of a few seconds (the saves while reading): counted, and said as such.
    await textOf(page.getByTestId('stats-time'), /Time read\s*(Under a minute|[1-9]\d* min)/)
    await textOf(page.getByTestId('stats-year'), /2 episodes of 1 title on 1 day/)
    expect(await page.getByTestId('stats-year').textContent()).not.toContain('Time read: 0 min')
    expect(await page.getByText('Asia/Tokyo', { exact: false }).count()).toBeGreaterThan(0)
    await page.screenshot({ path: path.join(shotDir(), 'reading-stats-en-390.png'), fullPage: true })
    expect(await violations(page, 'my reading (en, 390)')).toEqual([])

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my reading data (JSON)' }).click()])
    expect(download.suggestedFilename()).toMatch(/^koma-reading-\d{4}-\d{2}-\d{2}\.json$/)
    const file = await download.path()
    const copy = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      timeZone: string
      chapters: { chapterId: number; finished: boolean }[]
      stats: { chaptersRead: number }
    }
    expect(copy.timeZone).toBe('Asia/Tokyo')
    expect(copy.stats.chaptersRead).toBe(2)
    expect(copy.chapters.map((chapter) => chapter.chapterId).sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b))

    // Looked at in both languages and widths.
    await page.setViewportSize(DESKTOP)
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: path.join(shotDir(), 'reading-stats-en-1280.png'), fullPage: true })
    await page.goto('/ja/library/stats')
    await textOf(page.getByTestId('stats-chapters'), /読んだ話数\s*2/)
    await page.screenshot({ path: path.join(shotDir(), 'reading-stats-ja-1280.png'), fullPage: true })
    await page.setViewportSize(PHONE)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: path.join(shotDir(), 'reading-stats-ja-390.png'), fullPage: true })
    expect(await violations(page, 'my reading (ja, 390)')).toEqual([])
    // And in French.
    await page.goto('/fr/library/stats')
    await textOf(page.getByTestId('stats-chapters'), /Épisodes lus\s*2/)
    await page.getByRole('button', { name: 'Télécharger mes données de lecture (JSON)' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('sends a signed-out visitor to sign in, asking for no figures (a guest’s prompt: ReadingStats.test.tsx)', async () => {
    const context = await newContext(browser, { viewport: PHONE })
    const page = await context.newPage()
    const asked: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/library/reading/')) asked.push(request.url())
    })
    await page.goto('/en/library/stats')
    await page.waitForURL((url) => url.pathname === '/en/login' && url.searchParams.get('redirect') === '/en/library/stats')
    expect(asked).toEqual([])
    await context.close()
  })
})
