import { TIMINGS } from '../theme/timings'
import type { Locale } from '../i18n/locales'
import { text } from '../i18n/texts'

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

/**
 * What a failed load says (SPEC §8 "data could not be obtained"): the API's own refusal when it
 * gave one (a 4xx with a message), else that the data could not be obtained (the server, the
 * network, anything thrown on the way).
 */
export function loadFailureMessage(error: unknown, locale: Locale): string {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    const { status, message } = error as { status: unknown; message: unknown }
    if (typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message) return message
  }
  return text('dataNotObtained', locale)
}
