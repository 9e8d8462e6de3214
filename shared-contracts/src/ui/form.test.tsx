import { ApiError } from '@koma/contracts'
import { act, renderHook } from '@testing-library/react'
import { useSubmit } from './form'

/** A send the test finishes by hand, so the pending state can be seen. */
const deferred = () => {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('useSubmit', () => {
  it('is pending while the send runs, then not, and resolves true on success', async () => {
    const call = deferred()
    const send = jest.fn(() => call.promise)
    const { result } = renderHook(() => useSubmit(send))
    expect(result.current.pending).toBe(false)
    const event = { preventDefault: jest.fn() }
    let done: Promise<boolean> = Promise.resolve(false)
    act(() => {
      done = result.current.submit(event)
    })
    expect(event.preventDefault).toHaveBeenCalledTimes(1)
    expect(result.current.pending).toBe(true)
    await act(async () => {
      call.resolve()
      await done
    })
    await expect(done).resolves.toBe(true)
    expect(result.current.pending).toBe(false)
    expect(result.current.problem).toBeNull()
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('ignores a second submit while one is pending, even in the same tick', async () => {
    const call = deferred()
    const send = jest.fn(() => call.promise)
    const { result } = renderHook(() => useSubmit(send))
    let first: Promise<boolean> = Promise.resolve(false)
    let second: Promise<boolean> = Promise.resolve(true)
    let third: Promise<boolean> = Promise.resolve(true)
    act(() => {
      first = result.current.submit()
      second = result.current.submit()
    })
    act(() => {
      third = result.current.submit()
    })
    await expect(second).resolves.toBe(false)
    await expect(third).resolves.toBe(false)
    expect(send).toHaveBeenCalledTimes(1)
    await act(async () => {
      call.resolve()
      await first
    })
    // Once the first is over, the form can be sent again.
    await act(async () => {
      await result.current.submit()
    })
    expect(send).toHaveBeenCalledTimes(2)
  })

  it("shows the API's refusal (in the reader's language) and clears it on the next submit", async () => {
    const send = jest
      .fn<Promise<void>, []>()
      .mockRejectedValueOnce(new ApiError({ status: 400, message: 'Le code est incorrect.', url: '/coupon' }))
      .mockResolvedValueOnce(undefined)
    const { result } = renderHook(() => useSubmit(send))
    await act(async () => {
      await expect(result.current.submit()).resolves.toBe(false)
    })
    expect(result.current.problem).toBe('Le code est incorrect.')
    expect(result.current.pending).toBe(false)
    await act(async () => {
      await expect(result.current.submit()).resolves.toBe(true)
    })
    expect(result.current.problem).toBeNull()
  })

  it('shows nothing for a failure the global handler reports (a 5xx), unless the form says otherwise', async () => {
    const serverError = new ApiError({ status: 500, message: 'boom', url: '/x' })
    const plain = renderHook(() => useSubmit(() => Promise.reject(serverError)))
    await act(async () => {
      await plain.result.current.submit()
    })
    expect(plain.result.current.problem).toBeNull()
    const failure = jest.fn(() => 'Authentication failed.')
    const own = renderHook(() => useSubmit(() => Promise.reject(serverError), { failure }))
    await act(async () => {
      await own.result.current.submit()
    })
    expect(failure).toHaveBeenCalledWith(serverError)
    expect(own.result.current.problem).toBe('Authentication failed.')
  })

  it('sends nothing and is never pending when the check refuses (sync or async)', async () => {
    const send = jest.fn(() => Promise.resolve())
    const { result, rerender } = renderHook(({ check }: { check: () => boolean | Promise<boolean> }) => useSubmit(send, { check }), {
      initialProps: { check: (): boolean | Promise<boolean> => false },
    })
    await act(async () => {
      await expect(result.current.submit()).resolves.toBe(false)
    })
    rerender({ check: () => Promise.resolve(false) })
    await act(async () => {
      await expect(result.current.submit()).resolves.toBe(false)
    })
    expect(send).not.toHaveBeenCalled()
    expect(result.current.pending).toBe(false)
    rerender({ check: () => Promise.resolve(true) })
    await act(async () => {
      await expect(result.current.submit()).resolves.toBe(true)
    })
    expect(send).toHaveBeenCalledTimes(1)
  })
})
