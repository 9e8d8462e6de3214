import type { RemoteName } from '../remotes'
import type { BootData } from './bootData'
import type { PublicRegistry } from './registry'

/**
 * The page the edge is drawing (issue 13: the first paint comes from the edge), or null in a
 * browser. The edge draws one page at a time (host/src/server/render.tsx), so one value for the
 * whole process is enough: it is set before a render starts and cleared when it ends.
 *
 * While it is set, what the page would read from the browser comes from the request instead:
 * the cookies it sent, its Global Privacy Control signal, its languages and the boot data the
 * edge writes into the page (so the browser's first render reads exactly what the edge's did).
 */
export interface ServerPage {
  /** The request's Cookie header. */
  cookie: string
  /** The request sent `Sec-GPC: 1`. */
  gpc: boolean
  /** Its Accept-Language, best first (the browser's navigator.languages). */
  languages: string[]
  /** What the edge writes into the page; API calls it does not hold are not made on the server. */
  boot: BootData
}

let page: ServerPage | null = null

export function setServerPage(next: ServerPage | null): void {
  page = next
}

/** The page being drawn on the server, or null (in a browser, always null). */
export function serverPage(): ServerPage | null {
  return page
}

/** The reader's side of the registry, as the page carries it (`koma-registry`). */
export type PageRegistry = PublicRegistry

/** What the edge asks a host version's server build to draw. */
export interface DrawPageInput extends ServerPage {
  /** Path and query. */
  url: string
  registry: PageRegistry
  /** The exposed modules (by their exposed name, `./routes`) of the remotes the page draws, from their server builds. */
  remotes: Partial<Record<RemoteName, Record<string, unknown>>>
  /** Give up after this long: the page then goes as before, drawn by the browser. */
  timeoutMs?: number
}

export interface DrawnPage {
  /** The markup for `<div id="root">`, its styles inline. */
  html: string
  /** Errors met while drawing (an area the browser draws instead); a call the edge does not hold is not one. */
  errors: string[]
}

/** What a host version's server build (dist/server/host.js) exports. */
export interface HostServerBuild {
  renderPage(input: DrawPageInput): Promise<DrawnPage | null>
  /** The shared libraries by the names remotes import them, for the remotes' server builds. */
  SHARED: Readonly<Record<string, unknown>>
}
