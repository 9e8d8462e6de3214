import { TIMINGS } from '../theme/tokens'
import { selectAllScrollOffset, selectAllScrollTop } from './coins'
import { errorCallbackOutcome, notificationDuration } from './feedback'

describe('error with callback (SPEC §8)', () => {
  it('OK does nothing on 303, goes home on 404, reloads on 304 and every other status', () => {
    expect(errorCallbackOutcome(303)).toBe('none')
    expect(errorCallbackOutcome(404)).toBe('home')
    expect(errorCallbackOutcome(304)).toBe('reload')
    for (const status of [400, 401, 402, 409, 500, 503, 9999]) expect(errorCallbackOutcome(status)).toBe('reload')
    expect(errorCallbackOutcome(undefined)).toBe('reload')
  })
})

describe('transient notification (SPEC §4, §9)', () => {
  it('shows 2400 ms by default and 2000 ms where asked; cleared 500 ms after hiding', () => {
    expect(notificationDuration()).toBe(2400)
    expect(notificationDuration(TIMINGS.notificationShortMs)).toBe(2000)
    expect(notificationDuration(0)).toBe(2400)
    expect(notificationDuration(-5)).toBe(2400)
    expect(notificationDuration(Number.NaN)).toBe(2400)
    expect(TIMINGS.notificationClearMs).toBe(500)
  })
})

describe('select-all scroll (SPEC §9)', () => {
  it('keeps 88 px above the first selectable chapter, 56 px up to 767 px wide', () => {
    expect(selectAllScrollOffset(1280)).toBe(88)
    expect(selectAllScrollOffset(768)).toBe(88)
    expect(selectAllScrollOffset(767)).toBe(56)
    expect(selectAllScrollOffset(390)).toBe(56)
    expect(selectAllScrollTop(500, 1280)).toBe(412)
    expect(selectAllScrollTop(500, 767)).toBe(444)
    expect(selectAllScrollTop(500.4, 390)).toBe(444)
  })

  it('never scrolls above the top', () => {
    expect(selectAllScrollTop(40, 1280)).toBe(0)
    expect(selectAllScrollTop(0, 390)).toBe(0)
  })
})

describe('validation debounce (SPEC §5)', () => {
  it('is 5 ms', () => {
    expect(TIMINGS.validationDebounceMs).toBe(5)
  })
})
