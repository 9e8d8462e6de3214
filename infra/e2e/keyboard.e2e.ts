import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { findTitle } from './support/api'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually } from './support/eventually'
import { screenshotDir as shotDir } from './support/site'

/**
 * Issue 14, keyboard only: from an episode list, Tab to a free chapter, Enter into the viewer, turn a
 * page by arrow, Tab back onto the hidden chrome, open the report (sign-in asked) dialog by Enter,
 * Tab stays inside, Escape closes it and focus is back on the button that opened it. The focus
 * ring is the theme's (3 px, COLORS.focus).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
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
