import { endpoints } from '../api/endpoints'
import { whenPageSettles } from '../browser/idle'
import { COOKIES, DO_NOT_SHARE_COOKIE_DAYS, deleteCookie, readCookie, writeCookie } from '../browser/cookies'
import { ANALYTICS_LIMITS, analyticsPath, doNotShare, referralOf, type AnalyticsEvent, type AnalyticsEventName } from '../domain/analytics'
import { isCrawler } from '../domain/userAgent'
import { serverPage } from '../host/serverPage'
import { api } from '../runtime'

/**
 * The page's first-party analytics (SPEC §7): events wait in a queue and go to our API in
 * batches (every 5 s and when the page is hidden), silently: analytics never shows an error.
 * Nothing is queued or sent while the reader chose not to share (SPEC §1): the footer choice
 * (cookie), the account setting (which sets the same cookie) or Global Privacy Control.
 */

/** Where the external referrer of the visit is kept (SPEC §7), for later events. */
export const REFERRER_HOST_KEY = 'koma.referrerHost'

interface Sender {
  /**
   * `leaving`: the page is being hidden or left; the request must start before this call returns
   * and outlive the page (fetch keepalive with headers made ahead: ApiClient.sendWhileLeaving).
   */
  send(events: AnalyticsEvent[], options?: { leaving?: boolean }): Promise<unknown>
  /** Something is queued: get ready to send it as the page is left. */
  prepare?(): void
}

/** At most this long after the page's holds go, the sender gets ready for leaving, idle or not. */
const PREPARE_WAIT_MS = 1000

const apiSender: Sender = {
  prepare: () => void api.prepareLeaving(),
  send: (events, options) => {
    const body = { events: JSON.stringify(events) }
    if (options?.leaving && api.sendWhileLeaving(endpoints.analyticsEvents, { body })) return Promise.resolve()
    return api.request(endpoints.analyticsEvents, { body, policy: { silent: true }, ...(options?.leaving ? { keepalive: true } : {}) })
  },
}

/** An id for an event, unique for this browser in practice (the API keeps one event per visitor and id). */
function newEventId(now: number): string {
  const random = new Uint32Array(2)
  if (typeof crypto !== 'undefined' && crypto.getRandomValues) crypto.getRandomValues(random)
  else for (let i = 0; i < random.length; i++) random[i] = Math.floor(Math.random() * 2 ** 32)
  return `${now.toString(36)}-${Array.from(random, (part) => part.toString(36)).join('')}`
}

function gpcOn(): boolean {
  const server = serverPage()
  if (server) return server.gpc
  return typeof navigator !== 'undefined' && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
}

/** Someone else the events go to (a configured tag manager or pixel): told each recorded event, and when the reader stops sharing. */
export interface AnalyticsSink {
  event(event: AnalyticsEvent): void
  stopped(): void
}

export class AnalyticsTracker {
  private queue: AnalyticsEvent[] = []
  private readonly sinks = new Set<AnalyticsSink>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private lastPath: string | null = null
  private preparing = false

  constructor(
    private readonly sender: Sender = apiSender,
    private readonly now: () => number = Date.now,
  ) {}

  /** The reader's choice as this page knows it. */
  sharing(): boolean {
    return !doNotShare({ gpc: gpcOn(), cookie: readCookie(COOKIES.doNotShare) })
  }

  /** Forward every event this tracker records (same rules: nothing while the reader does not share); returns the unsubscribe. */
  forward(sink: AnalyticsSink): () => void {
    this.sinks.add(sink)
    return () => void this.sinks.delete(sink)
  }

  /** SPEC §1 "do not share my personal information": kept in a cookie for everyone (a member's setting too); what is queued is dropped. */
  setDoNotShare(on: boolean): void {
    if (on) {
      writeCookie(COOKIES.doNotShare, '1', DO_NOT_SHARE_COOKIE_DAYS)
      this.queue = []
      for (const sink of this.sinks) sink.stopped()
    } else deleteCookie(COOKIES.doNotShare)
  }

  /** One event of the current page. */
  track(name: AnalyticsEventName, props?: AnalyticsEvent['props'], pathname: string = typeof location === 'undefined' ? '/' : location.pathname): void {
    // Crawlers are not readers: their visits are not counted.
    if (!this.sharing() || (typeof navigator !== 'undefined' && isCrawler(navigator.userAgent))) return
    const referrerHost = storedReferrerHost()
    const withReferrer = referrerHost && name !== 'referral' ? { ...props, referrer_host: referrerHost } : props
    const event: AnalyticsEvent = {
      id: newEventId(this.now()),
      name,
      path: analyticsPath(pathname),
      at: this.now(),
      ...(withReferrer && Object.keys(withReferrer).length ? { props: withReferrer } : {}),
    }
    this.queue.push(event)
    for (const sink of this.sinks) {
      try {
        sink.event(event)
      } catch {
        // A provider's failure is never the reader's.
      }
    }
    this.prepare()
    if (this.queue.length >= ANALYTICS_LIMITS.batch) void this.flush()
    else this.schedule()
  }

  /** A page view per route change (the same path twice in a row is one view: a re-render, a query change). */
  pageView(pathname: string): void {
    const path = analyticsPath(pathname)
    if (path === this.lastPath) return
    this.lastPath = path
    this.track('page_view', undefined, pathname)
  }

  /** At the start of a visit: the referral event when it comes from elsewhere or carries utm_ parameters. */
  visit(input: { href: string; referrer: string; ownHost: string }): void {
    const referral = referralOf(input)
    if (!referral) return
    if (referral.referrerHost) {
      try {
        localStorage.setItem(REFERRER_HOST_KEY, referral.referrerHost)
      } catch {
        /* storage refused: the event still says it */
      }
    }
    this.track(
      'referral',
      { keyword: referral.keyword.slice(0, ANALYTICS_LIMITS.propText), ...(referral.referrerHost ? { referrer_host: referral.referrerHost } : {}) },
      new URL(input.href).pathname,
    )
  }

  /**
   * Send what is queued (in batches of at most 50). `leaving`: the page is being hidden or left,
   * so every batch goes at once with keepalive (an ordinary request would be cancelled by the
   * unload, losing the visit's page view and referral when the reader leaves within 5 s).
   */
  async flush(options: { leaving?: boolean } = {}): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const sending: Promise<unknown>[] = []
    while (this.queue.length) {
      const batch = this.queue.splice(0, ANALYTICS_LIMITS.batch)
      if (!this.sharing()) return
      if (options.leaving) {
        sending.push(this.sender.send(batch, { leaving: true }).catch(() => undefined))
        continue
      }
      try {
        await this.sender.send(batch)
      } catch {
        // Lost: analytics never retries at the reader's expense.
      }
    }
    await Promise.all(sending)
  }

  /**
   * The sender gets ready for the page being left once the page's first screen is up and the
   * browser is idle (whenPageSettles): the API's headers read the time zone, whose first read
   * loads the browser's date data (15-35 ms at 1x CPU, four times that on a slow phone), and a
   * novel's first page must not wait on that (issue 39). Events of a reader who leaves before
   * that screen is up (a novel's first page: well under a second, 5 s at most) may go unsent.
   */
  private prepare(): void {
    if (!this.sender.prepare || this.preparing) return
    this.preparing = true
    whenPageSettles(() => {
      this.preparing = false
      this.sender.prepare?.()
    }, PREPARE_WAIT_MS)
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_LIMITS.flushMs)
  }
}

function storedReferrerHost(): string | null {
  try {
    return localStorage.getItem(REFERRER_HOST_KEY)
  } catch {
    return null
  }
}

/** The page's one tracker (contracts is a federation singleton: host and remotes share it). */
export const analytics = new AnalyticsTracker()

/** Host boot: the visit's referral, and a last batch (keepalive) when the page is hidden or left. */
export function installAnalytics(): void {
  if (typeof window === 'undefined') return
  analytics.visit({ href: location.href, referrer: document.referrer, ownHost: location.hostname })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void analytics.flush({ leaving: true })
  })
  // Not every way out hides the page first (a link to another site in the same tab).
  window.addEventListener('pagehide', () => void analytics.flush({ leaving: true }))
}
