import type { TagConfig } from '../domain/tagProviders'
import type { Locale } from '../i18n/locales'

/**
 * What the edge writes into the page's `koma-boot` script element (pageData.ts reads it; the edge
 * sets it for the page it draws, serverPage.ts). A file of its own so both import it without
 * importing each other.
 */
export interface BootData {
  /** The reader's address as the edge saw it and the edge's clock (the `/ip` answer). */
  ip?: { ip: string; now: number }
  /** `result` of GET calls the page will make first, by bootKey (their path under /api, e.g. `/en/home`). */
  results?: Record<string, unknown>
  /**
   * The request's page-readable cookies, as a Cookie header (browser/cookies.ts pageCookieSnapshot,
   * issue 39): the page's first cookie reads take them from here, not from document.cookie.
   */
  cookie?: string
  /** The language those answers are in (the page's, as the edge resolved it). */
  locale?: Locale
  /** The operator's third-party analytics providers, only when configured and the request did not say do-not-share. */
  tags?: TagConfig
  /**
   * When the edge drew the page (issue 13): the seed of its random choices (home's shuffled
   * sections), so the browser's first render chooses the same (host/pageRandom.ts).
   */
  seed?: number
  /** When the edge drew the page: the time zone it drew dates in (host/pageTimeZone.ts). */
  timeZone?: string
  /**
   * Readers' Web Vitals (issue 38): this page load reports its own to the edge. The edge draws the
   * sample (KOMA_VITALS_SAMPLE_RATE of page loads), never for a request that said do-not-share.
   */
  vitals?: true
}
