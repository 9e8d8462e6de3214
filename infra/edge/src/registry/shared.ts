import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'

/**
 * Where the registry and the version history live. `files` (the default): registry.json and
 * deployments.json in the edge folder, one edge process. `redis` (KOMA_EDGE_STORE=redis with
 * REDIS_URL): every edge process and the deploy commands read and write the same keys, so two
 * edges agree on who is in a canary and on a rollback decided by either. The version folders stay
 * files: every edge serves them from its edge folder (a shared volume, or the same deploy on each).
 */
export interface SharedState {
  readonly kind: 'redis'
  /** The stored JSON of `name` (deployments, registry), or null. */
  get(name: string): Promise<string | null>
  /** Writes both at once (MULTI): an edge never sees a registry without its history. */
  save(values: Record<string, string>): Promise<void>
  /** A number that changes on every save: edges re-read the registry when it does. */
  revision(): Promise<string | null>
  withLock<T>(action: () => Promise<T>, timeoutMs?: number): Promise<T>
  /** The client, for other shared counts (the health of canary versions). */
  readonly redis: Redis
  readonly prefix: string
}

export interface SharedStateConfig {
  url: string
  /** Key prefix: several sites (or test runs) on one Redis do not mix (default `koma:edge:`). */
  prefix: string
}

/** KOMA_EDGE_STORE=redis (with REDIS_URL, KOMA_EDGE_REDIS_PREFIX): null means files. */
export function sharedStateConfig(env: NodeJS.ProcessEnv = process.env): SharedStateConfig | null {
  const store = env.KOMA_EDGE_STORE || 'files'
  if (store === 'files') return null
  if (store !== 'redis') throw new Error(`KOMA_EDGE_STORE must be files or redis, got "${store}"`)
  if (!env.REDIS_URL) throw new Error('KOMA_EDGE_STORE=redis needs REDIS_URL (e.g. redis://127.0.0.1:6379)')
  return { url: env.REDIS_URL, prefix: env.KOMA_EDGE_REDIS_PREFIX || 'koma:edge:' }
}

const LOCK_TTL_MS = 10 * 60 * 1000
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

export function redisClient(url: string): Redis {
  // Short timeouts and no offline queue: a Redis that is down answers an error at once, never a
  // hanging page (the edge keeps serving the last registry it read).
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 2000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 250, 5000),
  })
}

class RedisState implements SharedState {
  readonly kind = 'redis' as const
  readonly redis: Redis
  private connecting: Promise<void> | null = null

  constructor(
    url: string,
    readonly prefix: string,
  ) {
    this.redis = redisClient(url)
    // Reported by the command that fails; ioredis reconnects in the background.
    this.redis.on('error', () => undefined)
  }

  private ready(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve()
    if (this.redis.status === 'wait' || this.redis.status === 'end') this.connecting ??= this.redis.connect().finally(() => (this.connecting = null))
    return this.connecting ?? Promise.resolve()
  }

  async get(name: string): Promise<string | null> {
    await this.ready()
    return this.redis.get(this.prefix + name)
  }

  async save(values: Record<string, string>): Promise<void> {
    await this.ready()
    const multi = this.redis.multi()
    for (const [name, value] of Object.entries(values)) multi.set(this.prefix + name, value)
    multi.incr(`${this.prefix}revision`)
    const results = await multi.exec()
    const failed = results?.find(([error]) => error)
    if (!results || failed) throw new Error(`Cannot save the registry to Redis: ${failed?.[0]?.message ?? 'transaction aborted'}`)
  }

  async revision(): Promise<string | null> {
    await this.ready()
    return this.redis.get(`${this.prefix}revision`)
  }

  async withLock<T>(action: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
    await this.ready()
    const key = `${this.prefix}lock`
    const token = `${process.pid}:${randomBytes(8).toString('hex')}`
    const started = Date.now()
    // A lock whose owner died expires by itself (ten minutes, as the file lock's staleness).
    while ((await this.redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
      if (Date.now() - started > timeoutMs) throw new Error(`Another deploy is running (Redis lock ${key}); try again when it ends`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    try {
      return await action()
    } finally {
      await this.redis.eval(RELEASE, 1, key, token)
    }
  }
}

const states = new Map<string, RedisState>()

/** The shared state this process is configured for (one client per Redis and prefix), or null for files. */
export function sharedState(env: NodeJS.ProcessEnv = process.env): SharedState | null {
  const config = sharedStateConfig(env)
  if (!config) return null
  const key = `${config.url}#${config.prefix}`
  let state = states.get(key)
  if (!state) {
    state = new RedisState(config.url, config.prefix)
    states.set(key, state)
  }
  return state
}

/** Closes the Redis clients (the CLI before it exits, tests). */
export async function closeSharedState(): Promise<void> {
  const all = [...states.values()]
  states.clear()
  await Promise.all(all.map((state) => state.redis.quit().catch(() => state.redis.disconnect())))
}
