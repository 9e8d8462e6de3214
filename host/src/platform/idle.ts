import { COOKIES, deviceTimeZone, forgetPageCookies, LOCALE_COOKIE_DAYS, readBootData, readCookie, writeCookie } from '@koma/contracts'
import type { RemoteLoader } from '../federation/loader'

/**
 * What a page does once it is idle (bootstrap.tsx). This little is part of main.js (a chunk of
 * its own cost more in request headers than its bytes); what it loads (Web Vitals) is a chunk of
 * its own, fetched only on a sampled page load.
 */
export function whenPageIdle(loader: Pick<RemoteLoader, 'running' | 'versionOf'>): void {
  // The page's cookies from the browser from now on, not the copy the edge put in the page
  // (contracts' cookies.ts, issue 39): the first document.cookie read of a page, a synchronous call
  // to the browser, happens here, in an idle moment, not in a reader's first tap.
  forgetPageCookies()
  // The edge draws the next page's dates in this browser's zone (issue 13); the first
  // DateTimeFormat of a page loads the zone data (18 ms on a fast machine).
  const timeZone = deviceTimeZone()
  if (readCookie(COOKIES.timeZone) !== timeZone) writeCookie(COOKIES.timeZone, timeZone, LOCALE_COOKIE_DAYS)
  // Readers' Web Vitals (issue 38) on the page loads the edge sampled (boot data), measured by a
  // chunk of their own (webVitals.ts; one that cannot be fetched: no figures, nothing else lost).
  if (readBootData()?.vitals)
    void (typeof Array.prototype.at === 'function' ? Promise.resolve() : import('./atPolyfill'))
      .then(() => import('./webVitals'))
      .then(
        (vitals) => vitals.start(loader),
        () => undefined,
      )
}
