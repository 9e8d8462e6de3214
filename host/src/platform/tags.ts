import { analytics, readBootData, whenIdle, type AnalyticsTracker, type TagConfig } from '@koma/contracts'
import { hasTags, isCrawler, providerEvent, tagScriptUrls, validTagConfig } from '@koma/contracts/domain'

/**
 * The operator's third-party analytics providers (issue 15): a Google Tag Manager container
 * and/or a Meta pixel, named by the edge in the page's boot data only when configured
 * (KOMA_TAG_MANAGER_ID, KOMA_META_PIXEL_ID) and when the request did not say do-not-share.
 *
 * Nothing configured, a reader who does not share (footer cookie, account setting, Global Privacy
 * Control) or a crawler: nothing is created, loaded or sent. Otherwise every event the
 * first-party tracker records is pushed to the provider (`dataLayer.push({ event, page_path, … })`,
 * the pixel's `PageView` and `trackCustom`), without anything personal (`providerEvent`), and the
 * provider's script is added once after the page has loaded, when the browser is idle, so it
 * never holds the first paint. When the reader turns do-not-share on, nothing more is pushed and
 * the providers are told consent is withdrawn (Google consent mode `denied`, the pixel's
 * `revoke`); a script already running stays until the next page, which does not load it.
 */

interface Pixel {
  (...args: unknown[]): void
  callMethod?: (...args: unknown[]) => void
  queue: unknown[]
  push: Pixel
  loaded: boolean
  version: string
}

interface TagWindow {
  dataLayer?: unknown[]
  fbq?: Pixel
  _fbq?: Pixel
}

export interface TagOptions {
  config?: TagConfig
  tracker?: AnalyticsTracker
  /** When to add the scripts (default: after the load event, when idle). */
  later?: (load: () => void) => void
}

/** After the page's load event, when the browser is idle: the provider never competes with the first paint. */
export function afterLoadWhenIdle(load: () => void): void {
  const idle = () => void whenIdle(load, 3000)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/** The Meta pixel's own queue, as its snippet makes it (ours is code in our bundle: the CSP runs no inline script). */
function pixelQueue(w: TagWindow): Pixel {
  if (w.fbq) return w.fbq
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args)
    else fbq.queue.push(args)
  } as Pixel
  fbq.push = fbq
  fbq.loaded = true
  fbq.version = '2.0'
  fbq.queue = []
  w.fbq = fbq
  w._fbq ??= fbq
  return fbq
}

/** Installs the configured providers; returns whether any was (false: nothing at all was done). */
export function installTags(options: TagOptions = {}): boolean {
  if (typeof window === 'undefined') return false
  const config = validTagConfig(options.config ?? readBootData()?.tags)
  const tracker = options.tracker ?? analytics
  if (!hasTags(config) || !tracker.sharing() || isCrawler(navigator.userAgent)) return false
  const w = window as unknown as TagWindow
  let dataLayer: unknown[] | null = null
  let pixel: Pixel | null = null
  if (config.gtm) {
    dataLayer = w.dataLayer ??= []
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  }
  if (config.pixel) {
    pixel = pixelQueue(w)
    pixel('init', config.pixel)
  }
  /** Google's gtag(): its commands must be pushed as an Arguments object. */
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    dataLayer?.push(arguments)
  }
  let stopped = false
  const unsubscribe = tracker.forward({
    event(event) {
      if (stopped || !tracker.sharing()) return
      const { name, params } = providerEvent(event)
      dataLayer?.push({ event: name, ...params })
      if (pixel) {
        if (name === 'page_view') pixel('track', 'PageView')
        else pixel('trackCustom', name, params)
      }
    },
    stopped() {
      if (stopped) return
      stopped = true
      unsubscribe()
      if (dataLayer) gtag('consent', 'update', { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' })
      pixel?.('consent', 'revoke')
    },
  })
  let loaded = false
  ;(options.later ?? afterLoadWhenIdle)(() => {
    if (loaded || stopped || !tracker.sharing()) return
    loaded = true
    for (const src of tagScriptUrls(config)) {
      const script = document.createElement('script')
      script.async = true
      script.src = src
      document.head.appendChild(script)
    }
  })
  return true
}
