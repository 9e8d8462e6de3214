import { describeSlower, formatVital, p75FromBuckets, parseVitalsBeacon, slowerCanary, VITAL_BUCKETS, vitalBucket, type VitalFigure } from './webVitals'

/** Counts of LCP buckets from raw values. */
const countsOf = (values: number[]) => {
  const counts = new Array<number>(VITAL_BUCKETS.LCP.length + 1).fill(0)
  for (const value of values) counts[vitalBucket('LCP', value)]!++
  return counts
}

describe('web vitals buckets', () => {
  it('puts a value in the first bucket whose bound is at least the value, the largest in the overflow', () => {
    expect(vitalBucket('LCP', 0)).toBe(0)
    expect(vitalBucket('LCP', 250)).toBe(0)
    expect(vitalBucket('LCP', 251)).toBe(1)
    expect(vitalBucket('LCP', 2500)).toBe(VITAL_BUCKETS.LCP.indexOf(2500))
    expect(vitalBucket('LCP', 70_000)).toBe(VITAL_BUCKETS.LCP.length)
    expect(vitalBucket('CLS', 0.1)).toBe(VITAL_BUCKETS.CLS.indexOf(0.1))
  })

  it('reads p75 from the buckets, interpolated inside the bucket, within a bucket of the true p75', () => {
    expect(p75FromBuckets('LCP', countsOf([]))).toBeNull()
    // 100 loads from 1,000 to 3,970 ms: the true p75 is about 3,200 ms.
    const values = Array.from({ length: 100 }, (_, i) => 1000 + i * 30)
    const p75 = p75FromBuckets('LCP', countsOf(values))!
    expect(p75).toBeGreaterThanOrEqual(3000)
    expect(p75).toBeLessThanOrEqual(3500)
    // All in one bucket (2,000 < v ≤ 2,250): three quarters of its width.
    expect(p75FromBuckets('LCP', countsOf([2100, 2100, 2100, 2100]))).toBe(2187.5)
    // Beyond the last bound: that bound ("at least").
    expect(p75FromBuckets('LCP', countsOf([90_000, 90_000]))).toBe(60_000)
  })
})

describe('a vitals beacon', () => {
  const good = { route: 'catalog.home', host: 'h1', remote: 'mf_catalog', version: 'v1', vitals: { LCP: 1200, CLS: 0.02 } }

  it('is taken when its shape and values are sound', () => {
    expect(parseVitalsBeacon(good)).toEqual({ beacon: good })
  })

  it.each([
    ['not an object', 'x'],
    ['an array', []],
    ['null', null],
    ['an extra field', { ...good, email: 'a@b.c' }],
    ['a long label', { ...good, route: 'r'.repeat(200) }],
    ['a label with odd characters', { ...good, version: '../etc' }],
    ['a number as label', { ...good, remote: 3 }],
    ['no vitals', { ...good, vitals: {} }],
    ['vitals as array', { ...good, vitals: [1] }],
    ['an unknown metric', { ...good, vitals: { FID: 10 } }],
    ['a negative value', { ...good, vitals: { LCP: -1 } }],
    ['an infinite value', { ...good, vitals: { LCP: Infinity } }],
    ['a huge value', { ...good, vitals: { INP: 1e12 } }],
    ['a string value', { ...good, vitals: { LCP: '100' } }],
    ['a CLS out of bounds', { ...good, vitals: { CLS: 1000 } }],
  ])('is refused with %s', (_name, body) => {
    expect(parseVitalsBeacon(body)).toHaveProperty('problem')
  })
})

describe('a canary judged on speed', () => {
  const rules = { minLoads: 50, margin: 0.2 }
  const side = (lcp: VitalFigure, inp: VitalFigure = { loads: 100, p75: 100 }) => ({ LCP: lcp, INP: inp })

  it('is slower when its p75 LCP exceeds the live one by more than the margin', () => {
    const verdict = slowerCanary(side({ loads: 60, p75: 3100 }), side({ loads: 120, p75: 2200 }), rules)
    expect(verdict).toEqual({ metric: 'LCP', canary: 3100, live: 2200, increase: expect.closeTo(0.409, 3) })
    expect(describeSlower(verdict!)).toBe('p75 LCP 3.1 s vs 2.2 s live (+41%)')
  })

  it('is not judged below the minimum page loads on either side', () => {
    expect(slowerCanary(side({ loads: 49, p75: 9000 }), side({ loads: 120, p75: 2000 }), rules)).toBeNull()
    expect(slowerCanary(side({ loads: 120, p75: 9000 }), side({ loads: 49, p75: 2000 }), rules)).toBeNull()
  })

  it('is within the margin at +20% exactly', () => {
    expect(slowerCanary(side({ loads: 50, p75: 2400 }), side({ loads: 50, p75: 2000 }), rules)).toBeNull()
  })

  it('is slower on INP too', () => {
    const verdict = slowerCanary(side({ loads: 50, p75: 2000 }, { loads: 50, p75: 400 }), side({ loads: 50, p75: 2000 }, { loads: 50, p75: 180 }), rules)
    expect(verdict?.metric).toBe('INP')
    expect(describeSlower(verdict!)).toBe('p75 INP 400 ms vs 180 ms live (+122%)')
  })

  it('compares nothing without figures', () => {
    expect(slowerCanary({}, {}, rules)).toBeNull()
    expect(slowerCanary({ LCP: { loads: 60, p75: null } }, { LCP: { loads: 60, p75: 100 } }, rules)).toBeNull()
  })

  it('formats values as an operator reads them', () => {
    expect(formatVital('CLS', 0.123)).toBe('0.12')
    expect(formatVital('TTFB', 812.4)).toBe('812 ms')
  })
})
