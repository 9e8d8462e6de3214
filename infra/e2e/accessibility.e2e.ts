import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core'
import { findTitle } from './support/api'
import { launchBrowser, newContext, PHONE } from './support/browser'
import { signInAt } from './support/members'

/** Issue 14: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules, on the main page of every remote, with no exception list. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

let browser: Browser
/** The seeded reader's session, signed in once and handed to the contexts of the signed-in pages. */
let session: Cookie[] = []
beforeAll(async () => {
  browser = await launchBrowser()
  const context = await newContext(browser, { viewport: PHONE })
  await signInAt(await context.newPage(), '/en')
  session = await context.cookies()
  await context.close()
})
afterAll(async () => {
  await browser?.close()
})

interface Target {
  name: string
  signedIn?: boolean
  /** Where to go, and the test id that says the page has its content. */
  path: () => Promise<string>
  ready: string
}

const imageTitle = () => findTitle((t) => t.chapterFileFormat === 'image' && !t.mature && t.chapters.some((c) => c.salesConfig.free && !c.aborted))
const freeChapter = (title: Awaited<ReturnType<typeof imageTitle>>) => title.chapters.find((c) => c.salesConfig.free && !c.aborted)!

const TARGETS: Target[] = [
  { name: 'home (mf-catalog)', path: async () => '/en', ready: 'home-section' },
  { name: 'episode list (mf-catalog)', path: async () => ((t) => `/en/${t.type}/${t.id}`)(await imageTitle()), ready: 'episode-list' },
  { name: 'search (mf-catalog)', path: async () => '/en/search/moonlit', ready: 'search-results' },
  {
    name: 'viewer, an image chapter (mf-viewer)',
    path: async () => ((t) => `/en/${t.type}/${t.id}/chapter/${freeChapter(t).id}/product`)(await imageTitle()),
    ready: 'page-image',
  },
  { name: 'sign-in (mf-account)', path: async () => '/en/login', ready: 'login' },
  { name: 'settings, signed in (mf-account)', signedIn: true, path: async () => '/en/account/setting', ready: 'settings' },
  { name: 'coin shop, signed in (mf-payments)', signedIn: true, path: async () => '/en/coinpurchase', ready: 'coin-product' },
  {
    name: 'chapter comments, signed in (mf-community)',
    signedIn: true,
    path: async () => ((t) => `/en/comment/${t.type}/${t.id}/${freeChapter(t).id}`)(await imageTitle()),
    ready: 'comment-form',
  },
]

/** One line per failing node: rule, where, what to do. */
function report(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} ${JSON.stringify(node.target)}: ${violation.help} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
  )
}

describe('accessibility (axe-core, WCAG 2.2 AA) at 390 px', () => {
  it.each(TARGETS)('$name has no violations', async (target) => {
    const context: BrowserContext = await newContext(browser, { viewport: PHONE })
    if (target.signedIn) await context.addCookies(session)
    try {
      const page: Page = await context.newPage()
      await page.goto(await target.path())
      await page.getByTestId(target.ready).first().waitFor()
      // Fonts settle the layout axe measures colours on.
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
      const lines = report(results.violations)
      if (lines.length) console.log(`${target.name}: ${lines.length} failing nodes\n${lines.join('\n')}`)
      expect(lines).toEqual([])
    } finally {
      await context.close()
    }
  })
})
