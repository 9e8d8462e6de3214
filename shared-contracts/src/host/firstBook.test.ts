import { FIRST_BOOK_GLOBAL, FIRST_BOOK_ID, firstBookShown, opensBeforeApp, readFirstBookNote, type FirstBookWindow } from './firstBook'

const page = (text: string | null) => ({ getElementById: (id: string) => (id === FIRST_BOOK_ID && text !== null ? { textContent: text } : null) })

describe("a novel's first page before the app (issue 39)", () => {
  it("reads the edge's note, and nothing that is not one", () => {
    expect(readFirstBookNote(page('{"chapter":"/comic/1/chapter/2/product","book":"/comic/1/chapter/epub?x=1","locale":"ja"}'))).toEqual({
      chapter: '/comic/1/chapter/2/product',
      book: '/comic/1/chapter/epub?x=1',
      locale: 'ja',
    })
    for (const text of [null, '', 'not json', 'null', '[]', '{"chapter":"/a","book":2,"locale":"en"}', '{"chapter":"/a","book":"/b"}'])
      expect({ text, note: readFirstBookNote(page(text)) }).toEqual({ text, note: null })
  })

  it('opens a book Readium pages alone: left to right, or fixed layout without reflowable documents', () => {
    const book = (layouts: (string | undefined)[]) => ({
      manifest: { readingOrder: layouts.map((layout) => ({ href: 'a.xhtml', properties: layout ? { layout } : {} })) },
    })
    const epub = {
      chapterFileFormat: 'epub' as const,
      readingDirection: 'ltr' as const,
      epub: { layout: 'reflowable' as const, readingProgression: 'ltr' as const, language: 'en', positions: 3 },
    }
    expect(opensBeforeApp(epub, book([undefined]))).toBe(true)
    // Right to left (vertical Japanese, Hebrew, Arabic): the starter lays it out with the reader's pager.
    const rtl = { ...epub, readingDirection: 'rtl' as const, epub: { ...epub.epub, readingProgression: 'rtl' as const, language: 'ja' } }
    expect(opensBeforeApp(rtl, book([undefined]))).toBe(true)
    // An image chapter is no book.
    expect(opensBeforeApp({ ...epub, chapterFileFormat: 'image' }, book([undefined]))).toBe(false)
    const fixed = { ...epub, epub: { ...epub.epub, layout: 'fixed' as const } }
    expect(opensBeforeApp(fixed, book(['pre-paginated', undefined]))).toBe(true)
    // A fixed-layout book with a reflowable document: the reader lays that one out as text pages.
    expect(opensBeforeApp(fixed, book(['pre-paginated', 'reflowable']))).toBe(false)
  })

  describe('the loader waits for the first page', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())
    const win = (signal?: unknown): FirstBookWindow =>
      Object.assign(
        { setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms) as unknown as number, clearTimeout: (id: number) => clearTimeout(id) },
        signal ? { [FIRST_BOOK_GLOBAL]: signal } : {},
      )
    const settled = async (promise: Promise<void>) => {
      let done = false
      void promise.then(() => (done = true))
      await Promise.resolve()
      await Promise.resolve()
      return done
    }

    it('not at all on a page without a book', async () => {
      expect(await settled(firstBookShown(win()))).toBe(true)
      expect(await settled(firstBookShown(win({ shown: 'not a promise' })))).toBe(true)
    })

    it('until the book is up, or failed', async () => {
      let show: () => void = () => undefined
      const waiting = firstBookShown(win({ shown: new Promise<void>((resolve) => (show = resolve)) }))
      expect(await settled(waiting)).toBe(false)
      show()
      expect(await settled(waiting)).toBe(true)
      expect(await settled(firstBookShown(win({ shown: Promise.reject(new Error('no book')) })))).toBe(true)
    })

    it('at most its cap: a stalled book never holds the app', async () => {
      const waiting = firstBookShown(win({ shown: new Promise(() => undefined) }), 3_000)
      jest.advanceTimersByTime(2_999)
      expect(await settled(waiting)).toBe(false)
      jest.advanceTimersByTime(1)
      expect(await settled(waiting)).toBe(true)
    })
  })
})
