import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  ABUSE_PENALTY,
  API_TIMEOUTS,
  OBJECT_STORE_TIMEOUTS,
  RATE_LIMITS,
  RENDER_POOL,
  type AbusePenalty,
  type HttpTimeouts,
  type RateLimitTable,
  type RenderPoolLimits,
} from './limits'
import { API_METRICS_PORT, metricsCollected, metricsListenFrom, type MetricsListen } from '@koma/contracts/server'
import type { ObjectStoreConfig } from './storage'

/**
 * The site's public origin (the edge the browser talks to): the only origin of links we mail and
 * of OAuth redirect URIs. Never taken from a request's Origin, Referer or Host, which a caller
 * chooses. KOMA_PUBLIC_URL when it is an http(s) URL (its origin); else the local edge,
 * `http://127.0.0.1:<PORT or 8080>`. The production profile refuses to start without a valid
 * https KOMA_PUBLIC_URL (safety.ts), so the fallback only ever serves the demo.
 */
export function publicUrlOf(env: NodeJS.ProcessEnv): string {
  const fallback = `http://127.0.0.1:${Number(env.PORT) || 8080}`
  const configured = env.KOMA_PUBLIC_URL?.trim()
  if (!configured) return fallback
  try {
    const url = new URL(configured)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : fallback
  } catch {
    return fallback
  }
}

export interface RateLimitConfig {
  /** Where the counters live: this process (one API process) or Redis (several share them). */
  store: 'memory' | 'redis'
  redisUrl: string
  /** Prefix of the Redis keys (several sites may share one Redis). */
  keyPrefix: string
  /** The numbers (limits.ts); tests lower them instead of waiting. */
  rules: RateLimitTable
  /** Addresses refused again and again are slowed down (limits.ts ABUSE_PENALTY). */
  penalty: AbusePenalty
}

/**
 * Two profiles (docs/architecture.md, "Two profiles"):
 *   demo (the default `npm start`): everything embedded and sandboxed, demo readers seeded, the
 *        debug clock on for this machine;
 *   production (NODE_ENV=production): no sandbox, debug route or demo data unless each is opted
 *        into by name, and the API refuses to start on an unsafe configuration (safety.ts).
 */
export type Profile = 'demo' | 'production'

/** KOMA_REQUEST_LOG: unset or 0 (off), 1 (every request) or a share such as 0.01. */
function requestLogSample(value: string | undefined): number {
  const share = Number(value ?? 0)
  return Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0
}

export interface ApiConfig {
  host: string
  port: number
  /** Where PGlite keeps its data folder (and anything else the API stores locally). */
  dataDir: string
  databaseUrl: string | undefined
  /** DATABASE_READ_URL: a read replica of DATABASE_URL for reads that may be stale (db/replica.ts). */
  databaseReadUrl: string | undefined
  profile: Profile
  /** profile === 'production' */
  production: boolean
  /** Accept requests whose checksum header is missing or wrong (benchmarks of raw handlers only; never in production). */
  skipChecksum: boolean
  /** Seed an empty database on start (the catalogue; demo readers and coupons only with `demoData`). */
  seedIfEmpty: boolean
  /** Seed demo readers with published passwords, demo coupons and comments: demo profile, or KOMA_DEMO=1. */
  demoData: boolean
  logLevel: string
  /**
   * Share of requests logged when they complete (0 to 1; KOMA_REQUEST_LOG, default 0: a log line
   * per request cost a third of home's throughput). Answers of 500 and up are always logged.
   */
  requestLogSample: number
  /** Rendered image variants on disk (null: memory only). */
  imageCacheDir: string | null
  /**
   * Where the bytes of images and EPUB files go (storage/): the database (default) or an
   * S3-compatible bucket (KOMA_OBJECT_STORE=s3 with S3_BUCKET, S3_ENDPOINT, S3_REGION,
   * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).
   */
  objectStore: ObjectStoreConfig
  /**
   * The SPEC §7 faketime debug hook: registered only outside production (KOMA_FAKETIME=0 turns
   * it off), and answering only callers on this machine (loopback).
   */
  faketime: boolean
  /** The site's public origin for mailed links and OAuth redirect URIs (KOMA_PUBLIC_URL; see publicUrl.ts). */
  publicUrl: string
  /** Local stand-ins for outside services: always in the demo; in production only when opted into one by one. */
  sandboxes: {
    /** The sandbox identity provider for social providers with no KOMA_IDP_<P>_CLIENT_ID (KOMA_SANDBOX_IDP=1). */
    idp: boolean
    /** The sandbox adult-verification service (KOMA_SANDBOX_CERTIFICATION=1). */
    certification: boolean
    /** PayPal's stand-in when no KOMA_PAYPAL_CLIENT_ID, the card token service, carrier billing, PayPay (KOMA_SANDBOX_PAYMENTS=1). */
    payments: boolean
  }
  /** Abuse limits: KOMA_RATE_LIMIT_STORE=memory|redis, REDIS_URL. */
  rateLimit: RateLimitConfig
  /**
   * Fastify's trustProxy: the hops whose X-Forwarded-For names the reader (the edge, on this
   * machine by default). KOMA_API_TRUST_PROXY: 'loopback' (default), a comma list of addresses or
   * subnets, or 0 to trust nobody. Anyone else's X-Forwarded-For is ignored.
   */
  trustProxy: boolean | string
  timeouts: HttpTimeouts
  /** Uncached image renders: how many at once and waiting (limits.ts RENDER_POOL); tests lower them. */
  imageRenders: RenderPoolLimits
  /** Run the notification jobs (pg-boss) in this process (KOMA_NOTIFICATIONS=0 turns them off). */
  notifications: boolean
  /**
   * The image jobs (issue 34, image/jobs.ts): AVIF encodes queued at import and publish time, and
   * the backfill of older images. KOMA_IMAGE_JOBS=0 runs none in this process (another one does);
   * KOMA_AVIF_BACKFILL=1 or 0 says whether a site's backfill starts by itself the first time
   * (default: in production yes, in the demo no: `npm run images -- avif start` starts it).
   */
  imageJobs: { enabled: boolean; backfillStarts: boolean }
  /**
   * This process's name among several (KOMA_INSTANCE, default `api-` and random hex drawn once
   * per process): /api/health answers it, so operators and tests see which process answered
   * behind the edge, and the cache bus tells its own messages apart. The default names neither the
   * host nor the process id (issue 33: the health check is public).
   */
  instance: string
  /**
   * How a cache invalidation made by this process reaches the others (cluster/cacheBus.ts):
   * 'postgres' (LISTEN/NOTIFY on DATABASE_URL, the default there) or 'off' (PGlite: one process).
   * KOMA_CACHE_BUS=off turns it off on PostgreSQL too.
   */
  cacheBus: 'postgres' | 'off'
  /**
   * Prometheus metrics (issue 38, metrics/): `collected` unless KOMA_METRICS=0; served by main.ts on
   * `listen` (KOMA_METRICS_HOST, default 127.0.0.1; KOMA_METRICS_PORT, default 9465, 0 or off: none).
   */
  metrics: { collected: boolean; listen: MetricsListen | null }
}

/**
 * The limits table, with the one number a deployment may set: KOMA_IMAGE_RENDER_BUDGET, the
 * uncached renders an address may ask for in 10 minutes (limits.ts `imageRender`, default 600).
 * Raise it where many readers share one address and new artwork arrives often (the end-to-end
 * sites need not: each browser context comes from an address of its own, e2e/support/site.ts).
 */
function rateLimitRules(value: string | undefined): RateLimitTable {
  if (value === undefined || value === '') return RATE_LIMITS
  if (!/^[1-9]\d{0,6}$/.test(value)) throw new Error(`KOMA_IMAGE_RENDER_BUDGET must be a whole number of renders from 1 to 9999999, got "${value}"`)
  return { ...RATE_LIMITS, imageRender: { ...RATE_LIMITS.imageRender, address: { ...RATE_LIMITS.imageRender.address, max: Number(value) } } }
}

function rateLimitStore(value: string | undefined): RateLimitConfig['store'] {
  if (value === undefined || value === '' || value === 'memory') return 'memory'
  if (value === 'redis') return 'redis'
  throw new Error(`KOMA_RATE_LIMIT_STORE must be memory or redis, got "${value}"`)
}

function cacheBus(value: string | undefined, databaseUrl: string | undefined): ApiConfig['cacheBus'] {
  if (value === 'off' || value === '0') return 'off'
  if (value !== undefined && value !== '' && value !== 'postgres') throw new Error(`KOMA_CACHE_BUS must be postgres or off, got "${value}"`)
  if (!databaseUrl) {
    if (value === 'postgres') throw new Error('KOMA_CACHE_BUS=postgres needs DATABASE_URL (PGlite serves one process)')
    return 'off'
  }
  return 'postgres'
}

function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '') return 'loopback'
  if (value === '0' || value === 'false') return false
  // Trusting every hop would let any client name its own address (and dodge every limit).
  if (value === '1' || value === 'true') throw new Error('KOMA_API_TRUST_PROXY takes the proxy addresses or subnets (e.g. 10.0.0.0/8), not "trust all"')
  return value
}

function objectStore(env: NodeJS.ProcessEnv): ObjectStoreConfig {
  const kind = env.KOMA_OBJECT_STORE
  if (kind === undefined || kind === '' || kind === 'database') return { kind: 'database' }
  if (kind !== 's3') throw new Error(`KOMA_OBJECT_STORE must be database or s3, got "${kind}"`)
  const bucket = env.S3_BUCKET
  if (!bucket) throw new Error('KOMA_OBJECT_STORE=s3 needs S3_BUCKET (a private bucket the API alone reads)')
  const endpoint = env.S3_ENDPOINT || null
  if (endpoint !== null && !/^https?:\/\/[^/?#\s]+\/?$/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be the store's origin, e.g. https://minio.internal:9000, got "${endpoint}"`)
  const accessKeyId = env.S3_ACCESS_KEY_ID || ''
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || ''
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the SDK's own AWS_* variables or instance role)")
  return {
    kind: 's3',
    endpoint,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    timeouts: OBJECT_STORE_TIMEOUTS,
  }
}

const repoRoot = path.resolve(__dirname, '..', '..', '..')

/** This process's default instance name: random, drawn once (stable for the process), revealing nothing about the host. */
const PROCESS_NAME = `api-${randomBytes(6).toString('hex')}`

export const profileOf = (env: NodeJS.ProcessEnv): Profile => (env.NODE_ENV === 'production' ? 'production' : 'demo')

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'))
  const profile = profileOf(env)
  const production = profile === 'production'
  const optedIn = (name: string) => !production || env[name] === '1'
  const port = Number(env.API_PORT ?? 8081)
  return {
    host: env.API_HOST ?? '127.0.0.1',
    port,
    metrics: { collected: metricsCollected(env), listen: metricsListenFrom(env, API_METRICS_PORT, port) },
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: (env.DATABASE_URL && env.DATABASE_READ_URL) || undefined,
    profile,
    production,
    skipChecksum: env.KOMA_SKIP_CHECKSUM === '1' && !production,
    seedIfEmpty: env.KOMA_SEED !== '0',
    demoData: optedIn('KOMA_DEMO'),
    logLevel: env.LOG_LEVEL ?? 'info',
    requestLogSample: requestLogSample(env.KOMA_REQUEST_LOG),
    faketime: !production && env.KOMA_FAKETIME !== '0',
    rateLimit: {
      store: rateLimitStore(env.KOMA_RATE_LIMIT_STORE),
      redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
      keyPrefix: env.KOMA_RATE_LIMIT_PREFIX || 'koma:rl:',
      rules: rateLimitRules(env.KOMA_IMAGE_RENDER_BUDGET),
      penalty: ABUSE_PENALTY,
    },
    trustProxy: trustProxy(env.KOMA_API_TRUST_PROXY),
    timeouts: API_TIMEOUTS,
    imageRenders: RENDER_POOL,
    notifications: env.KOMA_NOTIFICATIONS !== '0',
    imageJobs: {
      enabled: env.KOMA_IMAGE_JOBS !== '0',
      backfillStarts: env.KOMA_AVIF_BACKFILL ? env.KOMA_AVIF_BACKFILL === '1' : production,
    },
    instance: env.KOMA_INSTANCE || PROCESS_NAME,
    cacheBus: cacheBus(env.KOMA_CACHE_BUS, env.DATABASE_URL || undefined),
    publicUrl: publicUrlOf(env),
    imageCacheDir: env.IMAGE_CACHE_DIR === 'off' ? null : path.resolve(env.IMAGE_CACHE_DIR ?? path.join(dataDir, 'image-cache')),
    objectStore: objectStore(env),
    sandboxes: {
      idp: optedIn('KOMA_SANDBOX_IDP'),
      certification: optedIn('KOMA_SANDBOX_CERTIFICATION'),
      payments: optedIn('KOMA_SANDBOX_PAYMENTS'),
    },
  }
}

export const pgliteDir = (config: ApiConfig): string => path.join(config.dataDir, 'pglite')
