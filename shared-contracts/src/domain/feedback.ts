import { TIMINGS } from '../theme/timings'

/**
 * SPEC §8 error-with-callback: what its OK does with the status it reports. 303 does nothing,
 * 404 goes home, 304 and every other status reload the page.
 */
export type ErrorCallbackOutcome = 'none' | 'home' | 'reload'

export function errorCallbackOutcome(status: number | undefined): ErrorCallbackOutcome {
  if (status === 303) return 'none'
  if (status === 404) return 'home'
  return 'reload'
}

/**
 * How long a transient notification stays visible (SPEC §4/§9): the caller's duration when it is
 * a positive number (2000 ms where SPEC says), else the 2400 ms default. Its text is cleared
 * `TIMINGS.notificationClearMs` (500 ms) after it hides.
 */
export const notificationDuration = (durationMs?: number): number =>
  typeof durationMs === 'number' && Number.isFinite(durationMs) && durationMs > 0 ? durationMs : TIMINGS.notificationMs
