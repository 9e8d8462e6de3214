import { renderHook } from '@testing-library/react'
import { useRefresh } from './useRefresh'

let visibility: DocumentVisibilityState = 'visible'
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
})
beforeEach(() => {
  visibility = 'visible'
  jest.useFakeTimers()
})
afterEach(() => jest.useRealTimers())

const show = (state: DocumentVisibilityState) => {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('useRefresh', () => {
  it('refreshes every interval while the tab is shown, not while it is hidden, and at once when shown again', () => {
    const refresh = jest.fn()
    const { unmount } = renderHook(() => useRefresh(refresh, 10_000))
    jest.advanceTimersByTime(9_999)
    expect(refresh).toHaveBeenCalledTimes(0)
    jest.advanceTimersByTime(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    show('hidden')
    jest.advanceTimersByTime(60_000)
    expect(refresh).toHaveBeenCalledTimes(1)
    show('visible')
    expect(refresh).toHaveBeenCalledTimes(2)
    jest.advanceTimersByTime(10_000)
    expect(refresh).toHaveBeenCalledTimes(3)
    unmount()
    jest.advanceTimersByTime(60_000)
    show('visible')
    expect(refresh).toHaveBeenCalledTimes(3)
  })

  it('does not start while the page opens in a hidden tab', () => {
    visibility = 'hidden'
    const refresh = jest.fn()
    renderHook(() => useRefresh(refresh, 10_000))
    jest.advanceTimersByTime(30_000)
    expect(refresh).not.toHaveBeenCalled()
  })
})
