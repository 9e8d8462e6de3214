import { afterPageHolds, holdPageWork, whenIdle, whenPageSettles } from './idle'

describe('whenIdle', () => {
  afterEach(() => {
    jest.useRealTimers()
    Reflect.deleteProperty(window, 'requestIdleCallback')
    Reflect.deleteProperty(window, 'cancelIdleCallback')
  })

  it('asks the browser for an idle moment, within the time given, and can take it back', () => {
    const calls: [IdleRequestCallback, IdleRequestOptions | undefined][] = []
    const cancelled: number[] = []
    Object.assign(window, {
      requestIdleCallback: (callback: IdleRequestCallback, options?: IdleRequestOptions) => calls.push([callback, options]),
      cancelIdleCallback: (id: number) => cancelled.push(id),
    })
    const run = jest.fn()
    const cancel = whenIdle(run, 500)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.[1]).toEqual({ timeout: 500 })
    expect(run).not.toHaveBeenCalled()
    calls[0]?.[0]({ didTimeout: false, timeRemaining: () => 10 })
    expect(run).toHaveBeenCalledTimes(1)
    cancel()
    expect(cancelled).toEqual([1])
  })

  it('runs a frame later where the browser has no idle callbacks, unless cancelled', () => {
    jest.useFakeTimers()
    const run = jest.fn()
    whenIdle(run, 10_000)
    jest.advanceTimersByTime(15)
    expect(run).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
    const never = jest.fn()
    whenIdle(never, 10_000)()
    jest.advanceTimersByTime(100)
    expect(never).not.toHaveBeenCalled()
  })
})

describe('holdPageWork and afterPageHolds', () => {
  afterEach(() => jest.useRealTimers())

  it('runs at once when nothing holds the page, else when the last hold is released', () => {
    const early = jest.fn()
    afterPageHolds(early)
    expect(early).toHaveBeenCalledTimes(1)

    const boot = holdPageWork()
    const book = holdPageWork()
    const run = jest.fn()
    afterPageHolds(run)
    boot()
    expect(run).not.toHaveBeenCalled()
    // A release said twice counts once: the book's hold still stands.
    boot()
    expect(run).not.toHaveBeenCalled()
    book()
    expect(run).toHaveBeenCalledTimes(1)
    book()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('lets go by itself after the time given, whatever the screen does', () => {
    jest.useFakeTimers()
    const stuck = holdPageWork(5000)
    const run = jest.fn()
    afterPageHolds(run)
    jest.advanceTimersByTime(4999)
    expect(run).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
    stuck()
    expect(run).toHaveBeenCalledTimes(1)
  })
})

describe('whenPageSettles (issue 39)', () => {
  afterEach(() => jest.useRealTimers())

  it('waits for the holds, then for an idle moment, and again for a hold taken before that moment', () => {
    jest.useFakeTimers()
    const run = jest.fn()
    const first = holdPageWork()
    whenPageSettles(run, 1000)
    first()
    // The next screen takes its hold in the same moment (the novel reader once its chapter is in).
    const book = holdPageWork()
    jest.advanceTimersByTime(500)
    expect(run).not.toHaveBeenCalled()
    book()
    expect(run).not.toHaveBeenCalled()
    jest.advanceTimersByTime(16)
    expect(run).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(5000)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
