import type { Frame, Page } from 'playwright-core'
import { eventually } from './eventually'

/**
 * The book's frame on screen (Readium keeps neighbouring documents loaded but hidden), once it
 * holds `ready` (a CSS selector: the content the test waits for, e.g. a heading or a paragraph).
 */
export function shownFrame(page: Page, ready: string): Promise<Frame> {
  return eventually(
    async () => {
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue
        const shown = await frame
          .evaluate(
            (selector) =>
              Boolean(window.frameElement) && (window.frameElement as HTMLElement).style.visibility !== 'hidden' && document.querySelector(selector) !== null,
            ready,
          )
          .catch(() => false)
        if (shown) return frame
      }
      return null
    },
    (frame) => frame !== null,
    15_000,
  ) as Promise<Frame>
}
