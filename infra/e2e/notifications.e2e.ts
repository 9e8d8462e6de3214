import path from 'node:path'
import type { Browser } from 'playwright-core'
import { apiGet } from './support/api'
import { DESKTOP, launchBrowser, newContext, ON_THIS_MACHINE, PHONE, trackErrors } from './support/browser'
import { eventually } from './support/eventually'
import { foundIn, outbox, signUp } from './support/members'
import { readSite, startSite, type SiteInfo, stopSite, screenshotDir as shotDir } from './support/site'

/**
 * Notifications that arrive (issue 15), end to end on a site of its own (the test moves the API
 * clock): a reader in Tokyo asks to be told when a coming-soon title comes out; it comes out at
 * 22:00 there, so the notification is held through the night window and arrives at 8:00, by
 * e-mail (with its one-click unsubscribe link) and in the inbox.
 */
let browser: Browser
let own: SiteInfo | null = null
beforeAll(async () => {
  browser = await launchBrowser()
  own = await startSite({ edgeFrom: readSite() })
}, 240_000)
afterAll(async () => {
  await browser?.close()
  if (!own) return
  await stopSite(own)
})

const HOUR = 60 * 60 * 1000
/** The first hh:00 in Tokyo (UTC+9, no daylight saving) at or after `after`. */
function tokyoAt(after: Date, hour: number): Date {
  const local = new Date(after.getTime() + 9 * HOUR)
  let at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour - 9)
  while (at < after.getTime()) at += 24 * HOUR
  return new Date(at)
}

interface ComingSoonJson {
  content: { id: number; type: 'comic' | 'magazine_comic'; publishedAt: string; mature: boolean; name: string }
}

describe('a release notification held through the night (on its own site)', () => {
  it('arrives at 8:00 in the reader’s time zone, by mail and in the inbox, and unsubscribes in one click', async () => {
    const site = own!
    const context = await newContext(browser, { viewport: PHONE, baseURL: site.baseURL, timezoneId: 'Asia/Tokyo', address: ON_THIS_MACHINE })
    const page = await context.newPage()
    const errors = trackErrors(page)
    const email = `night.${Date.now().toString(36)}@koma.example`
    await signUp(page, { email, password: 'koma-night-pass1', dataDir: site.dataDir })

    // A coming-soon title (ids are the same on every seeded site; find one that is not mature).
    let upcoming: ComingSoonJson['content'] | null = null
    for (let id = 1; id < 200 && !upcoming; id++) {
      for (const type of ['comic', 'magazine_comic'] as const) {
        const found = await apiGet<ComingSoonJson>(`/${type}/coming_soon/${id}/product`, { baseURL: site.baseURL })
        const summary = await apiGet<{ status: string }>(`/${type}/${id}`, { baseURL: site.baseURL })
        if (found.result && !found.result.content.mature && summary.result?.status === 'coming_soon') upcoming = found.result.content
        if (upcoming) break
      }
    }
    expect(upcoming).not.toBeNull()
    const title = upcoming!
    await page.goto(`/en/${title.type}/coming_soon/${title.id}`)
    await page.getByTestId('release-notification').click()
    await eventually(
      () => page.getByTestId('release-notification').getAttribute('aria-pressed'),
      (value) => value === 'true',
    )

    const night = tokyoAt(new Date(new Date(title.publishedAt).getTime() + 60 * 1000), 22) // 22:00 in Tokyo, after the release
    const morning = new Date(night.getTime() + 10 * HOUR) // 8:00 the next day in Tokyo
    const releaseMails = () => outbox(site.dataDir).filter((mail) => mail.to === email && mail.tag === 'notify-release')
    try {
      // Let the API scan from now, then jump to the evening of the release.
      await page.goto(`/en?faketime=${encodeURIComponent(new Date(night.getTime() - HOUR).toISOString())}`)
      await page.waitForURL((url) => !url.search.includes('faketime'))
      await page.goto(`/en?faketime=${encodeURIComponent(night.toISOString())}`)
      await page.waitForURL((url) => !url.search.includes('faketime'))
      // The release happened (the title is out now)...
      await eventually(
        async () => (await apiGet<{ status: string }>(`/${title.type}/${title.id}`, { baseURL: site.baseURL })).result?.status,
        (status) => status === 'ongoing',
        20_000,
      )
      // ...and its notification waits for the morning: no mail, nothing in the inbox.
      await page.goto('/en/inbox/message')
      await page.getByTestId('inbox-messages').waitFor()
      expect(await page.getByTestId('message').filter({ hasText: title.name }).count()).toBe(0)
      expect(releaseMails()).toHaveLength(0)

      await page.goto(`/en?faketime=${encodeURIComponent(morning.toISOString())}`)
      await page.waitForURL((url) => !url.search.includes('faketime'))
      const mail = (await eventually(
        async () => releaseMails()[0],
        (found) => found !== undefined,
        20_000,
      ))!
      expect(mail.subject).toBe(`${title.name} is out now`)
      expect(mail.text).toContain(`${site.baseURL}/en/${title.type}/${title.id}`)
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

      await page.goto('/en/inbox/message')
      const message = page.getByTestId('message').filter({ hasText: title.name })
      await message.waitFor()
      await message.locator('button').click()
      await page.screenshot({ path: path.join(shotDir(), 'notification-inbox-390.png') })
      await page.setViewportSize(DESKTOP)
      await page.screenshot({ path: path.join(shotDir(), 'notification-inbox-1280.png') })

      // One-click unsubscribe, signed out (a new context): GET asks, the button applies.
      const unsubscribe = foundIn(mail.headers?.['List-Unsubscribe'] ?? '', /^<(.+)>$/)
      expect(unsubscribe.startsWith(`${site.baseURL}/api/notify/unsubscribe/`)).toBe(true)
      const anonymous = await newContext(browser, { viewport: PHONE, baseURL: site.baseURL })
      const other = await anonymous.newPage()
      await other.goto(unsubscribe)
      await other.getByTestId('unsubscribe-confirm').waitFor()
      await other.screenshot({ path: path.join(shotDir(), 'unsubscribe-confirm-390.png') })
      await other.getByTestId('unsubscribe-confirm').click()
      await other.getByTestId('unsubscribe-done').waitFor()
      await other.setViewportSize(DESKTOP)
      await other.screenshot({ path: path.join(shotDir(), 'unsubscribe-done-1280.png') })
      await anonymous.close()
    } finally {
      await page.goto('/en?faketime=0')
      await page.waitForURL((url) => !url.search.includes('faketime'))
    }
    expect(errors).toEqual([])
    await context.close()
  })
})
