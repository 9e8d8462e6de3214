import path from 'node:path'
import type { Browser, Cookie, Page } from 'playwright-core'
import { chapterOf, findTitle, type ContentJson } from './support/api'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { newMemberSession, sessionOf, withSession } from './support/members'
import { screenshotDir as shotDir } from './support/site'

/**
 * Issue 14, keyboard only: from an episode list, Tab to a free chapter, Enter into the viewer, turn a
 * page by arrow, Tab back onto the hidden chrome, open the report (sign-in asked) dialog by Enter,
 * Tab stays inside, Escape closes it and focus is back on the button that opened it. The focus
 * ring is the theme's (3 px, COLORS.focus).
 */
let browser: Browser
/** The seeded reader, signed in once for the whole file (see sessionOf), and a commenter of this file's own. */
let reader: Cookie[] = []
let commenter: Cookie[] = []
beforeAll(async () => {
  browser = await launchBrowser()
  reader = await sessionOf(browser)
  commenter = await newMemberSession(browser, 'keyboard.commenter')
})
afterAll(async () => {
  await browser?.close()
})

/** What has the focus: its test id, chapter id, whether it is inside an open dialog, and its outline. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    const style = element ? getComputedStyle(element) : null
    return {
      testId: element?.dataset.testid ?? null,
      chapterId: element?.dataset.chapterId ?? null,
      inDialog: Boolean(element?.closest('[role="dialog"], [role="alertdialog"]')),
      outline: style ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : null,
    }
  })

const RING = 'solid 3px rgb(31, 111, 235)'

describe.each([
  ['390', PHONE],
  ['1280', DESKTOP],
])('keyboard only at %s px', (width, viewport) => {
  it('episode list → chapter → viewer chrome → dialog and back, with a visible focus ring all the way', async () => {
    const title = await findTitle(
      (t) => t.orientation === 'paged' && t.chapterFileFormat === 'image' && !t.mature && t.chapters.some((c) => c.salesConfig.free && !c.aborted),
    )
    const chapter = title.chapters.find((c) => c.salesConfig.free && !c.aborted)!
    const context = await newContext(browser, { viewport })
    const page = await context.newPage()
    const errors = trackErrors(page)
    await page.goto(`/en/${title.type}/${title.id}`)
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"]`).waitFor()

    // Tab through the page until the chapter's row has the focus (each stop is a real control).
    let now = await focused(page)
    for (let presses = 0; now.chapterId !== String(chapter.id); presses++) {
      if (presses > 120) throw new Error(`chapter ${chapter.id} not reached by Tab`)
      await page.keyboard.press('Tab')
      now = await focused(page)
    }
    expect(now.outline).toBe(RING)
    await page.screenshot({ path: path.join(shotDir(), `keyboard-chapter-${width}.png`) })

    await page.keyboard.press('Enter')
    await page.getByTestId('paged-viewer').waitFor()
    await page.getByTestId('viewer-header').waitFor()
    // A page turn by arrow (the title's direction decides which) hides the chrome.
    const direction = await page.getByTestId('paged-viewer').getAttribute('data-direction')
    await page.keyboard.press(direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight')
    await eventually(
      () => page.getByTestId('paged-viewer').getAttribute('data-pages'),
      (pages) => pages !== '1',
    )
    await eventually(
      () => page.getByTestId('viewer-header').getAttribute('data-visible'),
      (visible) => visible === 'false',
    )

    // Tab onto the chrome brings it back; the report button is next.
    for (let presses = 0; now.testId !== 'viewer-report'; presses++) {
      if (presses > 10) throw new Error('viewer-report not reached by Tab')
      await page.keyboard.press('Tab')
      now = await focused(page)
    }
    expect(await page.getByTestId('viewer-header').getAttribute('data-visible')).toBe('true')
    expect(now.outline).toBe(RING)
    await page.screenshot({ path: path.join(shotDir(), `keyboard-viewer-chrome-${width}.png`) })

    // Signed out, reporting asks to sign in first: a confirm dialog, focus inside, Tab kept there.
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('dialog-login-confirm')
    await dialog.waitFor()
    await eventually(
      () => focused(page),
      (state) => state.inDialog,
    )
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press('Tab')
      expect((await focused(page)).inDialog).toBe(true)
    }
    expect((await focused(page)).outline).toBe(RING)
    await page.screenshot({ path: path.join(shotDir(), `keyboard-dialog-${width}.png`) })

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    now = await focused(page)
    expect(now.testId).toBe('viewer-report')
    expect(page.url()).toContain(`/chapter/${chapter.id}/`)
    expect(errors).toEqual([])
    await context.close()
  })
})

/** Press Tab (or Shift+Tab) until the element with this test id has the focus; its focus state. */
async function tabTo(page: Page, testId: string, options: { back?: boolean; max?: number } = {}) {
  let now = await focused(page)
  for (let presses = 0; now.testId !== testId; presses++) {
    if (presses > (options.max ?? 150)) throw new Error(`${testId} not reached by ${options.back ? 'Shift+Tab' : 'Tab'}`)
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
    now = await focused(page)
  }
  return now
}

const buyable = (chapter: ContentJson['chapters'][number]) =>
  !chapter.salesConfig.free && !chapter.aborted && (chapter.salesConfig.price ?? -1) >= 1 && (chapter.salesConfig.purchaseAllowedWith ?? []).includes('coin')

describe('keyboard only at 390 px, signed in: dialogs and the EPUB reader sheets', () => {
  it("the EPUB reader's settings and table of contents open, work and close from the keyboard, focus ring visible", async () => {
    const title = await findTitle((t) => t.chapterFileFormat === 'epub' && t.readingDirection === 'ltr' && t.chapters.length > 1)
    const context = await newContext(browser, { viewport: PHONE })
    const page = await withSession(context, reader, `/en/comic/${title.id}/chapter/${chapterOf(title).id}/product`)
    const errors = trackErrors(page)
    await eventually(
      () => page.getByTestId('epub-reader').getAttribute('data-state'),
      (state) => state === 'ready',
      30_000,
    )
    // Settings: open by Enter, focus inside, a theme chosen by Enter, Escape back to the button.
    expect((await tabTo(page, 'reader-settings-open')).outline).toBe(RING)
    await page.keyboard.press('Enter')
    await page.getByTestId('reader-settings').waitFor()
    await eventually(
      () => focused(page),
      (state) => state.inDialog,
    )
    const dark = await tabTo(page, 'theme-dark', { max: 12 })
    expect(dark.inDialog).toBe(true)
    expect(dark.outline).toBe(RING)
    await page.screenshot({ path: path.join(shotDir(), 'keyboard-epub-settings-390.png') })
    await page.keyboard.press('Enter')
    await eventually(
      () => page.getByTestId('theme-dark').getAttribute('aria-pressed'),
      (pressed) => pressed === 'true',
    )
    await page.keyboard.press('Escape')
    await page.getByTestId('reader-settings').waitFor({ state: 'detached' })
    expect((await focused(page)).testId).toBe('reader-settings-open')

    // Contents: open by Enter, an entry reached by Tab and taken by Enter; the sheet closes and the place moves.
    expect((await tabTo(page, 'reader-toc-open', { back: true, max: 4 })).outline).toBe(RING)
    await page.keyboard.press('Enter')
    const entries = page.getByTestId('toc-entry')
    const count = await eventually(
      () => entries.count(),
      (n) => n > 1,
    )
    await eventually(
      () => focused(page),
      (state) => state.inDialog && state.testId === 'toc-entry',
    )
    // The seeded reader's place in this book is shared with other test files running alongside
    // (novels.e2e.ts reads it too): take the last entry from the first half, the first from the second.
    const before = await page.getByTestId('epub-progress').textContent()
    const target = Number.parseInt(before ?? '0', 10) < 50 ? count - 1 : 0
    for (let presses = 0; presses < target; presses++) await page.keyboard.press('Tab')
    expect(await page.evaluate((index) => document.activeElement === document.querySelectorAll('[data-testid="toc-entry"]')[index], target)).toBe(true)
    expect((await focused(page)).outline).toBe(RING)
    await page.screenshot({ path: path.join(shotDir(), 'keyboard-epub-toc-390.png') })
    await page.keyboard.press('Enter')
    await page.getByTestId('reader-toc').waitFor({ state: 'detached' })
    await eventually(
      () => page.getByTestId('epub-progress').textContent(),
      (text) => text !== before,
      15_000,
    )
    expect(errors).toEqual([])
    await context.close()
  })

  it('the select-chapters dialog: opened by Enter, select all by Space, Escape closes it back onto its button', async () => {
    const title = await findTitle((t) => !t.mature && !t.rentalConfig?.gaugeUsable && t.chapters.filter(buyable).length >= 2)
    const context = await newContext(browser, { viewport: PHONE })
    const page = await withSession(context, reader, `/en/${title.type}/${title.id}`)
    const errors = trackErrors(page)
    await page.getByTestId('episode-list').waitFor()
    expect((await tabTo(page, 'buy-several')).outline).toBe(RING)
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('dialog-select-chapters')
    await dialog.getByTestId('select-all').waitFor()
    await eventually(
      () => focused(page),
      (state) => state.inDialog,
    )
    const all = await tabTo(page, 'select-all', { max: 40 })
    expect(all.inDialog).toBe(true)
    expect(all.outline).toBe(RING)
    await page.keyboard.press('Space')
    await textOf(dialog.getByTestId('select-count'), /^\d+ episodes? selected$/)
    await page.screenshot({ path: path.join(shotDir(), 'keyboard-select-chapters-390.png') })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect((await focused(page)).testId).toBe('buy-several')
    expect(errors).toEqual([])
    await context.close()
  })

  it("a comment's menu: Enter opens it on its first item, arrows move, Enter opens the report dialog, Escape comes back to ⋯", async () => {
    // Another member's comment, the newest, so the first ⋯ reached by Tab is its own.
    const title = await findTitle(
      (t) => !t.mature && t.chapterFileFormat === 'image' && t.commentEnabled && t.chapters.some((c) => c.salesConfig.free && !c.aborted),
    )
    const chapter = title.chapters.find((c) => c.salesConfig.free && !c.aborted)!
    const commentsPath = `/en/comment/${title.type}/${title.id}/${chapter.id}`
    const text = `Keyboard ${Date.now().toString(36)}`
    const other = await newContext(browser, { viewport: PHONE })
    const author = await withSession(other, commenter, commentsPath)
    await author.getByTestId('comment-input').fill(text)
    await author.getByTestId('comment-submit').click()
    await author.getByTestId('comment-body').getByText(text, { exact: true }).waitFor()
    await other.close()

    const context = await newContext(browser, { viewport: PHONE })
    const page = await withSession(context, reader, commentsPath)
    const errors = trackErrors(page)
    await page.getByTestId('comment-body').first().getByText(text, { exact: true }).waitFor()
    expect((await tabTo(page, 'comment-more', { max: 40 })).outline).toBe(RING)
    await page.keyboard.press('Enter')
    await eventually(
      () => focused(page),
      (state) => state.testId === 'comment-report',
    )
    expect((await focused(page)).outline).toBe(RING)
    await page.keyboard.press('ArrowDown')
    expect((await focused(page)).testId).toBe('comment-mute')
    await page.keyboard.press('ArrowUp')
    expect((await focused(page)).testId).toBe('comment-report')
    await page.screenshot({ path: path.join(shotDir(), 'keyboard-comment-menu-390.png') })
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('dialog-report')
    await dialog.getByTestId('report-send').waitFor()
    await eventually(
      () => focused(page),
      (state) => state.inDialog,
    )
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect((await focused(page)).testId).toBe('comment-more')
    expect(errors).toEqual([])
    await context.close()
  })

  it('ja: the access sheet and the use-coin confirm purchase dialog from the keyboard; Escape leaves nothing bought', async () => {
    const title = await findTitle((t) => !t.mature && !t.rentalConfig?.gaugeUsable && t.chapters.filter(buyable).length >= 2)
    const chapter = title.chapters.filter(buyable)[1]!
    const context = await newContext(browser, { viewport: PHONE, locale: 'ja-JP' })
    const page = await withSession(context, reader, `/${title.type}/${title.id}`)
    const errors = trackErrors(page)
    await page.locator(`[data-testid="chapter-row"][data-chapter-id="${chapter.id}"]`).waitFor()
    let now = await focused(page)
    for (let presses = 0; now.chapterId !== String(chapter.id); presses++) {
      if (presses > 150) throw new Error(`chapter ${chapter.id} not reached by Tab`)
      await page.keyboard.press('Tab')
      now = await focused(page)
    }
    await page.keyboard.press('Enter')
    const option = page.locator('[data-testid="access-sheet"] [data-option="buyWithCoin"]')
    await option.waitFor()
    const reached = await eventually(
      async () => {
        await page.keyboard.press('Tab')
        return page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.option ?? null)
      },
      (kind) => kind === 'buyWithCoin',
    )
    expect(reached).toBe('buyWithCoin')
    expect((await focused(page)).outline).toBe(RING)
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('dialog-purchase')
    await dialog.getByTestId('use-coin-confirm').waitFor()
    await eventually(
      () => focused(page),
      (state) => state.inDialog,
    )
    const ok = await tabTo(page, 'use-coin-ok', { max: 10 })
    expect(ok.inDialog).toBe(true)
    expect(ok.outline).toBe(RING)
    await page.screenshot({ path: path.join(shotDir(), 'keyboard-use-coin-390.png') })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(page.url()).not.toContain('/chapter/')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the report dialog from the viewer: a category chosen by keyboard, Escape closes it back onto the report button', async () => {
    const title = await findTitle((t) => t.chapterFileFormat === 'image' && !t.mature && t.chapters.some((c) => c.salesConfig.free && !c.aborted))
    const chapter = title.chapters.find((c) => c.salesConfig.free && !c.aborted)!
    const context = await newContext(browser, { viewport: PHONE })
    const page = await withSession(context, reader, `/en/${title.type}/${title.id}/chapter/${chapter.id}/product`)
    const errors = trackErrors(page)
    await page.getByTestId('viewer-header').waitFor()
    expect((await tabTo(page, 'viewer-report', { max: 20 })).outline).toBe(RING)
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('dialog-report')
    await dialog.getByTestId('report-send').waitFor()
    await eventually(
      () => focused(page),
      (state) => state.inDialog,
    )
    // Tab onto the first category, Space picks it; the send button is then enabled.
    const radio = await eventually(
      async () => {
        await page.keyboard.press('Tab')
        return page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type ?? null)
      },
      (type) => type === 'radio',
    )
    expect(radio).toBe('radio')
    expect((await focused(page)).outline).toBe(RING)
    await page.keyboard.press('Space')
    await eventually(
      () => dialog.getByTestId('report-send').getAttribute('aria-disabled'),
      (disabled) => disabled !== 'true',
    )
    await page.screenshot({ path: path.join(shotDir(), 'keyboard-report-390.png') })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect((await focused(page)).testId).toBe('viewer-report')
    expect(errors).toEqual([])
    await context.close()
  })
})
