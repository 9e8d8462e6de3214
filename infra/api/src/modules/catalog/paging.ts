import { pageRequest, pageResult, type Page, type PageRequest, type PagingQuery } from '@koma/contracts/server'
import { type HttpError } from '../../http/errors'
import { apiError } from '../../http/errorCatalogue'

const count = (value: string | undefined, field: string, min: number): number | null => {
  if (value === undefined || value === '') return null
  if (!/^(0|[1-9][0-9]{0,6})$/.test(value) || Number(value) < min) throw apiError('invalidParameter', { field })
  return Number(value)
}

/** SPEC §7 paging query: pageSize (default 20), and pageNo or seqNo. Malformed values are a 400. */
export function parsePaging(query: PagingQuery, cap?: number): PageRequest {
  const request = pageRequest({
    pageNo: count(query.pageNo, 'pageNo', 1),
    seqNo: count(query.seqNo, 'seqNo', 0),
    pageSize: count(query.pageSize, 'pageSize', 1),
    cap,
  })
  if (request.limit === 0) throw noMorePages()
  return request
}

/**
 * Past the last page there is nothing: a 404 with hasNextPage false (SPEC §8 dismisses it
 * silently). The browser's list raises SPEC §8's internal error itself if it ever asks; the API
 * keeps 500 for its own faults, which operators are alerted on.
 */
export const noMorePages = (): HttpError => apiError('noMorePages', {}, { hasNextPage: false })

/** Rows fetched with limit + 1: the page's rows and its description, or the internal error past the end. */
export function pageOf<T>(request: PageRequest, rows: readonly T[], cap?: number): { rows: T[]; page: Page } {
  const page = pageResult(request, Math.min(rows.length, request.limit), rows.length > request.limit, cap)
  if (!page) throw noMorePages()
  return { rows: rows.slice(0, request.limit), page }
}

/** The same over a list already in memory (library, search). */
export function pageOfAll<T>(request: PageRequest, all: readonly T[]): { rows: T[]; page: Page } {
  return pageOf(request, all.slice(request.offset, request.offset + request.limit + 1))
}
