import { MAX_PAGE_SIZE, PAGE_SIZE } from './catalog'
import type { Page } from './types'

/**
 * SPEC §3/§9 paging: pages of 20, addressed by pageNo (1-based) or by seqNo (the position of the
 * last item already shown). `cap` limits the list (the ranking stops at 200).
 */
export interface PageRequest {
  offset: number
  limit: number
  pageNo: number
}

export function pageRequest(input: { pageNo?: number | null; seqNo?: number | null; pageSize?: number | null; cap?: number }): PageRequest {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(input.pageSize ?? PAGE_SIZE)))
  const offset =
    input.seqNo !== undefined && input.seqNo !== null ? Math.max(0, Math.floor(input.seqNo)) : (Math.max(1, Math.floor(input.pageNo ?? 1)) - 1) * limit
  const capped = input.cap !== undefined ? Math.max(0, Math.min(limit, input.cap - offset)) : limit
  return { offset, limit: capped, pageNo: Math.floor(offset / limit) + 1 }
}

/**
 * The page description for `count` items fetched at `request`, when `more` says whether an item
 * exists after them (fetch limit + 1 to know). Null when the page lies past the end: SPEC §8
 * makes that the internal error, except an empty first page.
 */
export function pageResult(request: PageRequest, count: number, more: boolean, cap?: number): Page | null {
  if (count === 0 && request.offset > 0) return null
  const end = request.offset + count
  const hasNext = more && (cap === undefined || end < cap)
  return { hasNext, seqNo: count > 0 ? end : null, currentPageNo: request.pageNo }
}

/** The next request a list makes after `page`, or null at the end (asking anyway is the internal error). */
export function nextPageNo(page: Page): number | null {
  return page.hasNext ? page.currentPageNo + 1 : null
}
