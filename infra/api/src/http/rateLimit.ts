import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import type { RateLimitConfig } from '../config'
import type { LimitName, LimitRule, RateRule } from '../limits'
import type { ApiMetrics } from '../metrics/metrics'
import { tooManyRequests } from './errorCatalogue'

/**
 * Abuse limits (limits.ts) on @fastify/rate-limit: its store counts atomically (in this process,
 * or in Redis shared by several API processes), and each limit is checked where its subject is
 * known: the reader's address before the body is read (a route's `limit` option), an account
 * (member id, or the e-mail address a call is about) inside the handler. A refusal is a 429 with
 * `retry-after` and a message in the reader's language.
 */
export interface AbuseLimits {
  /** Count one call of `name` for the reader's address. */
  address(name: LimitName, req: FastifyRequest): Promise<void>
  /** Count one call of `name` for an account; limits without a per-account rule count nothing. */
  account(name: LimitName, req: FastifyRequest, subject: string | number): Promise<void>
  /** Count one call of `name` for the signed-in member (http/endpointLimits.ts); limits without a per-member rule count nothing. */
  member(name: LimitName, req: FastifyRequest, memberId: number): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    abuseLimits: AbuseLimits
  }
}

type Counter = ReturnType<FastifyInstance['createRateLimit']>

/** The reader's address as limits count it: IPv4 as is, IPv6 by its /64 (one subscriber's block). */
export const readerAddress = (req: FastifyRequest): string => normalizeIP(req.ip, 64)

/** While the store cannot answer, a closed limit asks the reader to come back in a moment. */
const STORE_DOWN_RETRY_SECONDS = 30

const subjectKey = Symbol('koma.limitSubject')
type WithSubject = FastifyRequest & { [subjectKey]?: string }

/** Register the limiter and its store on the app (one set of counters per app instance). */
export async function registerAbuseLimits(app: FastifyInstance, config: RateLimitConfig, metrics?: ApiMetrics): Promise<void> {
  const redis = config.store === 'redis' ? await connectRedis(app, config.redisUrl) : null
  await app.register(rateLimit, { global: false, redis: redis ?? undefined, nameSpace: config.keyPrefix, skipOnError: false })

  const counter = (name: LimitName, scope: 'a' | 'm' | 'u', rule: RateRule, key: (req: FastifyRequest) => string): Counter =>
    app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (req) => `${name}:${scope}:${key(req)}` })

  const subject = (req: FastifyRequest): string => (req as WithSubject)[subjectKey] ?? ''
  const counters = new Map<LimitName, { rule: LimitRule; address: Counter; account: Counter | null; member: Counter | null }>()
  for (const [name, rule] of Object.entries(config.rules) as [LimitName, LimitRule][]) {
    counters.set(name, {
      rule,
      address: counter(name, 'a', rule.address, readerAddress),
      account: rule.account ? counter(name, 'm', rule.account, subject) : null,
      // Its own keys: a limit with both rules counts a member's e-mail and id apart.
      member: rule.member ? counter(name, 'u', rule.member, subject) : null,
    })
  }

  const count = async (name: LimitName, req: FastifyRequest, which: 'address' | 'account' | 'member'): Promise<void> => {
    const entry = counters.get(name)
    const check = entry?.[which]
    if (!entry || !check) return
    let outcome: Awaited<ReturnType<Counter>>
    try {
      outcome = await check(req)
    } catch (error) {
      req.log.warn({ err: error, limit: name }, `rate-limit store unavailable: ${entry.rule.storeDown}`)
      if (entry.rule.storeDown === 'open') return
      metrics?.rateLimitRefusals.inc({ limit: name, scope: 'store_down' })
      throw tooManyRequests(STORE_DOWN_RETRY_SECONDS)
    }
    if (outcome.isAllowed || !outcome.isExceeded) return
    metrics?.rateLimitRefusals.inc({ limit: name, scope: which })
    throw tooManyRequests(outcome.ttlInSeconds)
  }

  app.decorate<AbuseLimits>('abuseLimits', {
    address: (name, req) => count(name, req, 'address'),
    account: (name, req, subject) => {
      // The key generator runs synchronously inside the call, so the subject cannot mix with another's.
      ;(req as WithSubject)[subjectKey] = String(subject)
      return count(name, req, 'account')
    },
    member: (name, req, memberId) => {
      ;(req as WithSubject)[subjectKey] = String(memberId)
      return count(name, req, 'member')
    },
  })
}

/**
 * Redis for counters shared by several API processes. Short timeouts and no offline queue: a
 * Redis that is down or slow answers an error at once, never a hanging request.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 500,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 250, 5000),
  })
  let reported = false
  redis.on('error', (error: Error) => {
    // One line per outage, not one per reconnection attempt.
    if (!reported) app.log.warn({ err: error }, 'rate-limit Redis unavailable; limits follow their storeDown rule')
    reported = true
  })
  redis.on('ready', () => {
    reported = false
  })
  try {
    await redis.connect()
  } catch {
    // Reported by the error listener; ioredis keeps reconnecting in the background.
  }
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
  return redis
}
