import { hashKey, mulberry32 } from './random'

describe('seeded randomness', () => {
  it('hashes a key with FNV-1a (32 bits)', () => {
    // The published FNV-1a test vectors.
    expect(hashKey('')).toBe(0x811c9dc5)
    expect(hashKey('a')).toBe(0xe40c292c)
    expect(hashKey('foobar')).toBe(0xbf9cf968)
  })

  it('gives the same numbers for the same seed, in [0, 1)', () => {
    const first = mulberry32(42)
    const again = mulberry32(42)
    const numbers = Array.from({ length: 1000 }, () => first())
    expect(Array.from({ length: 1000 }, () => again())).toEqual(numbers)
    expect(numbers.every((n) => n >= 0 && n < 1)).toBe(true)
    expect(new Set(numbers).size).toBeGreaterThan(990)
  })

  it('gives other numbers for another seed', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)())
  })
})
