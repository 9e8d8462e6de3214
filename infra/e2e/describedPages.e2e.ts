import path from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { violations } from './support/axe'
import { DESKTOP, launchBrowser, newContext, ON_THIS_MACHINE, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { enrolAuthenticator, SEEDED_READER, signInAt } from './support/members'
import { readSite, screenshotDir, startSite, stopSite, type SiteInfo } from './support/site'

/** The demo console account (infra/api/src/seed/members.ts), made an operator on this file's site. */
const OPERATOR = { email: 'ops@koma.example', password: 'koma-operator-1' }
/** axe's rules about images and their text (issue 37: they stay clean on the viewers). */
const IMAGE_RULES = /^(image-alt|role-img-alt|svg-img-alt|image-redundant-alt|input-image-alt|area-alt|object-alt) /

/**
 * Described comic pages (issue 37) on a site of its own (the operator's edit would show in other
 * files' viewers): the seeded comics come described, an operator rewrites one page's description
 * in the console, and the reader's viewer gives it to screen readers as the image's name.
 */
let browser: Browser
let site: SiteInfo | null = null
let opsContext: BrowserContext
let ops: Page
let opsErrors: string[]
let readerContext: BrowserContext
let reader: Page
let readerErrors: string[]
beforeAll(async () => {
  browser = await launchBrowser()
  const started = await startSite({ edgeFrom: readSite(), operators: [OPERATOR.email] })
  site = started
  opsContext = await newContext(browser, { baseURL: site.baseURL, viewport: DESKTOP })
  ops = await opsContext.newPage()
  opsErrors = trackErrors(ops)
  await signInAt(ops, '/en/ops', OPERATOR)
  await ops.getByTestId('ops-second-factor').waitFor()
  await enrolAuthenticator(ops, started.setUpCodes[OPERATOR.email]!)
  await ops.getByTestId('ops-service').waitFor()
  readerContext = await newContext(browser, { baseURL: site.baseURL, viewport: PHONE, address: ON_THIS_MACHINE })
  reader = await readerContext.newPage()
  readerErrors = trackErrors(reader)
  await signInAt(reader, '/en/account/coupon', SEEDED_READER)
}, 300_000)
afterAll(async () => {
  await readerContext?.close()
  await opsContext?.close()
  await browser?.close()
  if (site) await stopSite(site)
})

/** The page (its first screen), or one part of it when `part` is given, at a phone's or a desktop's width. */
async function shoot(page: Page, name: string, width: 'phone' | 'desktop', part?: Locator) {
  await page.setViewportSize(width === 'phone' ? PHONE : DESKTOP)
  const file = path.join(screenshotDir(), `${name}-${width === 'phone' ? 390 : 1280}.png`)
  if (part) await part.screenshot({ path: file })
  else await page.screenshot({ path: file })
}

const imageNames = (page: Page) =>
  page.getByTestId('page-image').evaluateAll((images) => images.map((image) => image.getAttribute('alt')).filter((alt): alt is string => Boolean(alt)))

describe('described comic pages (issue 37)', () => {
  it('a seeded title is described throughout: the label on its episode list in en, fr and ja, and its pages named by what they show', async () => {
    await reader.goto('/en/comic/1')
    await reader.getByTestId('episode-list').waitFor()
    await textOf(reader.getByTestId('described-label'), 'Described')
    await shoot(reader, 'described-episodes', 'phone')
    await shoot(reader, 'described-episodes', 'desktop')
    await reader.goto('/fr/comic/1')
    await textOf(reader.getByTestId('described-label'), 'Décrit')
    // Japanese: unprefixed paths, with the language cookie the language menu writes.
    await readerContext.addCookies([{ name: 'koma_locale', value: 'ja', url: site!.baseURL }])
    await reader.goto('/comic/1')
    await textOf(reader.getByTestId('described-label'), '画像説明つき')
    await readerContext.addCookies([{ name: 'koma_locale', value: 'en', url: site!.baseURL }])

    // Its first episode (the console lists chapters in order), free to read.
    await ops.goto('/en/ops/titles/1')
    const chapterId = await ops.getByTestId('ops-chapter').first().getAttribute('data-chapter')
    await reader.setViewportSize(PHONE)
    await reader.goto(`/en/comic/1/chapter/${chapterId}/product`)
    await reader.getByTestId('vertical-strip').waitFor()
    await reader.getByTestId('page-image').first().waitFor()
    const names = await imageNames(reader)
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(name).toMatch(/^A vertical strip of \d+ panels\. Panel 1: /)
    expect((await violations(reader, 'vertical viewer, described')).filter((line) => IMAGE_RULES.test(line))).toEqual([])
    await shoot(reader, 'described-viewer', 'phone')
    await shoot(reader, 'described-viewer', 'desktop')
    await reader.setViewportSize(PHONE)
  })

  it('an operator rewrites a page’s description and the reader’s viewer gives it as the image’s accessible name', async () => {
    await ops.goto('/en/ops/titles/1')
    await ops.getByTestId('ops-title').waitFor()
    const chapter = ops.getByTestId('ops-chapter').first()
    const chapterId = await chapter.getAttribute('data-chapter')
    await chapter.locator('summary').click()
    const section = chapter.getByTestId('ops-page-descriptions')
    await textOf(section.getByTestId('ops-pages-described'), /^(\d+) of \1 pages described in every language$/)
    // The page itself is shown beside its texts (loaded, not a broken image).
    await eventually(
      () => section.getByRole('img', { name: 'Page 1' }).evaluate((image) => (image as HTMLImageElement).naturalWidth),
      (width) => width > 0,
    )
    const form = section.getByTestId('ops-page-form')
    expect(await form.getByLabel('Description (English)').inputValue()).toMatch(/^A vertical strip of/)
    const description = 'Princess Aya lowers her blade at the edge of the moonlit lake and says: “Not tonight.”'
    await form.getByLabel('Description (English)').fill(description)
    await form.getByRole('button', { name: 'Save page description' }).click()
    await textOf(form.getByRole('status'), 'Saved.')
    await shoot(ops, 'described-ops', 'desktop', section)
    await shoot(ops, 'described-ops', 'phone', section)
    await ops.setViewportSize(DESKTOP)

    // The console's write makes the edges forget their copies; the viewer reads the new text.
    await eventually(
      async () => {
        await reader.goto(`/en/comic/1/chapter/${chapterId}/product`)
        await reader.getByTestId('page-image').first().waitFor()
        return reader.getByRole('img', { name: description }).count()
      },
      (count) => count === 1,
      45_000,
      1_000,
    )
    expect(await reader.getByTestId('page-image').first().getAttribute('alt')).toBe(description)
    expect((await violations(reader, 'vertical viewer, edited')).filter((line) => IMAGE_RULES.test(line))).toEqual([])

    // The audit log has the change.
    await ops.goto('/en/ops/audit')
    await textOf(ops.locator('[data-testid="ops-audit-entry"][data-action="page.description"]').first(), new RegExp(`chapter:${chapterId}:page:1`))
    expect(opsErrors).toEqual([])
    expect(readerErrors).toEqual([])
  })
})
