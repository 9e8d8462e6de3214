import { isChapterFileSalesType, isContentType, isId, type ChapterFileSalesType, type ContentType } from '@koma/contracts/server'
import { apiError } from './errorCatalogue'

/** Path ids follow the SPEC §5 rule; anything else is a 404, never a database error. */
export function parseId(value: string | undefined): number {
  if (value === undefined || !isId(value)) throw apiError('notFound')
  return Number(value)
}

export function parseContentType(value: string | undefined): ContentType {
  if (value === undefined || !isContentType(value)) throw apiError('notFound')
  return value
}

export function parseSalesType(value: string | undefined): ChapterFileSalesType {
  if (value === undefined || !isChapterFileSalesType(value)) throw apiError('notFound')
  return value
}

/** A positive page number from a query value, defaulting to 1. */
export function parsePageNo(value: string | undefined): number {
  if (value === undefined || value === '') return 1
  if (!/^[1-9][0-9]{0,5}$/.test(value)) throw apiError('notFound')
  return Number(value)
}
