import { safeStorage, STORAGE_KEYS } from '@koma/contracts'

/** How many titles the browser remembers a shift for: the most recently shifted ones. */
export const SHIFTED_TITLES_KEPT = 200

/** The titles this browser reads with double pages shifted by one page, oldest first. */
export function shiftedTitles(): number[] {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(STORAGE_KEYS.spreadShift) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : []
  } catch {
    return []
  }
}

export const isShifted = (contentId: number): boolean => shiftedTitles().includes(contentId)

/** Remembers (or forgets) a title's shift, per title and in this browser (issue 37). */
export function rememberShift(contentId: number, shifted: boolean): void {
  const others = shiftedTitles().filter((id) => id !== contentId)
  const next = shifted ? [...others, contentId].slice(-SHIFTED_TITLES_KEPT) : others
  safeStorage.set(STORAGE_KEYS.spreadShift, JSON.stringify(next))
}
