import { pagedProgress } from './EpubReader'
import { pageAt, pageCount, pageOfProgression, progressionOf } from './pager'

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
})
