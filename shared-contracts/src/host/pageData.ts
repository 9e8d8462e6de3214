import { fillPath, withQuery, type Endpoint, type ParamsOf, type QueryOf } from '../api/endpoint'
import type { Locale } from '../i18n/locales'
import { pageDocument } from '../browser/pageDocument'
import { serverPage } from './serverPage'
import type { BootData } from './bootData'

export type { BootData }

/**
 * What the edge writes into the page it serves, as JSON script elements (data, never code: the
 * Content-Security-Policy runs no inline script), so the first page makes no request the edge
 * could answer. The host and the API client read each once; without them they ask as before.
 */

/** `<script type="application/json" id="koma-registry">`: the live registry. */
export const INLINE_REGISTRY_ID = 'koma-registry'
/** `<script type="application/json" id="koma-boot">`: the reader's address and first API answers. */
export const BOOT_DATA_ID = 'koma-boot'

/** JSON safe inside a script element: no `</script>`, no `<!--`, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

let boot: BootData | null | undefined

/**
 * The page's boot data (read from the element once; null outside a browser or without it). A page
 * without the element is looked at again on the next call: a read made before the element is in
 * the document (a module's first cookie read, contracts' cookies.ts) does not hide it for good.
 */
export function readBootData(): BootData | null {
  const server = serverPage()
  if (server) return server.boot
  if (boot !== undefined) return boot
  const element = pageDocument()?.getElementById(BOOT_DATA_ID) ?? null
  if (!element) return null
  boot = null
  if (element.textContent) {
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
/**
 * Where BootData.results holds a GET's answer: the call's path under /api with its parameters
 * filled in (`/en/home`), and its query when it has one (withQuery). The edge writes answers
 * under it and the API client looks them up by the same key (api/client.ts).
 */
export function bootKey<E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, params?: ParamsOf<E>, query?: QueryOf<E>): string {
  return withQuery(fillPath(endpoint.path, (params ?? {}) as Record<string, unknown>), query as Record<string, unknown> | undefined)
}

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
