import { readiumProgress } from './EpubReader'

describe('progress of documents Readium pages or scrolls itself', () => {
  // Two documents of four positions each, as the API counts them.
  const positions = ['a', 'b'].flatMap((href, doc) =>
    [0, 1, 2, 3].map((n) => ({ href, locations: { progression: n / 4, position: doc * 4 + n + 1, totalProgression: (doc * 4 + n) / 8 } })),
  )
  const at = (href: string, progression: number, readium: { position: number; totalProgression: number }) =>
    ({ href, type: 'application/xhtml+xml', locations: { progression, ...readium } }) as never

  it('near the end of a document, past its last position, reads that position, not the one Readium kept (a resume there read 0%)', () => {
    // Readium kept the document's first position: nothing it knows starts at or after 0.83.
    expect(readiumProgress(at('a', 0.83, { position: 1, totalProgression: 0 }), positions)).toMatchObject({ href: 'a', progression: 0.83, position: 4 })
    expect(readiumProgress(at('a', 0.83, { position: 1, totalProgression: 0 }), positions).totalProgression).toBeCloseTo(0.83 / 2)
  })

  it('agrees with Readium at a position start, and moves on within the book', () => {
    expect(readiumProgress(at('b', 0, { position: 5, totalProgression: 0.5 }), positions)).toMatchObject({ position: 5, totalProgression: 0.5 })
    expect(readiumProgress(at('b', 0.5, { position: 7, totalProgression: 0.75 }), positions)).toMatchObject({ position: 7, totalProgression: 0.75 })
  })
})
