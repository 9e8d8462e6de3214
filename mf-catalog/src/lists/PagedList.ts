import { ApiError, text, currentLocale, type Page } from '@koma/contracts'
import { nextPageNo } from '@koma/contracts/domain'
import { makeAutoObservable, runInAction } from 'mobx'

export interface PageOf<T> {
  items: T[]
  page: Page
}

/** SPEC §4: the init flag clears 100 ms after the first page is shown. */
export const INIT_GUARD_MS = 100

/**
 * A list that grows page by page as the reader scrolls. Loading is guarded against double
 * loading (one request at a time, none while initialising); asking past the last page is the
 * SPEC §8 internal error. A failed page keeps what is shown and can be retried.
 */
export class PagedList<T> {
  items: T[]
  page: Page
  loading = false
  failed = false
  initializing = true

  constructor(
    first: PageOf<T>,
    private readonly fetchPage: (pageNo: number) => Promise<PageOf<T>>,
  ) {
    this.items = first.items
    this.page = first.page
    makeAutoObservable<PagedList<T>, 'fetchPage'>(this, { fetchPage: false })
  }

  get hasNext(): boolean {
    return this.page.hasNext
  }

  /** Call once the first page is on screen; returns a cancel function. */
  start(): () => void {
    const timer = setTimeout(() => runInAction(() => (this.initializing = false)), INIT_GUARD_MS)
    return () => clearTimeout(timer)
  }

  async loadMore(): Promise<void> {
    if (this.loading || this.initializing) return
    const next = nextPageNo(this.page)
    if (next === null) {
      const message = text('noMorePages', currentLocale())
      throw new ApiError({ status: 500, code: 500, message, body: { name: 'noMorePages', code: 500, message, hasNextPage: false }, url: '' })
    }
    this.loading = true
    this.failed = false
    try {
      const more = await this.fetchPage(next)
      runInAction(() => {
        const seen = new Set(this.items.map((item) => JSON.stringify(keyOf(item))))
        this.items = [...this.items, ...more.items.filter((item) => !seen.has(JSON.stringify(keyOf(item))))]
        this.page = more.page
      })
    } catch {
      runInAction(() => (this.failed = true))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }
}

/** Items are titles (id) or library entries (content.id); duplicates across pages are dropped. */
function keyOf(item: unknown): unknown {
  if (item && typeof item === 'object') {
    const record = item as { id?: unknown; content?: { id?: unknown } }
    return record.id ?? record.content?.id ?? item
  }
  return item
}
