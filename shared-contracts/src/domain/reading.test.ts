import {
  comicLocator,
  finishedProgress,
  isDoublePageViewport,
  keyAction,
  loadWindow,
  pageOfLocator,
  parseReadProgress,
  READ_FINISH_POSITION,
  READING_GUIDE_MS,
  shouldShowReadingGuide,
  spreadOfPage,
  spreadOnScreen,
  spreads,
  swipeAction,
  tapAction,
  tileHeights,
} from './reading'
import { countsOfPositions, positionsFromCounts } from '../api/endpoints/viewer'

describe('read progress (SPEC §3 Locator; comics: href = page, position = page number)', () => {
  it('a finished chapter records position 10000 (SPEC §9)', () => {
    expect(READ_FINISH_POSITION).toBe(10000)
    expect(finishedProgress({ href: '12', type: 'x' })).toEqual({ href: '12', type: 'x', progression: 1, totalProgression: 1, position: 10000 })
  })
  it('turns a page and an offset into a locator and back', () => {
    const locator = comicLocator(2, 0.5, 10)
    expect(locator).toMatchObject({ href: '3', position: 3, progression: 0.5, totalProgression: 0.25 })
    expect(pageOfLocator(locator, 10)).toEqual({ pageIndex: 2, offset: 0.5 })
  })
  it('clamps out-of-range pages and offsets', () => {
    expect(comicLocator(40, 3, 10)).toMatchObject({ href: '10', position: 10, progression: 1, totalProgression: 1 })
    expect(comicLocator(-1, -2, 10)).toMatchObject({ href: '1', position: 1, progression: 0 })
  })
  it('ignores locators that do not fit the chapter, and finished ones (they start over)', () => {
    expect(pageOfLocator({ href: '11', progression: 0, position: 11 }, 10)).toBeNull()
    expect(pageOfLocator({ href: 'OEBPS/ch1.xhtml', progression: 0.2, position: 3 }, 10)).toEqual({ pageIndex: 2, offset: 0.2 })
    expect(pageOfLocator(finishedProgress(), 10)).toBeNull()
    expect(pageOfLocator(null, 10)).toBeNull()
  })
  it('validates a posted body', () => {
    expect(parseReadProgress({ href: '3', type: 't', progression: '0.5', totalProgression: '0.25', position: '3' })).toEqual({
      ok: true,
      value: { href: '3', type: 't', progression: 0.5, totalProgression: 0.25, position: 3 },
    })
    expect(parseReadProgress({ href: '', type: 't', progression: '0', totalProgression: '0', position: '1' })).toEqual({ ok: false, field: 'href' })
    expect(parseReadProgress({ href: '1', type: 't', progression: '1.5', totalProgression: '0', position: '1' })).toEqual({ ok: false, field: 'progression' })
    expect(parseReadProgress({ href: '1', type: 't', progression: 'NaN', totalProgression: '0', position: '1' })).toEqual({ ok: false, field: 'progression' })
    expect(parseReadProgress({ href: '1', type: 't', progression: '0', totalProgression: '0', position: '10001' })).toEqual({ ok: false, field: 'position' })
    expect(parseReadProgress({ href: '1', type: 't', progression: '0', totalProgression: '0', position: '2.5' })).toEqual({ ok: false, field: 'position' })
  })
})

describe('paged layout', () => {
  const tall = (count: number) => Array.from({ length: count }, () => ({ width: 800, height: 1200 }))
  const wide = { width: 1600, height: 1200 }
  it('single pages', () => {
    expect(spreads(tall(3), false)).toEqual([[0], [1], [2]])
    expect(spreads([...tall(2), wide], false)).toEqual([[0], [1], [2]])
  })
  it('double pages keep the cover alone, then pair, with a last odd page alone', () => {
    expect(spreads(tall(6), true)).toEqual([[0], [1, 2], [3, 4], [5]])
    expect(spreads(tall(5), true)).toEqual([[0], [1, 2], [3, 4]])
    expect(spreads(tall(1), true)).toEqual([[0]])
    expect(spreads([], true)).toEqual([])
  })
  it('a wide page (a double-page spread in one image) stands alone and the pairing starts afresh after it', () => {
    // A volume with its double-page spread inserted as page 5: pages 4 and 6 lose their partner
    // across it, the rest pair as the book was printed.
    const book = [...tall(4), wide, ...tall(4)]
    expect(spreads(book, true)).toEqual([[0], [1, 2], [3], [4], [5, 6], [7, 8]])
    // A wide page right after a pair, a wide cover, and two wide pages in a row.
    expect(spreads([...tall(3), wide, ...tall(2)], true)).toEqual([[0], [1, 2], [3], [4, 5]])
    expect(spreads([wide, ...tall(4)], true)).toEqual([[0], [1, 2], [3, 4]])
    expect(spreads([...tall(2), wide, wide, ...tall(1)], true)).toEqual([[0], [1], [2], [3], [4]])
    // A square page is not wide.
    expect(spreads([...tall(1), { width: 900, height: 900 }, ...tall(1)], true)).toEqual([[0], [1, 2]])
  })
  it('shifting by one page pairs the cover with the next page, up to the next wide page', () => {
    expect(spreads(tall(6), true, true)).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ])
    expect(spreads(tall(5), true, true)).toEqual([[0, 1], [2, 3], [4]])
    expect(spreads([...tall(4), wide, ...tall(3)], true, true)).toEqual([[0, 1], [2, 3], [4], [5, 6], [7]])
    // A wide cover stays alone shifted or not.
    expect(spreads([wide, ...tall(2)], true, true)).toEqual([[0], [1, 2]])
    // Every page is shown exactly once, in order, whatever the layout.
    for (const shift of [false, true]) {
      const book = [...tall(3), wide, ...tall(6), wide, wide, ...tall(5)]
      expect(spreads(book, true, shift).flat()).toEqual(book.map((_, index) => index))
    }
  })
  it('finds the spread of a page', () => {
    const layout = spreads(tall(6), true)
    expect(spreadOfPage(layout, 4)).toBe(2)
    expect(spreadOfPage(layout, 99)).toBe(0)
  })
  it('right-to-left spreads show the first page on the right', () => {
    expect(spreadOnScreen([1, 2], 'rtl')).toEqual([2, 1])
    expect(spreadOnScreen([1, 2], 'ltr')).toEqual([1, 2])
  })
  it('double pages only on a wide landscape screen', () => {
    expect(isDoublePageViewport({ width: 1280, height: 800 })).toBe(true)
    expect(isDoublePageViewport({ width: 390, height: 844 })).toBe(false)
    expect(isDoublePageViewport({ width: 800, height: 1280 })).toBe(false)
  })
})

describe('turning pages: keys, taps and swipes', () => {
  it('automatic keys follow the reading direction', () => {
    expect(keyAction('ArrowLeft', 'rtl', 'auto')).toBe('next')
    expect(keyAction('ArrowRight', 'rtl', 'auto')).toBe('previous')
    expect(keyAction('ArrowRight', 'ltr', 'auto')).toBe('next')
  })
  it('fixed keys always go forward with the right arrow', () => {
    expect(keyAction('ArrowRight', 'rtl', 'fixed')).toBe('next')
    expect(keyAction('ArrowLeft', 'rtl', 'fixed')).toBe('previous')
    expect(keyAction('Enter', 'rtl', 'fixed')).toBeNull()
  })
  it('tap zones: outer thirds turn, the middle shows the menus', () => {
    expect(tapAction(50, 390, 'rtl', 'auto')).toBe('next')
    expect(tapAction(350, 390, 'rtl', 'auto')).toBe('previous')
    expect(tapAction(195, 390, 'rtl', 'auto')).toBe('menu')
    expect(tapAction(350, 390, 'ltr', 'auto')).toBe('next')
    expect(tapAction(350, 390, 'rtl', 'fixed')).toBe('next')
  })
  it('swipes: a drag to the right shows the next page of a right-to-left title', () => {
    expect(swipeAction(120, 10, 'rtl')).toBe('next')
    expect(swipeAction(-120, 10, 'rtl')).toBe('previous')
    expect(swipeAction(-120, 10, 'ltr')).toBe('next')
    expect(swipeAction(20, 0, 'ltr')).toBeNull()
    expect(swipeAction(80, 200, 'ltr')).toBeNull()
  })
})

describe('reading guide (SPEC §4: 2.4 s when the direction changes)', () => {
  it('shows when the direction differs from the last one', () => {
    expect(READING_GUIDE_MS).toBe(2400)
    expect(shouldShowReadingGuide(null, 'rtl')).toBe(true)
    expect(shouldShowReadingGuide('ttb', 'rtl')).toBe(true)
    expect(shouldShowReadingGuide('rtl', 'rtl')).toBe(false)
  })
})

describe('windows and tiles', () => {
  it('keeps a window around the reader', () => {
    expect(loadWindow(0, 200, 3, 5)).toEqual({ start: 0, end: 6 })
    expect(loadWindow(100, 200, 3, 5)).toEqual({ start: 97, end: 106 })
    expect(loadWindow(199, 200, 3, 5)).toEqual({ start: 196, end: 200 })
    expect(loadWindow(5, 0, 3, 5)).toEqual({ start: 0, end: 0 })
  })
  it('cuts tall strips into bands no taller than 1.25 widths that add up to the height', () => {
    expect(tileHeights(800, 1000)).toEqual([1000])
    const bands = tileHeights(1440, 3200)
    expect(bands.length).toBe(2)
    expect(bands.reduce((a, b) => a + b, 0)).toBe(3200)
    for (const band of tileHeights(720, 12000)) expect(band).toBeLessThanOrEqual(900)
  })
})

describe('positions of big books, sent as a count per document', () => {
  it('rebuilds the positions list from the counts, and counts a list back', () => {
    const readingOrder = [{ href: 'a.xhtml' }, { href: 'b.svg.page.xhtml', type: 'application/xhtml+xml' }, { href: 'c.xhtml' }]
    const positions = positionsFromCounts(readingOrder, [2, 1, 3])
    expect(positions.map((p) => [p.href, p.locations.position, p.locations.progression, p.locations.totalProgression])).toEqual([
      ['a.xhtml', 1, 0, 0],
      ['a.xhtml', 2, 0.5, 1 / 6],
      ['b.svg.page.xhtml', 3, 0, 2 / 6],
      ['c.xhtml', 4, 0, 3 / 6],
      ['c.xhtml', 5, 1 / 3, 4 / 6],
      ['c.xhtml', 6, 2 / 3, 5 / 6],
    ])
    expect(countsOfPositions(readingOrder, positions)).toEqual([2, 1, 3])
    expect(positionsFromCounts(readingOrder, [])).toEqual([])
  })
})
