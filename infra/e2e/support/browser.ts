import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { readSite } from './site'

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  })
}

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/**
 * A browser context on the test site. Home popups (modal, SPEC §3) are left out of the home
 * response unless a test asks for them, so they never cover what another test clicks.
 */
export async function newContext(browser: Browser, options: { locale?: string; viewport?: { width: number; height: number }; popups?: boolean; baseURL?: string } = {}): Promise<BrowserContext> {
  const baseURL = options.baseURL ?? readSite().baseURL
  const context = await browser.newContext({ baseURL, locale: options.locale ?? 'en-US', viewport: options.viewport ?? DESKTOP })
  if (!options.popups) {
    await context.route(/\/api\/(ja|en|fr)\/home(\/mature)?$/, async (route) => {
      try {
        const response = await route.fetch()
        const body = (await response.json()) as { result?: { popups?: unknown[] } }
        if (body.result) body.result.popups = []
        await route.fulfill({ response, json: body })
      } catch {
        // The page or context closed while the request was in flight.
        await route.abort().catch(() => undefined)
      }
    })
  }
  return context
}

/** Collect page errors, and anything the site's Content-Security-Policy refused, so a test can assert the page ran clean. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) errors.push(message.text())
  })
  return errors
}
