import { LRUCache } from 'lru-cache'

/**
 * Images this process saw without AVIF in the last minute (issue 34): a reader's next request for
 * one is answered WebP without asking the database again. Forgotten on every process when any
 * process (or `npm run images`) stores an image's AVIF (cluster/invalidation.ts scope `avif`).
 */
const byOwner = new WeakMap<object, LRUCache<number, true>>()

export function avifMissing(owner: object): LRUCache<number, true> {
  let known = byOwner.get(owner)
  if (!known) {
    known = new LRUCache<number, true>({ max: 100_000, ttl: 60_000 })
    byOwner.set(owner, known)
  }
  return known
}

export function forgetAvifMissing(owner: object): void {
  byOwner.get(owner)?.clear()
}
