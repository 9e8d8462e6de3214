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

/** The holds taken on the page's own deferred work, and what waits for them all to go. */
const holds = new Set<() => void>()
const waiting: (() => void)[] = []

/**
 * A screen whose first paint is still on its way holds the page's own deferred work (the host's
 * idle chunk: the time-zone cookie, Web Vitals), which would otherwise run in the gaps of that
 * paint: the novel reader while Readium opens its book (issue 39), the host until its first
 * render is committed (so a screen that holds has rendered before the hold can be missed).
 * Returns the release (once is enough; more is harmless); after `maxMs` it lets go by itself.
 */
export function holdPageWork(maxMs = 5000): () => void {
  const release = () => {
    if (!holds.delete(release)) return
    clearTimeout(timer)
    if (holds.size === 0) for (const run of waiting.splice(0)) run()
  }
  holds.add(release)
  const timer = setTimeout(release, maxMs)
  return release
}

/** Runs `run` once nothing holds the page's deferred work (holdPageWork): at once when nothing does. */
export function afterPageHolds(run: () => void): void {
  if (holds.size === 0) run()
  else waiting.push(run)
}

/**
 * Runs `run` once nothing holds the page's deferred work and the browser is then idle (at most
 * `timeoutMs` after the holds go), looking at the holds again at that moment: a screen takes its
 * hold only once it knows what it draws (the novel reader once its chapter is in, a render after
 * the host's first commit released the host's hold), and what ran at once in that gap (the
 * time zone's first date format, 15–35 ms; the Web Vitals chunk) ran in the middle of a book's
 * first page (issue 39).
 */
export function whenPageSettles(run: () => void, timeoutMs: number): void {
  afterPageHolds(() => void whenIdle(() => (holds.size > 0 ? whenPageSettles(run, timeoutMs) : run()), timeoutMs))
}
