import { healthEndpoint } from '@koma/contracts/server'
import type { FastifyBaseLogger } from 'fastify'
import { apiPath } from './apiFetch'

/**
 * The API processes behind the edge (issue 18): API_URL names one, or several as a comma list
 * (`KOMA_API_PROCESSES=N npm start` gives API_PORT … API_PORT+N-1). Calls go round-robin over
 * the healthy ones; a process whose connection fails, or whose /api/health does not answer 200,
 * is taken out until a periodic health check finds it healthy again. With one address nothing
 * is checked: every call goes there, as before.
 */
export interface UpstreamOptions {
  /** How often each address's /api/health is asked (default 2 s; 0: never, tests call check()). */
  checkEveryMs?: number
  /** A health check not answered within this counts as a failure (default 1 s). */
  checkTimeoutMs?: number
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>
}

export const DEFAULT_HEALTH_CHECK_MS = 2_000

/** API_URL: one address or a comma list; each an http(s) origin, trailing slashes dropped, no duplicates. */
export function parseApiUrls(value: string): string[] {
  const urls = value
    .split(',')
    .map((item) => {
      let url = item.trim()
      while (url.endsWith('/')) url = url.slice(0, -1)
      return url
    })
    .filter(Boolean)
  if (urls.length === 0) throw new Error('API_URL names no address')
  for (const url of urls) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new Error(`API_URL: "${url}" is not a URL`)
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`API_URL: "${url}" must be http or https`)
  }
  return [...new Set(urls)]
}

export class ApiUpstreams {
  readonly urls: readonly string[]
  private readonly down = new Set<string>()
  private turn = 0
  private timer: NodeJS.Timeout | null = null

  constructor(
    urls: string | readonly string[],
    private readonly options: UpstreamOptions = {},
  ) {
    this.urls = typeof urls === 'string' ? parseApiUrls(urls) : parseApiUrls(urls.join(','))
  }

  get several(): boolean {
    return this.urls.length > 1
  }

  /** The addresses currently taken out. */
  get unhealthy(): string[] {
    return [...this.down]
  }

  /**
   * The next address, round-robin over the healthy ones other than `except` (a call being
   * retried elsewhere). When none is healthy, the next of all of them: a call still goes out
   * (and fails as it would with one API) rather than being refused by the edge itself.
   */
  pick(except?: string): string {
    const candidates = this.urls.filter((url) => url !== except)
    if (candidates.length === 0) return this.urls[0]!
    const healthy = candidates.filter((url) => !this.down.has(url))
    const from = healthy.length ? healthy : candidates
    this.turn = (this.turn + 1) % Number.MAX_SAFE_INTEGER
    return from[this.turn % from.length]!
  }

  /** A connection to `url` failed: no call goes there until a health check finds it again. */
  markDown(url: string): void {
    if (!this.several || this.down.has(url)) return
    this.down.add(url)
    this.options.log?.warn({ api: url }, 'API process taken out of the rotation')
  }

  private markUp(url: string): void {
    if (this.down.delete(url)) this.options.log?.info({ api: url }, 'API process back in the rotation')
  }

  /** Ask every address's /api/health once; each is taken out or put back by its answer. */
  async check(): Promise<void> {
    await Promise.all(
      this.urls.map(async (url) => {
        const healthy = await fetch(`${url}${apiPath(healthEndpoint)}`, { signal: AbortSignal.timeout(this.options.checkTimeoutMs ?? 1_000) }).then(
          async (res) => {
            await res.body?.cancel()
            return res.status === 200
          },
          () => false,
        )
        if (healthy) this.markUp(url)
        else this.markDown(url)
      }),
    )
  }

  /** Periodic health checks (several addresses only). */
  start(): void {
    const every = this.options.checkEveryMs ?? DEFAULT_HEALTH_CHECK_MS
    if (!this.several || every <= 0 || this.timer) return
    this.timer = setInterval(() => void this.check(), every)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}

/**
 * A failure to reach the process at all (refused, reset, socket closed, connect timeout, name
 * unknown), as opposed to a slow answer: only these take a process out and allow a retry.
 */
export function isConnectionFailure(error: unknown): boolean {
  const codes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'])
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && codes.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
