import { isApiError } from '@koma/contracts'
import { INIT_GUARD_MS, PagedList } from './PagedList'

const page = (n: number, hasNext: boolean) => ({
  items: Array.from({ length: 20 }, (_, i) => ({ id: (n - 1) * 20 + i + 1 })),
  page: { hasNext, seqNo: n * 20, currentPageNo: n },
})

describe('PagedList', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('waits for the init flag to clear, then loads the next page once even when asked twice', async () => {
    let resolve!: (value: ReturnType<typeof page>) => void
    const fetchPage = jest.fn(() => new Promise<ReturnType<typeof page>>((done) => (resolve = done)))
    const list = new PagedList(page(1, true), fetchPage)
    list.start()
    await list.loadMore()
    expect(fetchPage).not.toHaveBeenCalled()
    jest.advanceTimersByTime(INIT_GUARD_MS)
    const first = list.loadMore()
    const second = list.loadMore()
    expect(fetchPage).toHaveBeenCalledTimes(1)
    expect(fetchPage).toHaveBeenCalledWith(2)
    resolve(page(2, false))
    await Promise.all([first, second])
    expect(list.items).toHaveLength(40)
    expect(list.hasNext).toBe(false)
  })

  it('raises the SPEC §8 internal error when asked past the last page, without a request', async () => {
    const fetchPage = jest.fn()
    const list = new PagedList(page(1, false), fetchPage)
    list.start()
    jest.advanceTimersByTime(INIT_GUARD_MS)
    const error = await list.loadMore().catch((thrown: unknown) => thrown)
    expect(isApiError(error) && error.status).toBe(500)
    expect(isApiError(error) && error.body?.hasNextPage).toBe(false)
    expect(fetchPage).not.toHaveBeenCalled()
  })

  it('keeps what it shows when a page fails, and retries', async () => {
    const fetchPage = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(page(2, false))
    const list = new PagedList(page(1, true), fetchPage)
    list.start()
    jest.advanceTimersByTime(INIT_GUARD_MS)
    await list.loadMore()
    expect(list.failed).toBe(true)
    expect(list.items).toHaveLength(20)
    await list.loadMore()
    expect(list.failed).toBe(false)
    expect(list.items).toHaveLength(40)
  })
})
