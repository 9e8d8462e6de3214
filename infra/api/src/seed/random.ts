/**
 * Deterministic randomness for the seed: the same key always gives the same sequence, so every
 * run writes the same rows. Each part of the seed forks its own stream by key, so changing one
 * part (say, a cover) does not reshuffle everything after it.
 */

import { hashKey, mulberry32 } from '@koma/contracts/server'

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
