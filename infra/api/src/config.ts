import path from 'node:path'
import { API_TIMEOUTS, RATE_LIMITS, type HttpTimeouts, type RateLimitTable } from './limits'

export interface RateLimitConfig {
  /** Where the counters live: this process (one API process) or Redis (several share them). */
  store: 'memory' | 'redis'
  redisUrl: string
  /** Prefix of the Redis keys (several sites may share one Redis). */
  keyPrefix: string
  /** The numbers (limits.ts); tests lower them instead of waiting. */
  rules: RateLimitTable
}

export interface ApiConfig {
  host: string
  port: number
  /** Where PGlite keeps its data folder (and anything else the API stores locally). */
  dataDir: string
  databaseUrl: string | undefined
  production: boolean
  /** Accept requests whose checksum header is missing or wrong (benchmarks of raw handlers only). */
  skipChecksum: boolean
  /** Seed an empty database on start. */
  seedIfEmpty: boolean
  logLevel: string
  /** Rendered image variants on disk (null: memory only). */
  imageCacheDir: string | null
  /** The SPEC §7 faketime debug hook answers (never in production; KOMA_FAKETIME=0 turns it off). */
  faketime: boolean
  /** Abuse limits: KOMA_RATE_LIMIT_STORE=memory|redis, REDIS_URL. */
  rateLimit: RateLimitConfig
  /**
   * Fastify's trustProxy: the hops whose X-Forwarded-For names the reader (the edge, on this
   * machine by default). KOMA_API_TRUST_PROXY: 'loopback' (default), a comma list of addresses or
   * subnets, or 0 to trust nobody. Anyone else's X-Forwarded-For is ignored.
   */
  trustProxy: boolean | string
  timeouts: HttpTimeouts
}

function rateLimitStore(value: string | undefined): RateLimitConfig['store'] {
  if (value === undefined || value === '' || value === 'memory') return 'memory'
  if (value === 'redis') return 'redis'
  throw new Error(`KOMA_RATE_LIMIT_STORE must be memory or redis, got "${value}"`)
}

function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '') return 'loopback'
  if (value === '0' || value === 'false') return false
  // Trusting every hop would let any client name its own address (and dodge every limit).
  if (value === '1' || value === 'true') throw new Error('KOMA_API_TRUST_PROXY takes the proxy addresses or subnets (e.g. 10.0.0.0/8), not "trust all"')
  return value
}

const repoRoot = path.resolve(__dirname, '..', '..', '..')

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'))
  return {
    host: env.API_HOST ?? '127.0.0.1',
    port: Number(env.API_PORT ?? 8081),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    skipChecksum: env.KOMA_SKIP_CHECKSUM === '1' && env.NODE_ENV !== 'production',
    seedIfEmpty: env.KOMA_SEED !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    faketime: env.NODE_ENV !== 'production' && env.KOMA_FAKETIME !== '0',
    rateLimit: {
      store: rateLimitStore(env.KOMA_RATE_LIMIT_STORE),
      redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
      keyPrefix: 'koma:rl:',
      rules: RATE_LIMITS,
    },
    trustProxy: trustProxy(env.KOMA_API_TRUST_PROXY),
    timeouts: API_TIMEOUTS,
    imageCacheDir: env.IMAGE_CACHE_DIR === 'off' ? null : path.resolve(env.IMAGE_CACHE_DIR ?? path.join(dataDir, 'image-cache')),
  }
}

export const pgliteDir = (config: ApiConfig): string => path.join(config.dataDir, 'pglite')
