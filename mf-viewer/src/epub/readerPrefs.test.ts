import { DEFAULT_READER_PREFS, loadReaderPrefs, READER_PREFS_KEY, saveReaderPrefs, stepFontSize } from './readerPrefs'

describe('novel reader settings', () => {
  it('steps the text size along the scale and stops at its ends', () => {
    expect(stepFontSize(1, 1)).toBe(1.15)
    expect(stepFontSize(1, -1)).toBe(0.9)
    expect(stepFontSize(2, 1)).toBe(2)
    expect(stepFontSize(0.8, -1)).toBe(0.8)
  })
  it('keeps them on this browser and ignores bad values', () => {
    saveReaderPrefs({ fontSize: 1.3, theme: 'sepia', scroll: true })
    expect(loadReaderPrefs()).toEqual({ fontSize: 1.3, theme: 'sepia', scroll: true })
    localStorage.setItem(READER_PREFS_KEY, JSON.stringify({ fontSize: 99, theme: 'neon' }))
    expect(loadReaderPrefs()).toEqual({ fontSize: 1, theme: 'light', scroll: false })
    localStorage.setItem(READER_PREFS_KEY, 'nope')
    expect(loadReaderPrefs()).toEqual(DEFAULT_READER_PREFS)
  })
})
