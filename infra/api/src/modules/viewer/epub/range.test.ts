import { byteRange } from './range'

describe('byteRange', () => {
  it('reads one range, an open end, and a suffix', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(byteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 })
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 })
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
  })

  it('answers the whole file for no header, a malformed one or several ranges', () => {
    expect(byteRange(undefined, 1000)).toBeNull()
    expect(byteRange('bytes=', 1000)).toBeNull()
    expect(byteRange('items=0-1', 1000)).toBeNull()
    expect(byteRange('bytes=0-1,5-9', 1000)).toBeNull()
    expect(byteRange('bytes=9-1', 1000)).toBeNull()
  })

  it('refuses a range past the end', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable')
  })
})
