import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { AppDeps } from '../deps'
import { CACHE_CHANNEL, CACHE_SCOPES, forgetLocally, isCacheScope, markBusAttached, type CacheMessage, type ClockMessage } from './invalidation'
import { applyClockMessage, loadSharedClock } from './sharedClock'

/**
 * The API processes' cache invalidations (issue 18) over PostgreSQL LISTEN/NOTIFY rather than
 * Redis pub/sub: every process already holds the database, NOTIFY goes out only when the write's
 * transaction commits (a process told to reload never reads the old row), and Redis stays
 * optional (abuse limits only). One connection per process listens, outside the query pool.
 */
export interface CacheBus {
  /** Resolves once listening (tests wait for it before writing). */
  ready: Promise<void>
  /**
   * Resolves once this process has applied every invalidation committed before the call: a
   * marker NOTIFY sent on the listening connection comes back after them, as PostgreSQL delivers
   * notifications in commit order. The two-instance test lane waits on it before each call, so
   * its tests read no more than NOTIFY's own delay stale (a few milliseconds in production).
   */
  caughtUp(timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

/** caughtUp's marker: a scope no process acts on. */
interface MarkerMessage {
  scope: 'marker'
  from: string
  token: string
}

export interface CacheBusOptions {
  log?: { info(msg: string): void; warn(obj: object, msg: string): void }
  /** First wait before reconnecting after the listening connection is lost (doubles up to 30 s). */
  reconnectMs?: number
}

export function startCacheBus(deps: AppDeps, databaseUrl: string, options: CacheBusOptions = {}): CacheBus {
  let client: pg.Client | null = null
  let closed = false
  let delay = options.reconnectMs ?? 500
  let timer: NodeJS.Timeout | null = null
  let resolveReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (resolveReady = resolve))
  const markers = new Map<string, () => void>()

  const onMessage = (message: pg.Notification) => {
    if (message.channel !== CACHE_CHANNEL || !message.payload) return
    let parsed: Partial<CacheMessage> | Partial<ClockMessage> | Partial<MarkerMessage>
    try {
      parsed = JSON.parse(message.payload) as Partial<CacheMessage> | Partial<ClockMessage> | Partial<MarkerMessage>
    } catch {
      return
    }
    if (parsed.scope === 'marker') {
      if (parsed.from === deps.config.instance && typeof parsed.token === 'string') markers.get(parsed.token)?.()
      return
    }
    if (parsed.from === deps.config.instance) return
    if (parsed.scope === 'clock') return applyClockMessage(deps, parsed)
    if (!isCacheScope(parsed.scope)) return
    forgetLocally(deps, parsed.scope)
  }

  const connect = async (): Promise<void> => {
    timer = null
    if (closed) return
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', onMessage)
    next.on('error', (err) => options.log?.warn({ err }, 'cache bus connection failed'))
    next.on('end', () => {
      if (client !== next) return
      client = null
      if (closed) return
      // Messages sent while nobody listened are lost: forget everything rather than serve them stale.
      for (const scope of CACHE_SCOPES) forgetLocally(deps, scope)
      schedule()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CACHE_CHANNEL}`)
    } catch (err) {
      options.log?.warn({ err }, 'cache bus could not listen; retrying')
      await next.end().catch(() => {})
      schedule()
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    delay = options.reconnectMs ?? 500
    for (const scope of CACHE_SCOPES) forgetLocally(deps, scope)
    // A clock moved while this process was not listening (or before it started) is read here.
    await loadSharedClock(deps).catch((err: unknown) => options.log?.warn({ err }, 'reading the shared debug clock failed'))
    resolveReady()
  }
  const schedule = () => {
    if (closed || timer) return
    timer = setTimeout(() => void connect(), delay)
    timer.unref()
    delay = Math.min(delay * 2, 30_000)
  }

  // The listening connection sends one marker at a time: concurrent caughtUp calls (a test's
  // Promise.all of calls) would otherwise query it while it is busy, which pg deprecates.
  let sending: Promise<unknown> = Promise.resolve()
  const sendMarker = (listening: pg.Client, marker: MarkerMessage): Promise<unknown> => {
    const sent = sending.then(() => listening.query('select pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify(marker)]))
    sending = sent.catch(() => undefined)
    return sent
  }

  const caughtUp = async (timeoutMs = 5_000): Promise<void> => {
    await ready
    const listening = client
    if (!listening) throw new Error('the cache bus is not listening')
    const token = randomUUID()
    const marker: MarkerMessage = { scope: 'marker', from: deps.config.instance, token }
    let timeout: NodeJS.Timeout | undefined
    try {
      await new Promise<void>((resolve, reject) => {
        markers.set(token, resolve)
        timeout = setTimeout(() => reject(new Error(`the cache bus marker did not come back in ${timeoutMs} ms`)), timeoutMs)
        sendMarker(listening, marker).catch(reject)
      })
    } finally {
      clearTimeout(timeout)
      markers.delete(token)
    }
  }

  markBusAttached(deps, true)
  void connect()
  return {
    ready,
    caughtUp,
    close: async () => {
      closed = true
      markBusAttached(deps, false)
      if (timer) clearTimeout(timer)
      const current = client
      client = null
      await current?.end().catch(() => {})
    },
  }
}
