import type { TagConfig } from '../domain/tagProviders'
import type { Locale } from '../i18n/locales'
import { serverPage } from './serverPage'

/**
 * What the edge writes into the page it serves, as JSON script elements (data, never code: the
 * Content-Security-Policy runs no inline script), so the first page makes no request the edge
 * could answer. The host and the API client read each once; without them they ask as before.
 */

/** `<script type="application/json" id="koma-registry">`: the live registry. */
export const INLINE_REGISTRY_ID = 'koma-registry'
/** `<script type="application/json" id="koma-boot">`: the reader's address and first API answers. */
export const BOOT_DATA_ID = 'koma-boot'

export interface BootData {
  /** The reader's address as the edge saw it and the edge's clock (the `/ip` answer). */
  ip?: { ip: string; now: number }
  /** `result` of GET calls the page will make first, by path under /api (e.g. `/en/home`). */
  results?: Record<string, unknown>
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
}

/** JSON safe inside a script element: no `</script>`, no `<!--`, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

let boot: BootData | null | undefined

/** The page's boot data (read from the element once; null outside a browser or without it). */
export function readBootData(): BootData | null {
  const server = serverPage()
  if (server) return server.boot
  if (boot !== undefined) return boot
  boot = null
  const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ID)
  if (element?.textContent) {
    try {
      boot = JSON.parse(element.textContent) as BootData
    } catch {
      boot = null
    }
  }
  return boot
}

/**
 * Takes the edge's answer for a GET path, once: later calls go to the API. An answer in another
 * language than the caller's (the browser resolved the page's language otherwise) is not taken.
 */
export function takeBootResult(path: string, locale?: Locale): { found: boolean; result?: unknown } {
  const data = readBootData()
  const results = data?.results
  if (!results || !(path in results)) return { found: false }
  if (locale && data.locale && data.locale !== locale) return { found: false }
  const result = results[path]
  // The edge's render reads the same data the page carries: it takes nothing away.
  if (!serverPage()) delete results[path]
  return { found: true, result }
}
