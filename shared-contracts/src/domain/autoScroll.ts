import type { AutoScrollSpeed } from './account-types'

/**
 * Auto-scroll (issue 37): the seconds one screen takes to pass at each speed step, slowest first.
 * A vertical strip moves one screen height in that time; a paged viewer turns a page after it.
 */
export const AUTO_SCROLL_SECONDS_PER_SCREEN: Record<AutoScrollSpeed, number> = { 1: 16, 2: 12, 3: 9, 4: 6, 5: 4 }

export const AUTO_SCROLL_SPEEDS: readonly AutoScrollSpeed[] = [1, 2, 3, 4, 5]

export const isAutoScrollSpeed = (value: unknown): value is AutoScrollSpeed => AUTO_SCROLL_SPEEDS.includes(value as AutoScrollSpeed)

/** The speed a step up (+1) or down (-1) from `speed`, kept within the steps. */
export function nextAutoScrollSpeed(speed: AutoScrollSpeed, change: 1 | -1): AutoScrollSpeed {
  return Math.min(5, Math.max(1, speed + change)) as AutoScrollSpeed
}

/**
 * How far a strip moves in `elapsedMs` at `speed` on a screen `screenHeight` px tall, in px
 * (fractional: the caller keeps the remainder so slow speeds still move on a 60 Hz screen).
 * A frame that took very long (a background tab, a debugger) moves at most a tenth of a screen.
 */
export function autoScrollDistance(speed: AutoScrollSpeed, screenHeight: number, elapsedMs: number): number {
  if (!(screenHeight > 0) || !(elapsedMs > 0)) return 0
  const perMs = screenHeight / (AUTO_SCROLL_SECONDS_PER_SCREEN[speed] * 1000)
  return Math.min(perMs * elapsedMs, screenHeight / 10)
}
