import path from 'node:path'
import { generate } from 'otplib'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { textOf } from './support/eventually'
import { SEEDED_READER, signInAt } from './support/members'
import { readSite, screenshotDir, startSite, stopSite, type SiteInfo } from './support/site'

/** The demo operator (infra/api/src/seed/members.ts: demo data only). */
const OPERATOR = { email: 'ops@koma.example', password: 'koma-operator-1' }

/**
 * The operator console (mf-ops, issue 17) on a site of its own: it turns maintenance on, which
 * would stop every other test file's readers on the shared site.
 */
let browser: Browser
let site: SiteInfo | null = null
beforeAll(async () => {
  browser = await launchBrowser()
  site = await startSite({ edgeFrom: readSite().edgeDir })
}, 240_000)
afterAll(async () => {
  await browser?.close()
  if (site) await stopSite(site)
})

/** Pass the second factor as the operator's authenticator app would: set it up, then type its code. */
async function passSecondFactor(page: Page): Promise<void> {
  await page.getByTestId('ops-second-factor').waitFor()
  await page.getByRole('button', { name: 'Show my key' }).click()
  const secret = (await page.getByTestId('ops-totp-secret').textContent())!.trim()
  await page.getByLabel('Code').fill(await generate({ secret, digits: 6, period: 30 }))
  await page.getByRole('button', { name: 'Confirm' }).click()
}

describe('the operator console (issue 17)', () => {
  it('a reader is refused; an operator confirms the second factor, puts the site in maintenance for readers and takes it out, and the audit log shows both', async () => {
    const readerContext = await newContext(browser, { baseURL: site!.baseURL, viewport: PHONE })
    const reader = await readerContext.newPage()
    await signInAt(reader, '/en/ops', SEEDED_READER)
    await textOf(reader.getByTestId('ops-refused'), /for Koma operators/)

    const opsContext = await newContext(browser, { baseURL: site!.baseURL, viewport: DESKTOP })
    const ops = await opsContext.newPage()
    const errors = trackErrors(ops)
    await signInAt(ops, '/en/ops', OPERATOR)
    await passSecondFactor(ops)
    await ops.getByTestId('ops-service').waitFor()
    await textOf(ops.getByTestId('ops-maintenance-status'), /as usual/)

    // Switching on without the titles: the form says what is missing, in the operator's language, and nothing is sent.
    await ops.getByLabel('Maintenance on').check()
    await ops.getByRole('button', { name: 'Save' }).first().click()
    await textOf(ops.getByTestId('ops-maintenance').getByRole('alert').first(), 'This is required.')
    await ops.getByLabel('Title (Japanese)').fill('メンテナンス中')
    await ops.getByLabel('Title (English)').fill('Koma is being updated')
    await ops.getByLabel('Title (French)').fill('Koma est en cours de mise à jour')
    await ops.getByLabel('Description (English)').fill('Back within the hour.')
    await ops.getByRole('button', { name: 'Save' }).first().click()
    await textOf(ops.getByTestId('ops-maintenance-status'), /maintenance screen now/)
    await ops.screenshot({ path: path.join(screenshotDir(), 'ops-service-1280.png'), fullPage: true })

    // The reader's next page is the maintenance screen, with the operator's English title.
    await reader.goto('/en')
    await textOf(reader.getByTestId('maintenance'), /Koma is being updated/)
    // The console keeps working during maintenance.
    await ops.reload()
    await textOf(ops.getByTestId('ops-maintenance-status'), /maintenance screen now/)
    await ops.getByLabel('Maintenance on').uncheck()
    await ops.getByRole('button', { name: 'Save' }).first().click()
    await textOf(ops.getByTestId('ops-maintenance-status'), /as usual/)
    await reader.goto('/en')
    await reader.getByTestId('home').waitFor()

    await ops.getByRole('link', { name: 'Audit log' }).click()
    await ops.getByTestId('ops-audit-entry').first().waitFor()
    const actions = await ops.getByTestId('ops-audit-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')))
    expect(actions.filter((action) => action === 'service.maintenance').length).toBeGreaterThanOrEqual(2)
    await ops.setViewportSize(PHONE)
    await ops.screenshot({ path: path.join(screenshotDir(), 'ops-audit-390.png'), fullPage: true })
    expect(errors).toEqual([])
    await readerContext.close()
    await opsContext.close()
  })
})
