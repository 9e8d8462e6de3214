import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Frame, Page } from 'playwright-core'
import { outsideBooks, outsideEnd, type OutsideBookKind } from './fixtures/outsideBooks'
import { launchBrowser, newContext, PHONE } from './support/browser'
import { eventually } from './support/eventually'
import { shownFrame as shownFrameWith } from './support/epubFrame'
import { type Imported } from './support/importBooks'
import { signedIn } from './support/members'
import { readSite, screenshotDir, startSite, stopSite, type SiteInfo } from './support/site'

/**
 * What outside EPUBs still broke in the novel reader (issue 35 item 9), each on a small book
 * built by fixtures/outsideBooks.ts with that one trait, read at 390 px as on a phone.
 */

let browser: Browser
let site: SiteInfo | null = null
const books = new Map<OutsideBookKind, Imported>()

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-e2e-outside-'))
  const written = outsideBooks().map(({ kind, bytes }) => {
    const file = path.join(dataDir, `${kind}.epub`)
    fs.writeFileSync(file, bytes)
    return { kind, file }
  })
  const started = await startSite({ dataDir, edgeFrom: readSite(), books: written.map((book) => book.file) })
  site = started
  // The site imports one book per file, or throws.
  written.forEach((book, index) => books.set(book.kind, started.imported[index]!))
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  if (site) await stopSite(site)
})

/** A signed-in reader on a phone, the book open and its reading guide gone. */
async function openBook(kind: OutsideBookKind, options: { touch?: boolean } = {}): Promise<Page> {
  const book = books.get(kind)!
  const context = await newContext(browser, { viewport: PHONE, baseURL: site!.baseURL, ...(options.touch ? { touch: true } : {}) })
  const page = await signedIn(context, `/en/comic/${book.contentId}/chapter/${book.chapterId}/product`)
  await eventually(
    () => page.getByTestId('epub-reader').getAttribute('data-state'),
    (state) => state === 'ready',
    30_000,
  )
  await page.getByTestId('reading-guide').waitFor({ state: 'detached', timeout: 10_000 })
  return page
}

/** The book's frame on screen, once it shows a heading. */
const shownFrame = (page: Page): Promise<Frame> => shownFrameWith(page, 'h1')

/** The chapter on screen, and whether its heading (its first line) is on screen. */
async function shownChapter(page: Page): Promise<{ heading: string; headingShown: boolean; scrollTop: number }> {
  const frame = await shownFrame(page)
  return frame.evaluate(() => {
    const heading = document.querySelector('h1')!
    const box = heading.getBoundingClientRect()
    return {
      heading: heading.textContent?.trim() ?? '',
      headingShown: box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth,
      scrollTop: Math.round((document.scrollingElement as HTMLElement).scrollTop),
    }
  })
}

/** A screenshot once the book's frames have faded in (Readium fades a document in when it shows it). */
async function screenshotWhenShown(page: Page, name: string) {
  await eventually(
    () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="epub-frame"] iframe')]
          .filter((frame) => (frame as HTMLElement).style.visibility !== 'hidden')
          .map((frame) => getComputedStyle(frame).opacity),
      ),
    (opacities) => opacities.length > 0 && opacities.every((opacity) => opacity === '1'),
  )
  await page.screenshot({ path: path.join(screenshotDir(), name) })
}

/** The next screen by key; a turn hides the reader's bar (wait for it, or a click meant to show it again hides it). */
async function keyTurn(page: Page) {
  await page.keyboard.press('ArrowRight')
  await page.locator('[data-testid="epub-footer"][data-visible="false"]').waitFor()
}

/** Open the contents (showing the reader's bar first if a turn hid it) and take an entry. */
async function jumpTo(page: Page, title: string) {
  if ((await page.getByTestId('epub-footer').getAttribute('data-visible')) !== 'true') {
    const box = (await page.getByTestId('epub-frame').boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  }
  await page.locator('[data-testid="epub-footer"][data-visible="true"]').waitFor()
  await page.getByTestId('reader-toc-open').click()
  await page.getByTestId('toc-entry').filter({ hasText: title }).click()
  await page.getByTestId('reader-toc').waitFor({ state: 'detached' })
}

describe('outside EPUBs on a phone', () => {
  it('a book asking to be scrolled (rendition:flow scrolled-doc): a contents jump shows the chapter from its start, also one scrolled before', async () => {
    const page = await openBook('scrolled-toc')
    expect(await shownChapter(page)).toMatchObject({ heading: 'Chapter 1', headingShown: true, scrollTop: 0 })
    // Down the first chapter by keys: its heading goes off screen.
    for (let turn = 0; turn < 2; turn++) {
      const before = (await shownChapter(page)).scrollTop
      await keyTurn(page)
      await eventually(
        () => shownChapter(page),
        (at) => at.scrollTop > before,
      )
    }
    expect(await shownChapter(page)).toMatchObject({ heading: 'Chapter 1', headingShown: false })
    // The contents' "Chapter 1": back to its start (Readium left the scrolled document where it was).
    await jumpTo(page, 'Chapter 1')
    await eventually(
      () => shownChapter(page),
      (at) => at.heading === 'Chapter 1' && at.headingShown && at.scrollTop === 0,
    )
    await eventually(
      () => page.getByTestId('epub-reader').getAttribute('data-place'),
      (place) => place === 'OPS/chapter-1.xhtml@0',
    )
    // Chapter 2, read down a screen, then chapter 3.
    await jumpTo(page, 'Chapter 2')
    await eventually(
      () => shownChapter(page),
      (at) => at.heading === 'Chapter 2' && at.headingShown,
    )
    await keyTurn(page)
    await eventually(
      () => shownChapter(page),
      (at) => at.heading === 'Chapter 2' && !at.headingShown,
    )
    await jumpTo(page, 'Chapter 3')
    const at = await eventually(
      () => shownChapter(page),
      (shown) => shown.heading === 'Chapter 3' && shown.headingShown && shown.scrollTop === 0,
    )
    expect(at).toMatchObject({ heading: 'Chapter 3', headingShown: true, scrollTop: 0 })
    // Known bug, not asserted here (it failed 1 run in 2 at stop 42's code too, and every time a
    // few seconds later): a jump from chapter 3 back to chapter 2, still loaded and scrolled,
    // leaves both frames hidden while the reader's place stays chapter 3. Noted in the issue.
    await screenshotWhenShown(page, 'outside-scrolled-toc-390.png')
    await page.context().close()
  })

  it('a tap on an image in an anchor without href turns the page like a tap on text; a real link still goes', async () => {
    const page = await openBook('anchor-images', { touch: true })
    const frame = await shownFrame(page)
    const frameBox = (await (await frame.frameElement()).boundingBox())!
    const figure = () =>
      frame.evaluate(() => {
        const box = document.querySelector('#figure-1 img')!.getBoundingClientRect()
        return { left: box.left, top: box.top, width: box.width, height: box.height, offset: (document.scrollingElement as HTMLElement).scrollLeft }
      })
    const before = await figure()
    expect(before.offset).toBe(0)
    // The figure's right edge lies in the right third of the screen: the next page.
    const x = before.left + before.width - 8
    expect(x).toBeGreaterThan((PHONE.width * 2) / 3)
    await page.touchscreen.tap(frameBox.x + x, frameBox.y + before.top + before.height / 2)
    await eventually(
      () => page.getByTestId('epub-reader').getAttribute('data-place'),
      (place) => place !== null && place !== 'OPS/chapter-1.xhtml@0',
    )
    expect((await figure()).offset).toBeGreaterThan(0)
    // A link with an href is still a link: turn (by keys) to the page showing it, tap it.
    const link = () =>
      frame.evaluate(() => {
        const box = document.getElementById('real-link')!.getBoundingClientRect()
        return { x: box.left + Math.min(20, box.width / 2), y: box.top + box.height / 2, shown: box.left >= 0 && box.right <= window.innerWidth }
      })
    for (let turns = 0; !(await link()).shown; turns++) {
      expect(turns).toBeLessThan(6)
      const place = await page.getByTestId('epub-reader').getAttribute('data-place')
      await page.keyboard.press('ArrowRight')
      await eventually(
        () => page.getByTestId('epub-reader').getAttribute('data-place'),
        (now) => now !== place,
      )
    }
    const at = await link()
    await page.touchscreen.tap(frameBox.x + at.x, frameBox.y + at.y)
    await eventually(
      () => shownChapter(page),
      (shown) => shown.heading === 'Chapter 2',
    )
    expect(await page.getByTestId('epub-reader').getAttribute('data-place')).toMatch(/^OPS\/chapter-2\.xhtml@/)
    await screenshotWhenShown(page, 'outside-anchor-images-390.png')
    await page.context().close()
  })

  it('a reflowable document inside a fixed-layout book is drawn as text at full size, read to its last line by keys, then the next page', async () => {
    const page = await openBook('fixed-with-text')
    const last = outsideEnd('fixed-with-text', 1)
    /** The afterword's frame when shown: its text size on screen, and whether its last line is wholly on screen. */
    const afterword = async () => {
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue
        const element = await frame.frameElement().catch(() => null)
        const box = element ? await element.boundingBox().catch(() => null) : null
        if (!box || box.x < -1 || box.x + box.width > PHONE.width + 1) continue
        const inFrame = await frame
          .evaluate((text) => {
            if (document.querySelector('h1')?.textContent !== 'Afterword') return null
            const line = [...document.querySelectorAll('p')].find((p) => p.textContent === text)!.getBoundingClientRect()
            const scale = (window.frameElement as HTMLElement).getBoundingClientRect().height / window.innerHeight
            return {
              fontPx: Number.parseFloat(getComputedStyle(document.querySelector('p')!).fontSize) * scale,
              lastShown: line.top >= 0 && line.bottom <= window.innerHeight,
              scrollTop: (document.scrollingElement as HTMLElement).scrollTop,
            }
          }, last)
          .catch(() => null)
        if (inFrame) return { ...inFrame, bottom: box.y + box.height }
      }
      return null
    }
    const pageShown = async () => {
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue
        const element = await frame.frameElement().catch(() => null)
        const box = element ? await element.boundingBox().catch(() => null) : null
        if (!box || box.x < -1 || box.x + box.width > PHONE.width + 1) continue
        const heading = await frame.evaluate(() => document.querySelector('h1')?.textContent ?? '').catch(() => '')
        if (heading) return heading
      }
      return ''
    }
    await eventually(pageShown, (heading) => heading === 'Page 1', 15_000)
    for (const heading of ['Page 2', 'Afterword']) {
      await page.keyboard.press('ArrowRight')
      await eventually(pageShown, (shown) => shown === heading, 15_000)
    }
    // Not the end: a page follows (on a phone, Readium's viewport named the spread of page 3 here).
    expect(await page.getByTestId('epub-open-end').count()).toBe(0)
    expect(Number((await page.getByTestId('epub-progress').textContent())?.replace(/\D/g, ''))).toBeLessThan(100)
    // Drawn at full size (scaled into a fixed page it was under 11 px), its frame within the reader's area.
    let shown = await eventually(afterword, (at) => at !== null && at.fontPx >= 14, 15_000)
    const area = (await page.getByTestId('epub-frame').boundingBox())!
    expect(shown!.bottom).toBeLessThanOrEqual(area.y + area.height + 1)
    await screenshotWhenShown(page, 'outside-fixed-with-text-390.png')
    // Keys scroll it down until its last line is on screen (it was cut off), and only then turn to the next page.
    for (let turns = 0; !shown!.lastShown; turns++) {
      expect(turns).toBeLessThan(6)
      const before = shown!.scrollTop
      await page.keyboard.press('ArrowRight')
      shown = await eventually(afterword, (at) => at !== null && at.scrollTop > before)
    }
    await page.keyboard.press('ArrowRight')
    await eventually(pageShown, (heading) => heading === 'Page 3', 15_000)
    // The last page is the end.
    await page.getByTestId('epub-open-end').waitFor()
    await page.context().close()
  })

  it('a chapter styled with page breaks and page-tall blocks reads to its end on a phone without an empty page', async () => {
    const page = await openBook('css-heavy')
    const last = outsideEnd('css-heavy', 1)
    const frame = await shownFrame(page)
    /** What the page on screen shows: how many lines of text or images, and whether the chapter's last line is among them. */
    const shown = () =>
      frame.evaluate((text) => {
        const onScreen = (box: DOMRect) =>
          box.width > 0 && box.height > 0 && box.right > 1 && box.left < window.innerWidth - 1 && box.bottom > 1 && box.top < window.innerHeight - 1
        let things = 0
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        const range = document.createRange()
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.replace(/[\s\u200b]/g, '')) continue
          range.selectNodeContents(node)
          things += [...range.getClientRects()].filter(onScreen).length
        }
        things += [...document.body.querySelectorAll('img, svg')].filter((element) => onScreen(element.getBoundingClientRect())).length
        const end = [...document.querySelectorAll('p')].find((p) => p.textContent === text)!.getBoundingClientRect()
        return { things, end: onScreen(end), offset: Math.round((document.scrollingElement as HTMLElement).scrollLeft) }
      }, last)
    let at = await shown()
    const pages = [at]
    while (!at.end) {
      expect(pages.length).toBeLessThan(12)
      const before = at.offset
      await page.keyboard.press('ArrowRight')
      // The reader rests on a page that shows something (with two breaks in a row, the page between
      // them was empty and a turn stopped there; now the reader turns past it).
      at = await eventually(shown, (now) => now.offset !== before && now.things > 0)
      pages.push(at)
    }
    expect(pages.length).toBeGreaterThanOrEqual(3)
    await screenshotWhenShown(page, 'outside-css-heavy-390.png')
    await page.context().close()
  })
})
