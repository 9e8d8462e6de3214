/**
 * Runs `run` when the browser is idle, at most `timeoutMs` later (requestIdleCallback). Where
 * there is none (Safari), one frame's time later. Returns a function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(run, 16)
  return () => window.clearTimeout(id)
}
