/**
 * Waits until `check` holds, asking every 100 ms (a job queue or a cache bus does its work in its
 * own time): fails after `timeoutMs`. A condition, never a fixed sleep.
 */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
