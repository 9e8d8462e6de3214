import { zoomAt } from './useZoom'

describe('zoomAt (ctrl + wheel zoom)', () => {
  const none = { scale: 1, x: 0, y: 0 }

  it('keeps the point under the pointer where it was', () => {
    const zoomed = zoomAt(none, 2, 100, 50, 400, 300)
    expect(zoomed).toEqual({ scale: 2, x: -100, y: -50 })
    // The stage point (100, 50) maps back to the same screen point: x + 100 * scale.
    expect(zoomed.x + 100 * zoomed.scale).toBe(100)
  })

  it('stays between 1× and 4×', () => {
    expect(zoomAt(none, 0.5, 100, 50, 400, 300)).toEqual(none)
    expect(zoomAt({ scale: 3, x: -400, y: -300 }, 4, 200, 150, 400, 300).scale).toBe(4)
  })

  it('never pans an empty margin into view', () => {
    const zoomed = zoomAt(none, 2, 0, 0, 400, 300)
    expect(zoomed).toEqual({ scale: 2, x: 0, y: 0 })
    const out = zoomAt({ scale: 2, x: -400, y: -300 }, 0.75, 400, 300, 400, 300)
    expect(out.x).toBeGreaterThanOrEqual(400 - 400 * out.scale)
    expect(out.y).toBeGreaterThanOrEqual(300 - 300 * out.scale)
  })
})
