import {
  API_PREFIX,
  fillPath,
  HEADERS,
  requestChecksum,
  type BodyOf,
  type Endpoint,
  type Locale,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
} from '@koma/contracts/server'

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
  /** A call made as the caller (`asCaller`): the body of any other answer (the API's refusal), as it came; else null. */
  refusal?: unknown
}

/** Where the edge's own calls go: one API address, or the next healthy API process (upstreams.ts). */
export type ApiTarget = string | (() => string)

export type AnyEndpoint = Endpoint<unknown, unknown, unknown, unknown>

/** What goes into an endpoint's path and query string, typed by the endpoint (as the browser's api.request). */
export interface ApiCallParts<E> {
  params?: ParamsOf<E>
  query?: QueryOf<E>
  /** A form body (SPEC §7: form-encoded) for a call that is not a GET. */
  body?: BodyOf<E>
}

/**
 * A GET signed by the edge (SPEC §7 headers), on behalf of the reader's address. Anonymous (no
 * cookie) unless `cookie` is given: a member's or guest's page (issue 34) asks as that reader,
 * with the Cookie header their own request carried, as their browser would, and nothing else of theirs.
 */
export interface AsEdge {
  locale: Locale
  clientIp: string
  now: number
  timeoutMs?: number
  /** The reader's Cookie header (issue 34): the call is theirs. */
  cookie?: string
  /** The zone the reader's browser last told (koma_tz), sent as their browser sends it (SPEC §7). */
  timeZone?: string
}

/** A call passed on as the caller made it: their own headers (cookie and SPEC §7 headers), nothing signed by the edge. */
export interface AsCaller {
  asCaller: Record<string, string>
  timeoutMs?: number
}

/** The call's path under /api: the endpoint's path with its parameters filled in (each URL-encoded), and its query. */
export function apiPath<E extends AnyEndpoint>(endpoint: E, parts: Pick<ApiCallParts<E>, 'params' | 'query'> = {}): string {
  const path = API_PREFIX + fillPath(endpoint.path, (parts.params ?? {}) as Record<string, unknown>)
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries((parts.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) query.append(key, String(value))
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

async function edgeHeaders(as: AsEdge): Promise<Record<string, string>> {
  const time = String(as.now)
  return {
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, as.clientIp),
    [HEADERS.language]: as.locale,
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'edge',
    'x-forwarded-for': as.clientIp,
    ...(as.cookie ? { cookie: as.cookie } : {}),
    ...(as.timeZone ? { [HEADERS.timezone]: as.timeZone } : {}),
  }
}

const formEncoded = (body: Record<string, unknown>): string =>
  new URLSearchParams(Object.entries(body).flatMap(([key, value]) => (value === undefined || value === null ? [] : [[key, String(value)]]))).toString()

/**
 * The edge's one way to call the API: a contracts endpoint with its parameters, its answer typed
 * by the endpoint's result. Signed by the edge (`AsEdge`: a first page's answers, the sitemap) or
 * passed on with the caller's own credentials (`AsCaller`: the operator console's releases).
 * Never throws: a refused connection or a timeout is status 0.
 */
export async function apiCall<E extends AnyEndpoint>(
  apiUrl: ApiTarget,
  endpoint: E,
  parts: ApiCallParts<E>,
  as: AsEdge | AsCaller,
): Promise<ApiAnswer<ResultOf<E>>> {
  const hasBody = endpoint.method !== 'GET'
  try {
    const headers = 'asCaller' in as ? { ...as.asCaller } : await edgeHeaders(as)
    if (hasBody) headers['content-type'] = 'application/x-www-form-urlencoded'
    const response = await fetch(`${typeof apiUrl === 'function' ? apiUrl() : apiUrl}${apiPath(endpoint, parts)}`, {
      method: endpoint.method,
      headers,
      ...(hasBody ? { body: formEncoded((parts.body ?? {}) as Record<string, unknown>) } : {}),
      signal: AbortSignal.timeout(as.timeoutMs ?? 5000),
    })
    const cacheControl = response.headers.get('cache-control') ?? ''
    if (!response.ok) {
      if (!('asCaller' in as)) {
        await response.body?.cancel()
        return { status: response.status, cacheControl, result: null, refusal: null }
      }
      return { status: response.status, cacheControl, result: null, refusal: await response.json().catch(() => null) }
    }
    const body = (await response.json()) as { result?: ResultOf<E> }
    return { status: response.status, cacheControl, result: body.result ?? null, refusal: null }
  } catch {
    return { status: 0, cacheControl: '', result: null, refusal: null }
  }
}
