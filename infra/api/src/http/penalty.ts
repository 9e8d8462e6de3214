import type { FastifyInstance } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { AbusePenalty } from '../limits'
import { apiError, errorBody } from './errorCatalogue'
import { requestLocale } from './locale'
import { readerAddress } from './rateLimit'

/** Statuses that say "you are asking too much": the ones an abuser collects. */
const REFUSALS = new Set([413, 429])

/**
 * Image refusals do not count (issue 33): they cost nothing (refused before any render, no body
 * to read), and a household past its render budget would otherwise lose the whole site, its
 * pages and purchases, for a minute at a time. The image routes keep their own limits.
 */
const countsTowardsPenalty = (url: string): boolean => !url.startsWith('/api/image/')

interface Record {
  refusals: number
  windowStartedAt: number
  penalisedUntil: number
}

/**
 * The penalty box (limits.ts ABUSE_PENALTY). Counting happens when a refusal goes out; the check
 * runs first thing on a request, before the rate limiter and before the body is read, so a
 * penalised address's bodies are never read: the socket simply waits, then the request is refused
 * and the connection closed. Bounded memory: the most recent 20,000 addresses.
 */
export function registerPenaltyBox(app: FastifyInstance, rule: AbusePenalty, now: () => number = Date.now): void {
  if (rule.refusals <= 0) return
  const box = new LRUCache<string, Record>({ max: 20_000 })

  app.addHook('onRequest', async (req, reply) => {
    const address = readerAddress(req)
    const record = box.get(address)
    if (!record || record.penalisedUntil <= now()) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, rule.delayMs)
      req.raw.once('close', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    if (req.raw.destroyed) return reply
    const seconds = Math.max(1, Math.ceil((record.penalisedUntil - now()) / 1000))
    return reply
      .code(429)
      .header('retry-after', String(seconds))
      .header('connection', 'close')
      .send(errorBody(apiError('tooManyRequests'), requestLocale(req)))
  })

  app.addHook('onResponse', async (req, reply) => {
    if (!REFUSALS.has(reply.statusCode) || !countsTowardsPenalty(req.url)) return
    const address = readerAddress(req)
    const at = now()
    const record = box.get(address) ?? { refusals: 0, windowStartedAt: at, penalisedUntil: 0 }
    if (at - record.windowStartedAt > rule.windowMs) {
      record.refusals = 0
      record.windowStartedAt = at
    }
    record.refusals += 1
    if (record.refusals >= rule.refusals && record.penalisedUntil <= at) record.penalisedUntil = at + rule.penaltyMs
    box.set(address, record)
  })
}
