import type { Redis } from 'ioredis'
import { BUCKET_MS, FAILURE_KINDS, type CountField, type Counted, type HealthCounts } from './versionHealth'
import type { VitalsCounts } from './vitals'

/**
 * Health counts every edge process shares (KOMA_EDGE_STORE=redis): one hash per remote version
 * and 10-second bucket, expiring once it has left the window. Two edges judge a canary on all
 * readers' page loads and failures, whichever edge served or heard them.
 */
export class RedisCounts implements HealthCounts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => undefined },
  ) {}

  private key(key: string, bucketAt: number): string {
    return `${this.prefix}health:${key}:${bucketAt}`
  }

  async add(key: string, bucketAt: number, field: CountField, n: number): Promise<void> {
    const name = this.key(key, bucketAt)
    try {
      await this.redis
        .multi()
        .hincrby(name, field, n)
        .pexpire(name, this.windowMs + 2 * BUCKET_MS)
        .exec()
    } catch (err) {
      // A lost count weakens one judgement; it never fails the page or the beacon.
      this.log.warn({ err }, 'cannot count in Redis')
    }
  }

  async read(key: string, fromBucket: number, toBucket: number): Promise<Counted[]> {
    const pipeline = this.redis.pipeline()
    for (let at = fromBucket; at <= toBucket; at += BUCKET_MS) pipeline.hgetall(this.key(key, at))
    const results = (await pipeline.exec()) ?? []
    return results.map(([, value]) => {
      const hash = (value ?? {}) as Record<string, string>
      const counted: Counted = { loads: Number(hash.loads ?? 0), load: 0, boundary: 0, error: 0 }
      for (const kind of FAILURE_KINDS) counted[kind] = Number(hash[kind] ?? 0)
      return counted
    })
  }
}

/**
 * Readers' Web Vitals counts every edge process shares (vitals.ts): one hash per remote version
 * and 10-second bucket, a field per metric and value bucket (`LCP:12`), expiring once it has left
 * the window. A p75 read by any edge is over every edge's readers.
 */
export class RedisVitalsCounts implements VitalsCounts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => undefined },
  ) {}

  private key(key: string, bucketAt: number): string {
    return `${this.prefix}vitals:${key}:${bucketAt}`
  }

  async add(key: string, bucketAt: number, fields: readonly string[]): Promise<void> {
    if (fields.length === 0) return
    const name = this.key(key, bucketAt)
    try {
      const multi = this.redis.multi()
      for (const field of fields) multi.hincrby(name, field, 1)
      await multi.pexpire(name, this.windowMs + 2 * BUCKET_MS).exec()
    } catch (err) {
      this.log.warn({ err }, 'cannot count vitals in Redis')
    }
  }

  async read(key: string, fromBucket: number, toBucket: number): Promise<Record<string, number>[]> {
    const pipeline = this.redis.pipeline()
    for (let at = fromBucket; at <= toBucket; at += BUCKET_MS) pipeline.hgetall(this.key(key, at))
    const results = (await pipeline.exec()) ?? []
    return results.map(([, value]) => Object.fromEntries(Object.entries((value ?? {}) as Record<string, string>).map(([field, n]) => [field, Number(n)])))
  }
}
