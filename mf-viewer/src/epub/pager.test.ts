import { pagedProgress } from './EpubReader'
import { FramePager, pageAt, pageCount, pageOfProgression, progressionOf } from './pager'

describe('our pagination for vertical and right-to-left documents', () => {
  it('counts the pages of a document, a partly filled last one included', () => {
    expect(pageCount(2208, 736)).toBe(3)
    expect(pageCount(2209, 736)).toBe(3)
    expect(pageCount(2300, 736)).toBe(4)
    expect(pageCount(390, 390)).toBe(1)
    expect(pageCount(0, 390)).toBe(1)
    expect(pageCount(500, 0)).toBe(1)
  })

  it('finds the page a scroll offset shows, right-to-left offsets being negative', () => {
    expect(pageAt(0, 390, 3)).toBe(0)
    expect(pageAt(-390, 390, 3)).toBe(1)
    expect(pageAt(-779, 390, 3)).toBe(2)
    expect(pageAt(-5000, 390, 3)).toBe(2)
  })

  it('turns a page into a progression and back, so a resume lands on the same page', () => {
    for (const pages of [1, 2, 3, 7, 25]) {
      for (let page = 0; page < pages; page++) expect(pageOfProgression(progressionOf(page, pages), pages)).toBe(page)
    }
    expect(pageOfProgression(0.999, 4)).toBe(3)
    expect(pageOfProgression(Number.NaN, 4)).toBe(0)
    expect(pageOfProgression(2, 4)).toBe(3)
  })

  it('reports progress page by page over the positions of the document', () => {
    const positions = ['a', 'a', 'b', 'b', 'b', 'b'].map((href, i) => ({ href, locations: { position: i + 1, totalProgression: i / 6 } }))
    expect(pagedProgress('b', 'application/xhtml+xml', 0, positions)).toMatchObject({ position: 3, totalProgression: 2 / 6, progression: 0 })
    expect(pagedProgress('b', 'application/xhtml+xml', 0.5, positions)).toMatchObject({ position: 5, totalProgression: 4 / 6 })
    const last = pagedProgress('b', 'application/xhtml+xml', 2 / 3, positions)
    expect(last.position).toBe(5)
    expect(last.totalProgression).toBeCloseTo(2 / 6 + (2 / 3) * (4 / 6))
    expect(pagedProgress('missing', 'application/xhtml+xml', 0.5, positions)).toMatchObject({ position: 1, totalProgression: 0 })
  })

  it('keeps a resume’s place while the document is still being laid out, until the reader turns', () => {
    // A right-to-left document whose columns are not laid out yet: one page of 390 px.
    const root = { clientWidth: 390, clientHeight: 800, scrollWidth: 390, scrollHeight: 800, scrollLeft: 0, scrollTop: 0 }
    const pager = new FramePager({ scrollingElement: root, defaultView: null } as unknown as Document, 'rtl', false, { swipe: () => undefined })
    pager.want(0.5)
    expect([pager.current(), pager.progression(), pager.place()]).toEqual([0, 0, 0.5])
    // Laid out: ten pages; the place to come back to is still the resume's.
    root.scrollWidth = 3900
    expect(pager.place()).toBe(0.5)
    expect(pager.settle()).toBe(false)
    pager.show(pageOfProgression(pager.place() as number, pager.pages()))
    expect([pager.current(), root.scrollLeft]).toEqual([5, -1950])
    // The reader turns: from now on the place is the page shown.
    expect(pager.next()).toBe(true)
    expect([pager.current(), pager.place()]).toEqual([6, progressionOf(6, 10)])
  })
})
