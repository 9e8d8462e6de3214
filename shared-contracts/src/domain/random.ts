/**
 * Seeded randomness: the same key or seed gives the same numbers wherever it runs. The API's
 * seed data draws from it (every run writes the same rows), and so do the screens the edge draws
 * first (the browser then chooses what the edge drew).
 */

/** FNV-1a, 32 bits: a stable number from a string key. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: a tiny, fast generator with a 32-bit state; numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
