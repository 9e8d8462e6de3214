import { safeStorage } from '@koma/contracts'

/** Reader settings of the novel reader, kept on this browser. */
export type ReaderTheme = 'light' | 'sepia' | 'dark'

export interface ReaderPrefs {
  /** 1 = the book's own size. */
  fontSize: number
  theme: ReaderTheme
  scroll: boolean
}

export const READER_PREFS_KEY = 'koma.readerPrefs'
export const DEFAULT_READER_PREFS: ReaderPrefs = { fontSize: 1, theme: 'light', scroll: false }
export const FONT_SIZES = [0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2] as const

export const THEMES: Record<ReaderTheme, { background: string; text: string; chrome: string }> = {
  light: { background: '#ffffff', text: '#1a1a1a', chrome: '#f5f5f7' },
  sepia: { background: '#f4ecd8', text: '#5b4636', chrome: '#eadfc6' },
  dark: { background: '#121212', text: '#e3e3e3', chrome: '#1f1f1f' },
}

export function loadReaderPrefs(): ReaderPrefs {
  try {
    const parsed = JSON.parse(safeStorage.get(READER_PREFS_KEY) ?? 'null') as Partial<ReaderPrefs> | null
    if (!parsed) return DEFAULT_READER_PREFS
    return {
      fontSize: typeof parsed.fontSize === 'number' && parsed.fontSize >= 0.5 && parsed.fontSize <= 3 ? parsed.fontSize : 1,
      theme: parsed.theme === 'sepia' || parsed.theme === 'dark' ? parsed.theme : 'light',
      scroll: parsed.scroll === true,
    }
  } catch {
    return DEFAULT_READER_PREFS
  }
}

export function saveReaderPrefs(prefs: ReaderPrefs): void {
  safeStorage.set(READER_PREFS_KEY, JSON.stringify(prefs))
}

/** One step larger or smaller along FONT_SIZES. */
export function stepFontSize(current: number, step: 1 | -1): number {
  const index = FONT_SIZES.findIndex((size) => size >= current - 0.001)
  const at = index < 0 ? FONT_SIZES.length - 1 : index
  return FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, at + step))] ?? current
}
