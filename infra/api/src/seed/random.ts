/**
 * Deterministic randomness for the seed: the same key always gives the same sequence, so every
 * run writes the same rows. Each part of the seed forks its own stream by key, so changing one
 * part (say, a cover) does not reshuffle everything after it.
 */

/** FNV-1a, 32 bits: a stable seed from a string key. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: a tiny, fast PRNG with a 32-bit state; numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class Rng {
  private readonly next: () => number

  constructor(readonly key: string) {
    this.next = mulberry32(hashKey(key))
  }

  /** A new, independent stream for a sub-part: `rng.fork('cover')`. */
  fork(key: string | number): Rng {
    return new Rng(`${this.key}/${key}`)
  }

  float(): number {
    return this.next()
  }

  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next()
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: empty list')
    // next() is in [0, 1): the index is within the (non-empty) list.
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Fisher-Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = items.slice()
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      // 0 <= j <= i < copy.length: both are items of the copy.
      ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
    }
    return copy
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length))
  }
}
