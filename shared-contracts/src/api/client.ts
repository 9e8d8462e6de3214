import type { AxiosAdapter, AxiosError, AxiosInstance } from 'axios'
import { forgetPageCookies } from '../browser/cookies'
import { events } from '../events/bus'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'
import { loadTexts, text, type TextKey } from '../i18n/texts'
import { fillPath, withQuery, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResultOf } from './endpoints'
import { NETWORK_FAILURE_CODE, type ErrorBody } from './envelope'
import { ApiError, classifyFailure, type FailurePolicy } from './errors'
import { clientOsFromUserAgent, DEFAULT_TIMEZONE, FALLBACK_CLIENT_IP, HEADERS, REQUEST_TIME_WINDOW_MS, requestChecksum } from './headers'

/** What the client needs to know about the page; tests pass their own. */
export interface ClientEnvironment {
  locale(): Locale
  acceptMature(): boolean
  clientUid(): string
  userAgent(): string
  timezone(): string
  now(): number
}

export interface ApiClientOptions {
  baseURL: string
  environment: ClientEnvironment
  /** Public IP lookups, tried in order; each answers { result: { ip, now } }. */
  ipLookupUrls?: string[]
  /** What the edge wrote into the page (host/pageData.ts): the IP answer and first GET results. */
  boot?: {
    ip(): { ip: string; now: number } | null
    take(path: string, locale?: Locale): { found: boolean; result?: unknown }
    /** Answer from the boot data only (the edge drawing the page): a call it does not hold fails, and nothing is sent. */
    only?(): boolean
  }
  adapter?: AxiosAdapter
  timeoutMs?: number
}

type Optional<T> = T extends Record<string, never> ? { [K in keyof T]?: T[K] } : T

export interface RequestOptions<E> {
  params?: Optional<ParamsOf<E>>
  query?: Optional<QueryOf<E>>
  body?: Optional<BodyOf<E>>
  policy?: FailurePolicy
  signal?: AbortSignal
  /**
   * An upload sent as is (SPEC §7: uploads raw), with its own content type, instead of a form
   * body; a FormData goes as multipart/form-data (the operator console's imports), its boundary written by the browser.
   */
  raw?: Blob | FormData
  /** Told as an upload's bytes go out (a progress bar). */
  onUploadProgress?: (progress: { loaded: number; total: number | null }) => void
  /** This call's own time limit (a large upload), instead of the client's; 0: none. */
  timeoutMs?: number
  /**
   * Sent so that it outlives the page (fetch keepalive): a save made as the reader leaves or
   * reloads still reaches the API. Small bodies only (the browser allows 64 KiB in flight).
   */
  keepalive?: boolean
}

/** The browser's client and the edge (infra/edge apiCall) fill paths alike: declared with the endpoints. */
export { fillPath }

/** SPEC §7: POST/PUT/DELETE bodies are form-encoded; arrays become repeated keys. */
export function formEncode(body: Record<string, unknown> = {}): string {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) form.append(key, String(item))
    else form.append(key, String(value))
  }
  return form.toString()
}

/** axios's own test (`axios.isAxiosError`), without holding the library. */
function isAxiosError(thrown: unknown): thrown is AxiosError {
  return typeof thrown === 'object' && thrown !== null && (thrown as { isAxiosError?: unknown }).isAxiosError === true
}

/**
 * The digest React carries to the browser for an area the edge left to it (a ServerRenderMiss):
 * the browser draws that area as designed, which is not a failure to hydrate.
 */
export const SERVER_RENDER_MISS = 'koma-drawn-by-browser'

/** A call the edge could not answer while drawing a page: that part of the page is drawn in the browser. */
export class ServerRenderMiss extends Error {
  constructor(call: string) {
    super(`${call} is not answered while the edge draws the page`)
    this.name = 'ServerRenderMiss'
  }
}

interface IpInfo {
  ip: string
  /** Server clock minus ours, so request times are fresh even when this device's clock is off. */
  offsetMs: number
}

/** Headers made ahead are used until this long before their request time leaves the API's window. */
const LEAVING_HEADERS_MARGIN_MS = 60_000

export class ApiClient {
  private http: Promise<AxiosInstance> | null = null
  private ipInfo: Promise<IpInfo> | null = null
  private bootIpTaken = false

  constructor(private readonly options: ApiClientOptions) {}

  /**
   * axios, downloaded with the first call that needs the network: a first page the edge already
   * answered (home) never loads it. A failed download is a network failure, tried again next call.
   */
  private client(): Promise<AxiosInstance> {
    if (!this.http) {
      const { options } = this
      this.http = import('axios').then(({ default: axios }) =>
        axios.create({
          baseURL: options.baseURL,
          withCredentials: true,
          timeout: options.timeoutMs ?? 20_000,
          adapter: options.adapter,
          // Every status reaches our own handling; axios only throws for no answer at all.
          validateStatus: () => true,
        }),
      )
      this.http.catch(() => (this.http = null))
    }
    return this.http
  }

  /** Call one endpoint. Resolves with its `result`; rejects with an ApiError after the SPEC §8 side effects. */
  async request<E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, options: RequestOptions<E> = {}): Promise<ResultOf<E>> {
    if (this.options.boot?.only?.()) return this.fromBootOnly(endpoint, options)
    try {
      return await this.send(endpoint, options, true)
    } catch (thrown) {
      const error = thrown instanceof ApiError ? thrown : await this.unexpected(thrown, endpoint.path)
      const action = classifyFailure(error, options.policy)
      if (action.kind !== 'none') events.emit('api:failure', { action, error })
      throw error
    }
  }

  /**
   * The edge drawing a page answers what it wrote into it, and nothing else: the screen that
   * needs more is drawn by the browser (React renders the nearest Suspense fallback there).
   */
  private async fromBootOnly<E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, options: RequestOptions<E>): Promise<ResultOf<E>> {
    const url = fillPath(endpoint.path, options.params as Record<string, unknown>)
    const boot = endpoint.method === 'GET' ? this.options.boot?.take(withQuery(url, options.query as Record<string, unknown>), this.locale()) : undefined
    if (boot?.found) return boot.result as ResultOf<E>
    throw new ServerRenderMiss(`${endpoint.method} ${url}`)
  }

  /** Forget the looked-up IP (e.g. after a network change). */
  resetClientIp(): void {
    this.ipInfo = null
    this.leavingHeaders = null
  }

  /** SPEC §7 headers made ahead for a call sent as the page is left (sendWhileLeaving), and until when they are fresh. */
  private leavingHeaders: { headers: Record<string, string>; until: number } | null = null
  private preparingLeave: Promise<void> | null = null

  /**
   * Make ahead the headers a call sent as the page is left carries (the request time and its
   * checksum hold for REQUEST_TIME_WINDOW_MS). A keepalive request must start in the pagehide
   * handler itself, before anything is awaited: by then axios would still be a download away and
   * the checksum a digest away, and the page would be gone (issue 35: the last analytics batch
   * and a chapter's last place were lost this way). Call it when something is waiting to be sent.
   */
  prepareLeaving(): Promise<void> {
    const now = this.options.environment.now()
    if (this.leavingHeaders && this.leavingHeaders.until - LEAVING_HEADERS_MARGIN_MS > now) return Promise.resolve()
    this.preparingLeave ??= this.headers()
      .then(
        (headers) => {
          this.leavingHeaders = { headers, until: now + REQUEST_TIME_WINDOW_MS }
        },
        () => undefined,
      )
      .finally(() => {
        this.preparingLeave = null
      })
    return this.preparingLeave
  }

  /**
   * Send a form call as the page is left: a fetch with keepalive, started now with the headers
   * prepareLeaving made (it outlives the page). False, and nothing sent, when there are none fresh.
   */
  sendWhileLeaving<E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, options: Pick<RequestOptions<E>, 'params' | 'body'>): boolean {
    const made = this.leavingHeaders
    if (!made || made.until - LEAVING_HEADERS_MARGIN_MS <= this.options.environment.now() || typeof fetch !== 'function') return false
    const url = `${this.options.baseURL.replace(/\/$/, '')}${fillPath(endpoint.path, options.params as Record<string, unknown>)}`
    void fetch(url, {
      method: endpoint.method,
      keepalive: true,
      credentials: 'include',
      headers: { ...made.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: formEncode(options.body as Record<string, unknown>),
    }).catch(() => undefined)
    return true
  }

  private async send<E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, options: RequestOptions<E>, mayRetry: boolean): Promise<ResultOf<E>> {
    const url = fillPath(endpoint.path, options.params as Record<string, unknown>)
    const hasBody = endpoint.method !== 'GET'
    if (!hasBody && this.options.boot) {
      const boot = this.options.boot.take(withQuery(url, options.query as Record<string, unknown>), this.locale())
      if (boot.found) return boot.result as ResultOf<E>
    }
    let response
    try {
      const http = await this.client()
      response = await http.request({
        url,
        method: endpoint.method,
        params: options.query,
        data: options.raw ?? (hasBody ? formEncode(options.body as Record<string, unknown>) : undefined),
        headers: {
          ...(await this.headers()),
          ...(typeof FormData !== 'undefined' && options.raw instanceof FormData
            ? // axios hands a browser's FormData to the browser, which writes the boundary into this type.
              { 'content-type': 'multipart/form-data' }
            : options.raw
              ? { 'content-type': (options.raw as Blob).type || 'application/octet-stream' }
              : hasBody
                ? { 'content-type': 'application/x-www-form-urlencoded' }
                : {}),
        },
        signal: options.signal,
        ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
        ...(options.onUploadProgress
          ? {
              onUploadProgress: (event: { loaded: number; total?: number }) => options.onUploadProgress?.({ loaded: event.loaded, total: event.total ?? null }),
            }
          : {}),
        ...(options.keepalive ? { adapter: this.options.adapter ?? 'fetch', fetchOptions: { keepalive: true } } : {}),
      })
    } catch (thrown) {
      if (isAxiosError(thrown) && thrown.code === 'ERR_CANCELED') throw thrown
      // A request that timed out reached nothing in time: SPEC §8's "internet unstable".
      const timedOut = isAxiosError(thrown) && (thrown.code === 'ECONNABORTED' || thrown.code === 'ETIMEDOUT')
      throw await this.networkFailure(url, timedOut ? 'internetUnstable' : 'connectionLost')
    } finally {
      // Whatever came back may have set a cookie (a sign-in, a sign-out): the page's copy of its
      // cookies is stale now (browser/cookies.ts, issue 39).
      forgetPageCookies()
    }
    const body = response.data as Partial<ErrorBody> & { result?: unknown }
    if (response.status >= 200 && response.status < 300) {
      if (!body || typeof body !== 'object' || !('result' in body)) {
        throw new ApiError({ failure: 'badServerResponse', status: 500, message: await this.say('badServerResponse'), url })
      }
      return body.result as ResultOf<E>
    }
    // The edge could not reach the API (SPEC §8 network failure, said by the edge as code 9999).
    if (body?.code === NETWORK_FAILURE_CODE) throw await this.networkFailure(url)
    const serverMessage = typeof body?.message === 'string' ? body.message : ''
    const error = new ApiError({
      // The API names every failure (ErrorBody.name); an answer from something else (a proxy) names none.
      failure: typeof body?.name === 'string' ? body.name : null,
      status: response.status,
      code: typeof body?.code === 'number' ? body.code : response.status,
      // A 400 without a message stays silent (SPEC §8); any other status always says something.
      message: serverMessage || (response.status === 400 ? '' : await this.say('undefinedError')),
      body: body && typeof body === 'object' ? (body as ErrorBody) : null,
      url,
    })
    if (mayRetry && error.failure === 'invalidRequestHashToken') {
      // Our IP or clock offset went stale: look them up again and try once more.
      this.resetClientIp()
      return this.send(endpoint, options, false)
    }
    throw error
  }

  private locale(): Locale {
    try {
      return this.options.environment.locale()
    } catch {
      return DEFAULT_LOCALE
    }
  }

  /**
   * A shared text in the page's language. A call can fail before any screen has loaded the
   * language's texts (a profile call as the page starts): this waits for them (i18n/texts.ts).
   */
  private async say(key: TextKey): Promise<string> {
    const locale = this.locale()
    await loadTexts(locale).catch(() => undefined)
    return text(key, locale)
  }

  private async networkFailure(url: string, message: 'connectionLost' | 'internetUnstable' = 'connectionLost'): Promise<ApiError> {
    return new ApiError({ failure: 'networkFailure', status: NETWORK_FAILURE_CODE, code: NETWORK_FAILURE_CODE, message: await this.say(message), url })
  }

  private async unexpected(thrown: unknown, url: string): Promise<ApiError> {
    if (isAxiosError(thrown) && thrown.code === 'ERR_CANCELED') throw thrown
    return new ApiError({ status: 500, message: thrown instanceof Error ? thrown.message : await this.say('undefinedError'), url })
  }

  private lookupIp(): Promise<IpInfo> {
    this.ipInfo ??= (async () => {
      // Once: after a refused checksum the lookup asks again.
      const boot = this.bootIpTaken ? null : this.options.boot?.ip()
      this.bootIpTaken = true
      // The page's own request started at timeOrigin: the edge's clock then is the offset's reference.
      // A page revalidated from the browser's cache keeps an older clock: beyond a few minutes
      // apart, ask as before (a device whose clock is that far off asks too).
      const offsetMs = boot ? Math.round(boot.now - (typeof performance === 'undefined' ? this.options.environment.now() : performance.timeOrigin)) : 0
      if (boot?.ip && Math.abs(offsetMs) < 5 * 60_000) return { ip: boot.ip, offsetMs }
      for (const lookupUrl of this.options.ipLookupUrls ?? ['/api/ip']) {
        try {
          const before = this.options.environment.now()
          const answer = await (await this.client()).get(lookupUrl, { baseURL: '' })
          const result = (answer.data as { result?: { ip?: string; now?: number } })?.result
          if (answer.status === 200 && result?.ip) {
            const after = this.options.environment.now()
            const offsetMs = typeof result.now === 'number' ? Math.round(result.now - (before + after) / 2) : 0
            return { ip: result.ip, offsetMs }
          }
        } catch {
          /* try the next lookup */
        }
      }
      this.ipInfo = null // try again on the next request
      return { ip: FALLBACK_CLIENT_IP, offsetMs: 0 }
    })()
    return this.ipInfo
  }

  private async headers(): Promise<Record<string, string>> {
    const env = this.options.environment
    const { ip, offsetMs } = await this.lookupIp()
    const requestTime = String(env.now() + offsetMs)
    return {
      [HEADERS.clientOs]: clientOsFromUserAgent(env.userAgent()),
      [HEADERS.store]: 'web',
      [HEADERS.requestTime]: requestTime,
      [HEADERS.checksum]: await requestChecksum(requestTime, ip),
      [HEADERS.timezone]: env.timezone() || DEFAULT_TIMEZONE,
      [HEADERS.language]: this.locale(),
      [HEADERS.clientUid]: env.clientUid(),
      [HEADERS.platform]: 'web',
      [HEADERS.acceptMature]: env.acceptMature() ? 'Y' : 'N',
    }
  }
}
