import { cutSearchKeyword } from '../routes/params'

/**
 * Search text normalisation, shared by the API (matching) and the browser (history): NFKC
 * (full-width letters and half-width katakana fold), lower case, hiragana folded to katakana so
 * 「つき」 finds 「ツキ」, spaces collapsed.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60))
    .replace(/\s+/g, ' ')
    .trim()
}

/** The terms of a query: cut to 50 characters (SPEC §2), normalised, split on spaces, at most 5. */
export function searchTerms(query: string): string[] {
  return [...new Set(normalizeSearchText(cutSearchKeyword(query)).split(' ').filter(Boolean))].slice(0, 5)
}

export interface SearchFields {
  /** Titles in every language. */
  names: string[]
  /** Author names in every language. */
  authors: string[]
  /** searchKeyword texts in every language. */
  keywords: string[]
}

/**
 * Relevance of one title for a query; 0 when a term matches nowhere (every term must match).
 * Per term: exact title 100, title prefix 60, title contains 40, author 25, keyword 10.
 */
export function searchScore(terms: readonly string[], fields: SearchFields): number {
  if (terms.length === 0) return 0
  const names = fields.names.map(normalizeSearchText)
  const authors = fields.authors.map(normalizeSearchText)
  const keywords = fields.keywords.map(normalizeSearchText)
  const whole = terms.join(' ')
  let score = names.some((name) => name === whole) ? 100 : 0
  for (const term of terms) {
    let best = 0
    for (const name of names) {
      if (name.startsWith(term)) best = Math.max(best, 60)
      else if (name.includes(term)) best = Math.max(best, 40)
    }
    if (authors.some((author) => author.includes(term))) best = Math.max(best, 25)
    if (best === 0 && keywords.some((keyword) => keyword.includes(term))) best = 10
    if (best === 0) return 0
    score += best
  }
  return score
}
