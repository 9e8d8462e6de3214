import type { Locator } from 'playwright-core'

/**
 * The one polling helper of every test lane (end-to-end, API, edge): poll until `read()` satisfies
 * `check` (playwright-core has no auto-retrying expect; a job queue or a cache bus does its work in
 * its own time). A condition, never a fixed sleep. Returns
 * the last value; throws with it after `timeoutMs`. `intervalMs` spaces the reads (a read that
 * acts, e.g. a retried post, should not hammer the API's abuse limits).
 */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T = await read()
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms; last value: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    last = await read()
  }
  return last
}

/** Wait until the element's text equals (or matches) `expected`. */
export function textOf(locator: Locator, expected: string | RegExp, timeoutMs?: number): Promise<string | null> {
  return eventually(
    () => locator.textContent({ timeout: timeoutMs }),
    (text) => (typeof expected === 'string' ? text === expected : expected.test(text ?? '')),
    timeoutMs,
  )
}
