import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** Issue 14: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules, with no exception list. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/** One line per failing node: rule, where, what to do. */
export function report(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} ${JSON.stringify(node.target)} ${node.html.slice(0, 160)}: ${violation.help} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    ),
  )
}

/** What axe finds on the page as it is now (the open dialog, menu or sheet included), once fonts have settled the layout. */
export async function violations(page: Page, name: string): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const lines = report((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations)
  if (lines.length) console.log(`${name}: ${lines.length} failing nodes\n${lines.join('\n')}`)
  return lines
}
