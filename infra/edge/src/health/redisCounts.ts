import type { Redis } from 'ioredis'
import { BUCKET_MS, FAILURE_KINDS, type CountField, type Counted, type HealthCounts } from './versionHealth'

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
