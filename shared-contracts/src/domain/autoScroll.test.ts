import { AUTO_SCROLL_SECONDS_PER_SCREEN, AUTO_SCROLL_SPEEDS, autoScrollDistance, isAutoScrollSpeed, nextAutoScrollSpeed } from './autoScroll'

describe('auto-scroll (issue 37)', () => {
  it('has at least five steps, each faster than the one before', () => {
    expect(AUTO_SCROLL_SPEEDS.length).toBeGreaterThanOrEqual(5)
    const seconds = AUTO_SCROLL_SPEEDS.map((speed) => AUTO_SCROLL_SECONDS_PER_SCREEN[speed])
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]!).toBeLessThan(seconds[i - 1]!)
  })

  it('moves one screen in the step’s seconds, summed over frames', () => {
    let moved = 0
    for (let frame = 0; frame < 9 * 60; frame++) moved += autoScrollDistance(3, 844, 1000 / 60)
    expect(moved).toBeCloseTo(844, 3)
    expect(autoScrollDistance(5, 800, 1000)).toBeCloseTo(80, 6) // capped: a tenth of a screen
    expect(autoScrollDistance(1, 800, 100)).toBeCloseTo(5, 6)
  })

  it('never moves on a bad frame or screen', () => {
    expect(autoScrollDistance(3, 0, 16)).toBe(0)
    expect(autoScrollDistance(3, 844, -5)).toBe(0)
    expect(autoScrollDistance(3, Number.NaN, 16)).toBe(0)
  })

  it('steps up and down within the range and knows a speed', () => {
    expect(nextAutoScrollSpeed(3, 1)).toBe(4)
    expect(nextAutoScrollSpeed(5, 1)).toBe(5)
    expect(nextAutoScrollSpeed(1, -1)).toBe(1)
    expect(isAutoScrollSpeed(2)).toBe(true)
    expect(isAutoScrollSpeed('2')).toBe(false)
    expect(isAutoScrollSpeed(6)).toBe(false)
  })
})
