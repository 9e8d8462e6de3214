/**
 * Route parameter rules of SPEC §5. A value that breaks its rule makes the page a 404
 * ("Page Not Found: {path}").
 */
export const CONTENT_TYPES = ['comic', 'magazine_comic'] as const
export type ContentType = (typeof CONTENT_TYPES)[number]

export const CHAPTER_FILE_SALES_TYPES = ['product', 'trial'] as const
export type ChapterFileSalesType = (typeof CHAPTER_FILE_SALES_TYPES)[number]

export type ParamRule = 'id' | 'contentType' | 'chapterFileSalesType' | 'any'

/** Ids are non-negative integers without leading zeros, and must fit a database bigint. */
export const isId = (value: string): boolean => /^(0|[1-9][0-9]{0,14})$/.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER

export const isContentType = (value: string): value is ContentType => (CONTENT_TYPES as readonly string[]).includes(value)

export const isChapterFileSalesType = (value: string): value is ChapterFileSalesType => (CHAPTER_FILE_SALES_TYPES as readonly string[]).includes(value)

export function checkParam(rule: ParamRule, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false
  switch (rule) {
    case 'id':
      return isId(value)
    case 'contentType':
      return isContentType(value)
    case 'chapterFileSalesType':
      return isChapterFileSalesType(value)
    case 'any':
      return true
  }
}

/**
 * The search keyword is cut to 50 characters (SPEC §2); counted in code points, not UTF-16 units.
 * 50 code points lie within the first 100 units, so only those are split (a 1 MB query costs nothing).
 */
export const SEARCH_KEYWORD_MAX = 50
export const cutSearchKeyword = (keyword: string): string =>
  Array.from(keyword.slice(0, SEARCH_KEYWORD_MAX * 2))
    .slice(0, SEARCH_KEYWORD_MAX)
    .join('')
