// From the shared barrel only (and types): what this chunk imports from anywhere else would be
// split out of the first load's bundles, costing them bytes (platform.e2e's budget).
import { analytics, resolveRoute, type RemoteName } from '@koma/contracts'
import type { VitalsBeacon, WebVitalName } from '@koma/contracts/domain'
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import type { RemoteLoader } from '../federation/loader'

/**
 * Readers' Web Vitals (issue 38): this page's LCP, INP, CLS and TTFB, measured by `web-vitals`
 * and sent to the edge with navigator.sendBeacon as the page is hidden (POST /beacons/vitals),
 * labelled by the route the reader landed on and the versions of the host and of the remote that
 * drew it. Nothing personal: no path, no id, no address in the body. Only for a page the edge's
 * sample picked (boot data, idle.ts) and while the reader allows analytics (do-not-share, GPC).
 *
 * Loaded in its own chunk once the page is idle (idle.ts): the observers read the buffered
 * entries (`largest-contentful-paint`, `layout-shift`, `event`, the navigation), so LCP, CLS and
 * TTFB still come in full. Each metric is sent once per page, its value when first reported (CLS
 * and INP as the page is first hidden); a single-page navigation keeps the landing route's labels.
 */

export const VITALS_PATH = '/beacons/vitals'

/** The labels of the page the reader landed on, or null when it has none the edge would take (no route, no version). */
export function vitalsLabels(
  pathname: string,
  versions: { host: string | null; versionOf: (remote: RemoteName) => string | null },
): Omit<VitalsBeacon, 'vitals'> | null {
  const route = resolveRoute(pathname)?.route
  if (!route || route.redirectTo || !versions.host) return null
  const version = route.owner === 'host' ? versions.host : versions.versionOf(route.owner)
  return version ? { route: route.id, host: versions.host, remote: route.owner, version } : null
}

export interface VitalsOptions {
  labels: Omit<VitalsBeacon, 'vitals'>
  /** Whether the reader allows analytics now (default: the first-party tracker's rule). */
  sharing?: () => boolean
  send?: (url: string, body: Blob) => boolean
  /** The library's observers (tests give their own). */
  observe?: Record<WebVitalName, (report: (metric: Pick<Metric, 'name' | 'value'>) => void) => void>
}

const LIBRARY = { LCP: onLCP, INP: onINP, CLS: onCLS, TTFB: onTTFB }

/** Starts measuring; sends what was reported each time the page is hidden (nothing after do-not-share is chosen). */
export function installWebVitals(options: VitalsOptions): void {
  const sharing = options.sharing ?? (() => analytics.sharing())
  // Crawlers' pages are not readers': the edge does not count them (isbot).
  if (!sharing()) return
  const send = options.send ?? ((url, body) => navigator.sendBeacon?.(url, body) ?? false)
  const pending: Partial<Record<WebVitalName, number>> = {}
  const sent = new Set<WebVitalName>()
  const observe = options.observe ?? LIBRARY
  for (const name of Object.keys(observe) as WebVitalName[]) {
    observe[name]((metric) => {
      if (!sent.has(name) && !(name in pending)) pending[name] = Math.round(metric.value * (name === 'CLS' ? 10_000 : 1)) / (name === 'CLS' ? 10_000 : 1)
    })
  }
  // After the library's own listeners (on window, capturing): its final values are in by then.
  const flush = () => {
    const names = Object.keys(pending) as WebVitalName[]
    if (names.length === 0) return
    const vitals = { ...pending }
    for (const name of names) {
      sent.add(name)
      delete pending[name]
    }
    if (!sharing()) return
    const body: VitalsBeacon = { ...options.labels, vitals }
    try {
      send(VITALS_PATH, new Blob([JSON.stringify(body)], { type: 'application/json' }))
    } catch {
      /* best effort: a page that cannot send it loses nothing else */
    }
  }
  // Hidden only, not pagehide: a page going away is hidden too (after its pagehide), and by then
  // the library has its final CLS and INP: one beacon per page, not two.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
}

/**
 * What bootstrap.tsx calls on a sampled page, when it is idle: the labels of the page the reader
 * landed on (the navigation's URL: they may have moved on since; the registry is read by then),
 * then the observers.
 */
export function start(
  loader: Pick<RemoteLoader, 'running' | 'versionOf'>,
  landing = new URL((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name ?? location.href).pathname,
): void {
  const labels = vitalsLabels(landing, { host: loader.running().host, versionOf: (remote) => loader.versionOf(remote) })
  if (!labels) return
  installWebVitals({ labels })
  // The page measures (the end-to-end tests wait for it before the reader leaves: the measuring
  // starts after the first paint, whenever the page is next idle).
  document.documentElement.setAttribute('data-vitals', 'measuring')
}
