import { AUTO_SCROLL_SECONDS_PER_SCREEN, autoScrollDistance, type AutoScrollSpeed } from '@koma/contracts/domain'

/** The strip has reached its end: the chapter's end is on screen (2 px of rounding allowed). */
export const atStripEnd = (): boolean => {
  const root = document.scrollingElement ?? document.documentElement
  return window.scrollY + window.innerHeight >= root.scrollHeight - 2
}

/**
 * Moves a vertical strip by itself until stopped or at the end (issue 37): a smooth scroll, one
 * screen per AUTO_SCROLL_SECONDS_PER_SCREEN[speed] seconds; with `paper` (e-ink) a whole screen at
 * a time in that rhythm, with no motion between. Returns the stop.
 */
export function scrollStrip(speed: AutoScrollSpeed, paper: boolean, onEnd: () => void): () => void {
  if (paper) {
    const timer = setInterval(() => {
      if (atStripEnd()) {
        clearInterval(timer)
        onEnd()
        return
      }
      window.scrollBy({ top: window.innerHeight - 52, behavior: 'instant' })
    }, AUTO_SCROLL_SECONDS_PER_SCREEN[speed] * 1000)
    return () => clearInterval(timer)
  }
  let frame = 0
  let last: number | null = null
  // Whole pixels only (a browser may round a fractional scroll to nothing): the rest waits for the next frame.
  let owed = 0
  const step = (now: number) => {
    if (last !== null) owed += autoScrollDistance(speed, window.innerHeight, now - last)
    last = now
    if (atStripEnd()) {
      frame = 0
      onEnd()
      return
    }
    const whole = Math.floor(owed)
    if (whole >= 1) {
      owed -= whole
      window.scrollBy({ top: whole, behavior: 'instant' })
    }
    frame = requestAnimationFrame(step)
  }
  frame = requestAnimationFrame(step)
  return () => {
    if (frame) cancelAnimationFrame(frame)
  }
}
