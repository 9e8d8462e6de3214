import { fitListMarkers, largestMarker, markerRoomEm } from './bookStyle'

describe('ordered list markers', () => {
  it('asks room for every digit of the largest marker, and more for roman numerals', () => {
    expect(markerRoomEm(9, 'decimal')).toBe(1.5)
    expect(markerRoomEm(12, 'decimal')).toBe(2.1)
    expect(markerRoomEm(120, 'decimal')).toBe(2.7)
    expect(markerRoomEm(3, 'upper-roman')).toBe(3.3)
    expect(largestMarker(1, 12, false)).toBe(12)
    expect(largestMarker(12, 12, true)).toBe(12)
    expect(largestMarker(-3, 2, false)).toBe(3)
  })

  it('widens a two-digit list whose padding is too narrow, and leaves the others as the book made them', () => {
    document.body.innerHTML = `
      <ol id="long" style="padding-left: 10px">${'<li>x</li>'.repeat(12)}</ol>
      <ol id="short" style="padding-left: 10px">${'<li>x</li>'.repeat(9)}</ol>
      <ol id="roomy" style="padding-left: 80px; font-size: 16px">${'<li>x</li>'.repeat(12)}</ol>
      <ol id="plain" style="list-style-type: none; padding-left: 0">${'<li>x</li>'.repeat(12)}</ol>`
    fitListMarkers(document)
    expect(document.getElementById('long')!.style.paddingInlineStart).toBe('2.1em')
    expect(document.getElementById('short')!.style.paddingInlineStart).toBe('')
    expect(document.getElementById('roomy')!.style.paddingInlineStart).toBe('')
    expect(document.getElementById('plain')!.style.paddingInlineStart).toBe('')
  })
})
