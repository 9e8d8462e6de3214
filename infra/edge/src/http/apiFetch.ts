import { HEADERS, requestChecksum, type Locale } from '@koma/contracts/server'

/**
 * The longest a first page waits for an API answer the edge writes into it (home's layout, a
 * title's texts): past it the page goes out without (the browser asks itself) and the answer is
 * kept for the next reader.
 */
export const FIRST_PAGE_API_WAIT_MS = 300

/**
 * The same wait for crawlers and link previews (a user agent isbot recognises): they read only
 * what the edge writes, so a slow API must not cost them the title's metadata or a 404's status.
 */
export const CRAWLER_API_WAIT_MS = 3000

export interface ApiAnswer<T> {
  status: number
  cacheControl: string
  /** The envelope's result when the answer was a 2xx with one. */
  result: T | null
}

/** Where the edge's own GETs go: one API address, or the next healthy API process (upstreams.ts). */
export type ApiTarget = string | (() => string)

/**
 * A GET to the API as the edge makes it for a first page: signed like the browser's calls
 * (SPEC §7 headers), on behalf of the reader's address. Anonymous (no cookie) unless `cookie` is
 * given: a member's or guest's page (issue 34) asks as that reader, with the Cookie header their
 * own request carried, as their browser would, and nothing else of theirs. Never throws: a
 * refused connection or a timeout is status 0.
 */
export async function apiGet<T>(
  apiUrl: ApiTarget,
  path: string,
  input: {
    locale: Locale
    clientIp: string
    now: number
    timeoutMs?: number
    /** The reader's Cookie header (issue 34): the call is theirs. */
    cookie?: string
    /** The zone the reader's browser last told (koma_tz), sent as their browser sends it (SPEC §7). */
    timeZone?: string
  },
): Promise<ApiAnswer<T>> {
  try {
    const time = String(input.now)
    const response = await fetch(`${typeof apiUrl === 'function' ? apiUrl() : apiUrl}/api${path}`, {
      headers: {
        [HEADERS.requestTime]: time,
        [HEADERS.checksum]: await requestChecksum(time, input.clientIp),
        [HEADERS.language]: input.locale,
        [HEADERS.platform]: 'web',
        [HEADERS.clientUid]: 'edge',
        'x-forwarded-for': input.clientIp,
        ...(input.cookie ? { cookie: input.cookie } : {}),
        ...(input.timeZone ? { [HEADERS.timezone]: input.timeZone } : {}),
      },
      signal: AbortSignal.timeout(input.timeoutMs ?? 5000),
    })
    const cacheControl = response.headers.get('cache-control') ?? ''
    if (!response.ok) {
      await response.body?.cancel()
      return { status: response.status, cacheControl, result: null }
    }
    const body = (await response.json()) as { result?: T }
    return { status: response.status, cacheControl, result: body.result ?? null }
  } catch {
    return { status: 0, cacheControl: '', result: null }
  }
}
