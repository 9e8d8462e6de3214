import { cutSearchKeyword, safeStorage, STORAGE_KEYS } from '@koma/contracts'
import { normalizeSearchText } from '@koma/contracts/domain'

/** Local search history (SPEC §3 "search keywords"): newest first, no duplicates, at most 10. */
export const HISTORY_LIMIT = 10

export function readHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(STORAGE_KEYS.searchKeywords) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string').slice(0, HISTORY_LIMIT) : []
  } catch {
    return []
  }
}

function write(keywords: string[]): string[] {
  safeStorage.set(STORAGE_KEYS.searchKeywords, JSON.stringify(keywords))
  return keywords
}

export function addToHistory(keyword: string): string[] {
  const cut = cutSearchKeyword(keyword).trim()
  if (!cut) return readHistory()
  const same = normalizeSearchText(cut)
  return write([cut, ...readHistory().filter((item) => normalizeSearchText(item) !== same)].slice(0, HISTORY_LIMIT))
}

export const removeFromHistory = (keyword: string): string[] => write(readHistory().filter((item) => item !== keyword))
export const clearHistory = (): string[] => write([])
