import { STORAGE_KEYS } from '@koma/contracts'
import { isShifted, rememberShift, shiftedTitles, SHIFTED_TITLES_KEPT } from './spreadShift'

describe('shift by one page, remembered per title', () => {
  beforeEach(() => localStorage.clear())

  it('remembers a title shifted and forgets it when shifted back, leaving other titles alone', () => {
    rememberShift(7, true)
    rememberShift(9, true)
    expect(isShifted(7)).toBe(true)
    expect(isShifted(8)).toBe(false)
    rememberShift(7, false)
    expect(isShifted(7)).toBe(false)
    expect(isShifted(9)).toBe(true)
  })

  it('keeps the most recently shifted titles only', () => {
    for (let id = 1; id <= SHIFTED_TITLES_KEPT + 5; id++) rememberShift(id, true)
    expect(shiftedTitles()).toHaveLength(SHIFTED_TITLES_KEPT)
    expect(isShifted(1)).toBe(false)
    expect(isShifted(SHIFTED_TITLES_KEPT + 5)).toBe(true)
  })

  it('reads a damaged or foreign value as no shift', () => {
    localStorage.setItem(STORAGE_KEYS.spreadShift, '{not json')
    expect(isShifted(1)).toBe(false)
    localStorage.setItem(STORAGE_KEYS.spreadShift, JSON.stringify(['1', 2, -3, 4.5, null]))
    expect(shiftedTitles()).toEqual([2])
  })
})
