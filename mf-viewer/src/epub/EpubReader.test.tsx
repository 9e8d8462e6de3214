import { afterPageHolds, api, auth, type Chapter, type EpubPublication } from '@koma/contracts'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'
import { FIRST_BOOK_GLOBAL } from '@koma/contracts/firstBook'
import { createNavigator, prepareBook } from './bookOpening'
import { bookKey, FIRST_BOOK_BOX_ID, relayListeners, type FirstBook } from './firstBook'
import { FramePager } from './pager'

/**
 * Readium's navigator needs a real browser (frames, layout): it is proven end to end in
 * Chromium. Here a stand-in records what the reader gives it (publication, positions, where
 * to start, preferences) and plays back position changes, so the reader's own logic is tested.
 */
interface FakeLocator {
  href: string
  type?: string
  locations: { progression?: number; totalProgression?: number; position?: number }
}
const created: {
  pub: { readingOrder: { items: unknown[] }; baseURL?: string }
  positions: FakeLocator[]
  start: FakeLocator | undefined
  config: { preferences: Record<string, unknown> }
  listeners: Record<string, (value: unknown) => unknown>
}[] = []
const submitted: Record<string, unknown>[] = []
/** How the stand-in behaves: pages shown at once (a fixed-layout spread), a document whose load fails. */
const behaviour = {
  spread: 1,
  failHref: null as string | null,
  frame: null as HTMLIFrameElement | null,
  swapping: false,
  /** While set, the navigator's load (its first page) waits for it. */
  loadGate: null as Promise<void> | null,
}

jest.mock('@readium/navigator', () => {
  class EpubPreferences {
    constructor(values: Record<string, unknown>) {
      Object.assign(this, values)
    }
  }
  class EpubNavigator {
    index = 0
    constructor(
      _container: HTMLElement,
      readonly pub: { readingOrder: { items: unknown[] } },
      readonly listeners: Record<string, (value: unknown) => unknown>,
      readonly positions: FakeLocator[],
      readonly start: FakeLocator | undefined,
      readonly config: { preferences: Record<string, unknown> },
    ) {
      created.push({ pub, positions, start, config, listeners })
      this.index = start ? Math.max(0, (start.locations.position ?? 1) - 1) : 0
    }
    /** Tells the reader where it is now, as Readium's navigator does. */
    private changed() {
      const listener = this.listeners.positionChanged
      if (!listener) throw new Error('the reader gave no positionChanged listener')
      listener(this.positions[this.index])
    }
    async load() {
      if (behaviour.loadGate) await behaviour.loadGate
      if (this.positions[this.index]?.href === behaviour.failHref) throw new Error(`Failed parsing item ${behaviour.failHref}`)
      this.changed()
    }
    /** The frames showing the documents (a test's own, when it gives one; a spread's pages). */
    get _cframes() {
      // While Readium brings another document on screen, its current frame is the hidden one it left.
      if (behaviour.swapping) return [{ hidden: true }]
      return behaviour.frame ? [{ iframe: behaviour.frame }] : Array.from({ length: behaviour.spread }, () => ({}))
    }
    /** The documents shown (a spread shows two), as Readium's viewport names them. */
    get viewport() {
      return { readingOrder: this.positions.slice(this.index, this.index + behaviour.spread).map((position) => position.href) }
    }
    get canGoForward() {
      return this.index + behaviour.spread - 1 < this.positions.length - 1
    }
    goForward(_animated: boolean, done: (ok: boolean) => void) {
      // Sent to the hidden document mid-swap, Readium's turn is lost: no answer ever comes.
      if (behaviour.swapping) return
      if (!this.canGoForward) return done(false)
      this.index += behaviour.spread
      this.changed()
      done(true)
    }
    goBackward(_animated: boolean, done: (ok: boolean) => void) {
      if (this.index === 0) return done(false)
      this.index--
      this.changed()
      done(true)
    }
    goLink(link: { href: string }, _animated: boolean, done: (ok: boolean) => void) {
      this.index = Math.max(
        0,
        this.positions.findIndex((position) => position.href === link.href),
      )
      this.changed()
      done(true)
    }
    async submitPreferences(preferences: Record<string, unknown>) {
      submitted.push({ ...preferences })
    }
    async destroy() {}
  }
  return { EpubNavigator, EpubPreferences }
})

const path = '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType'

const novel: Chapter = {
  id: 534,
  contentId: 47,
  contentType: 'comic',
  mature: false,
  contentName: 'The Lantern Cartographer',
  name: 'Volume 1',
  salesType: 'product',
  publishedAt: '2026-11-01T00:00:00.000Z',
  orientation: 'paged',
  readingDirection: 'ltr',
  chapterFileFormat: 'epub',
  images: [],
  authorComment: null,
  previousChapter: null,
  nextChapter: { id: 535, name: 'Volume 2' },
  totalComments: 0,
  commentEnabled: false,
  epub: { layout: 'reflowable', readingProgression: 'ltr', language: 'en', positions: 4 },
  progress: null,
}

const hrefs = ['OEBPS/section-1.xhtml', 'OEBPS/section-1.xhtml', 'OEBPS/section-2.xhtml', 'OEBPS/section-2.xhtml']
const publication: EpubPublication = {
  manifest: {
    '@context': 'https://readium.org/webpub-manifest/context.jsonld',
    metadata: {
      title: 'The Lantern Cartographer',
      conformsTo: ['https://readium.org/webpub-manifest/profiles/epub'],
      layout: 'reflowable',
      readingProgression: 'ltr',
    },
    links: [{ rel: 'self', href: '/api/comic/47/chapter/534/product/epub/manifest.json', type: 'application/webpub+json' }],
    readingOrder: [
      { href: 'OEBPS/section-1.xhtml', type: 'application/xhtml+xml' },
      { href: 'OEBPS/section-2.xhtml', type: 'application/xhtml+xml' },
    ],
    resources: [],
  },
  positions: hrefs.map((href, i) => ({
    href,
    type: 'application/xhtml+xml',
    locations: { position: i + 1, progression: (i % 2) / 2, totalProgression: i / 4 },
  })),
}

function mockApi(chapter: Chapter, book: EpubPublication = publication) {
  return jest.spyOn(api, 'request').mockImplementation((async (endpoint: { path: string }) => {
    if (endpoint.path === '/:type/:id/chapter/epub') return book
    if (endpoint.path.endsWith('/:salesType')) return chapter
    return { saved: true }
  }) as never)
}

beforeEach(() => {
  behaviour.spread = 1
  behaviour.failHref = null
  behaviour.frame?.remove()
  behaviour.frame = null
  behaviour.swapping = false
  behaviour.loadGate = null
  created.length = 0
  submitted.length = 0
  localStorage.clear()
  document.cookie = 'koma_lc=1; path=/'
  auth.syncFromCookie()
})
afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
  document.cookie = 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  auth.syncFromCookie()
})

describe('EPUB reader', () => {
  /** A book opened as the page's book starter opens it (bookStart.ts), on the page for the reader to take. */
  async function pageOpenedBook(): Promise<FirstBook> {
    const readium = { navigator: await import('@readium/navigator'), shared: await import('@readium/shared') }
    const book = prepareBook(readium, publication, null)
    const box = document.createElement('div')
    box.id = FIRST_BOOK_BOX_ID
    box.dataset.testid = 'epub-frame'
    document.body.appendChild(box)
    const relay: FirstBook['relay'] = { target: null, position: null }
    const navigator = createNavigator(
      readium,
      box,
      book,
      relayListeners(relay, novel, { turn: () => undefined, width: () => 390, placed: () => undefined }),
      book.start,
      {} as never,
    )
    const loaded = navigator.load().then(() => true)
    const first: FirstBook = {
      shown: loaded,
      key: bookKey(novel, 'en'),
      chapter: novel,
      answer: publication,
      initial: null,
      book,
      readium,
      navigator,
      loaded,
      container: box,
      pagers: new Map(),
      relay,
      taken: false,
    }
    ;(window as unknown as Record<string, unknown>)[FIRST_BOOK_GLOBAL] = first
    return first
  }
  afterEach(() => {
    const first = (window as unknown as Record<string, FirstBook | undefined>)[FIRST_BOOK_GLOBAL]
    first?.container.remove()
    delete (window as unknown as Record<string, unknown>)[FIRST_BOOK_GLOBAL]
  })

  it('takes over the book the page opened before the app: no second navigator, no second manifest call, its box moved in, its place reported (issue 39)', async () => {
    const request = mockApi(novel)
    const first = await pageOpenedBook()
    // A vertical document the starter laid out with the reader's own pager: the reader's pager from now on.
    const laidOut = document.implementation.createHTMLDocument('vertical')
    const pager = new FramePager(laidOut, 'vertical', false, { swipe: () => undefined })
    const listen = jest.spyOn(pager, 'listen')
    first.pagers.set(laidOut, pager)
    // jsdom has no atomic move: a plain one stands in (Chromium keeps the frames' documents, novels.e2e).
    const proto = Element.prototype as Element & { moveBefore?: (node: Node, child: Node | null) => void }
    proto.moveBefore = function (this: Element, node: Node, child: Node | null) {
      this.insertBefore(node, child)
    }
    try {
      await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
      await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
      expect(created).toHaveLength(1)
      expect(first.taken).toBe(true)
      expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ path: '/:type/:id/chapter/epub' }), expect.anything())
      // The box is in the reader's, as the reader's own content: one frame box, the starter's style gone.
      expect(screen.getByTestId('epub-frame').firstElementChild).toBe(first.container)
      expect(first.container.id).toBe('')
      expect(screen.getAllByTestId('epub-frame')).toHaveLength(1)
      expect(listen).toHaveBeenCalledTimes(1)
      // Where the book was before the reader took it: reported as if it had opened it, and turned from there.
      expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0')
      fireEvent.keyDown(window, { key: 'ArrowRight' })
      await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0.5'))
    } finally {
      delete proto.moveBefore
    }
  })

  it('opens the book itself when the page opened it elsewhere than the reader would (the saved place moved meanwhile)', async () => {
    mockApi({
      ...novel,
      progress: { href: 'OEBPS/section-2.xhtml', type: 'application/xhtml+xml', progression: 0, totalProgression: 0.5, position: 3, finished: false },
    })
    const first = await pageOpenedBook()
    const destroyed = jest.spyOn(first.navigator, 'destroy')
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    expect(created).toHaveLength(2)
    expect(created[1]!.start?.href).toBe('OEBPS/section-2.xhtml')
    expect(destroyed).toHaveBeenCalled()
    expect(first.container.isConnected).toBe(false)
  })

  it('opens the chapter publication with its positions, the absolute base for the frames, and the saved preferences', async () => {
    localStorage.setItem('koma.readerPrefs', JSON.stringify({ fontSize: 1.3, theme: 'sepia', scroll: false }))
    const request = mockApi(novel)
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/:type/:id/chapter/epub' }),
      expect.objectContaining({ params: { type: 'comic', id: '47' }, query: { chapterId: '534', chapterFileSalesType: 'product', languageId: 'en' } }),
    )
    const navigator = created[0]!
    expect(navigator.positions).toHaveLength(4)
    expect(navigator.pub.readingOrder.items).toHaveLength(2)
    expect(navigator.pub.baseURL).toBe('http://localhost/api/comic/47/chapter/534/product/epub/')
    expect(navigator.start).toBeUndefined()
    expect(navigator.config.preferences).toMatchObject({ fontSize: 1.3, backgroundColor: '#f4ecd8', scroll: false })
  })

  it('holds the page’s deferred work (the host’s idle chunk) from the book’s opening until its first page is up (issue 39)', async () => {
    let showFirstPage!: () => void
    behaviour.loadGate = new Promise((resolve) => {
      showFirstPage = resolve
    })
    mockApi(novel)
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(created).toHaveLength(1))
    const deferred = jest.fn()
    afterPageHolds(deferred)
    expect(deferred).not.toHaveBeenCalled()
    await act(async () => showFirstPage())
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    expect(deferred).toHaveBeenCalledTimes(1)
  })

  it('resumes at the saved locator, reports moves (debounced) and finishes at the last position', async () => {
    const request = mockApi({
      ...novel,
      progress: { href: 'OEBPS/section-2.xhtml', type: 'application/xhtml+xml', progression: 0, totalProgression: 0.5, position: 3, finished: false },
    })
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    expect(created[0]?.start).toMatchObject({ href: 'OEBPS/section-2.xhtml', locations: { position: 3, totalProgression: 0.5 } })
    expect(screen.getByTestId('epub-progress')).toHaveTextContent('50%')
    jest.useFakeTimers()
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowRight' })
      await jest.advanceTimersByTimeAsync(10)
    })
    // The last page reads 100%, whatever share of the book its position starts at.
    expect(screen.getByTestId('epub-progress')).toHaveTextContent('100%')
    const finished = request.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path.endsWith('/read/finished'))
    expect(finished).toHaveLength(1)
    expect(finished[0]?.[1]).toMatchObject({ body: { href: 'OEBPS/section-2.xhtml' } })
    expect(screen.getByTestId('epub-open-end')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('epub-open-end'))
    expect(screen.getByTestId('chapter-end')).toBeInTheDocument()
  })

  it('reopens a finished chapter on its last page and offers the next episode or reading again', async () => {
    mockApi({
      ...novel,
      progress: { href: 'OEBPS/section-2.xhtml', type: 'application/xhtml+xml', progression: 1, totalProgression: 1, position: 10000, finished: true },
    })
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    expect(created[0]?.start).toMatchObject({ href: 'OEBPS/section-2.xhtml', locations: { position: 4 } })
    expect(screen.getByTestId('epub-progress')).toHaveTextContent('100%')
    expect(screen.getByTestId('epub-end')).toBeInTheDocument()
    expect(screen.getByTestId('chapter-end')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('epub-read-again'))
    expect(screen.queryByTestId('epub-end')).not.toBeInTheDocument()
    expect(screen.getByTestId('epub-progress')).toHaveTextContent('0%')
  })

  it('a turn asked for while Readium brings a document on screen is made once it is shown, not lost', async () => {
    mockApi(novel)
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    const reader = await screen.findByTestId('epub-reader')
    await waitFor(() => expect(reader).toHaveAttribute('data-state', 'ready'))
    expect(reader).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0')
    behaviour.swapping = true
    fireEvent.keyDown(window, { key: 'ArrowRight' })
    // A few frames on, still swapping: the turn waits (it is not sent into the hidden document).
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
    expect(reader).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0')
    behaviour.swapping = false
    await waitFor(() => expect(reader).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0.5'))
  })

  it('debounces read progress while the reader turns pages', async () => {
    const request = mockApi(novel)
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    jest.useFakeTimers()
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowRight' })
      fireEvent.keyDown(window, { key: 'ArrowRight' })
      await jest.advanceTimersByTimeAsync(2000)
    })
    const reads = request.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path.endsWith('/read'))
    expect(reads).toHaveLength(1)
    expect(reads[0]?.[1]).toMatchObject({ body: { href: 'OEBPS/section-2.xhtml', position: '3', totalProgression: '0.5' } })
  })

  it('reads a book whose package asks for scrolling (rendition:flow scrolled-doc) scrolled, whatever the reader setting', async () => {
    const metadata = publication.manifest.metadata
    publication.manifest.metadata = { ...(metadata as Record<string, unknown>), presentation: { overflow: 'scrolled', continuous: false } }
    try {
      mockApi(novel)
      await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
      await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
      expect(created[0]?.config.preferences).toMatchObject({ scroll: true })
      // The layout choice is the book's: shown on "Scroll", disabled, and why.
      fireEvent.click(screen.getByTestId('reader-settings-open'))
      // The sheet's code loads on first use (issue 39).
      expect(await screen.findByTestId('layout-paginated')).toBeDisabled()
      expect(screen.getByTestId('layout-scrolled')).toBeDisabled()
      expect(screen.getByTestId('layout-scrolled')).toHaveAttribute('aria-pressed', 'true')
      expect(screen.getByTestId('layout-by-book')).toHaveTextContent('This book is made to be read by scrolling.')
      expect(screen.getByTestId('layout-scrolled')).toHaveAttribute('aria-describedby', 'reader-layout-by-book')
    } finally {
      publication.manifest.metadata = metadata
    }
  })

  it('a fixed-layout book read in spreads ends at its last spread, whose locator names the page before the last', async () => {
    const pages = ['OPS/p1.xhtml', 'OPS/p2.xhtml', 'OPS/p3.xhtml', 'OPS/p4.xhtml']
    const fixed: EpubPublication = {
      manifest: {
        ...publication.manifest,
        metadata: { ...(publication.manifest.metadata as Record<string, unknown>), layout: 'fixed' },
        readingOrder: pages.map((href) => ({ href, type: 'application/xhtml+xml' })),
      },
      positions: pages.map((href, i) => ({ href, type: 'application/xhtml+xml', locations: { position: i + 1, progression: 0, totalProgression: i / 4 } })),
    }
    behaviour.spread = 2
    const request = mockApi({ ...novel, epub: { layout: 'fixed', readingProgression: 'ltr', language: 'en', positions: 4 } }, fixed)
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    expect(screen.queryByTestId('epub-open-end')).toBeNull()
    jest.useFakeTimers()
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowRight' })
      await jest.advanceTimersByTimeAsync(10)
    })
    // Pages 3 and 4 are shown: the end, though the locator is page 3's (it stayed at 75% before).
    expect(screen.getByTestId('epub-progress')).toHaveTextContent('100%')
    expect(screen.getByTestId('epub-open-end')).toBeInTheDocument()
    const finished = request.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path.endsWith('/read/finished'))
    expect(finished).toHaveLength(1)
  })

  it('a saved place whose document no longer loads opens the book further on, with a notice, not "could not be opened" for good', async () => {
    behaviour.failHref = 'OEBPS/section-1.xhtml'
    mockApi({
      ...novel,
      progress: { href: 'OEBPS/section-1.xhtml', type: 'application/xhtml+xml', progression: 0.5, totalProgression: 0.25, position: 2, finished: false },
    })
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    expect(created).toHaveLength(2)
    expect(created[1]?.start).toMatchObject({ href: 'OEBPS/section-2.xhtml', locations: { position: 3 } })
    expect(screen.getByTestId('epub-skipped')).toHaveTextContent('Where you were could not be shown, so the book opens further on.')
    expect(screen.queryByTestId('epub-failed')).toBeNull()
    // The notice goes with the next turn.
    fireEvent.keyDown(window, { key: 'ArrowRight' })
    expect(screen.queryByTestId('epub-skipped')).toBeNull()
  })

  it('a scrolled book turns a screen at a time, and on to the next document only at the end of this one', async () => {
    const metadata = publication.manifest.metadata
    publication.manifest.metadata = { ...(metadata as Record<string, unknown>), presentation: { overflow: 'scrolled', continuous: false } }
    const frame = document.createElement('iframe')
    document.body.append(frame)
    behaviour.frame = frame
    const page = frame.contentDocument!.documentElement
    let top = 0
    Object.defineProperty(frame.contentDocument, 'scrollingElement', { configurable: true, get: () => page })
    Object.defineProperty(page, 'scrollHeight', { configurable: true, get: () => 3000 })
    Object.defineProperty(page, 'clientHeight', { configurable: true, get: () => 1000 })
    Object.defineProperty(page, 'scrollTop', { configurable: true, get: () => top, set: (value: number) => (top = value) })
    try {
      mockApi(novel)
      await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
      await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
      const reader = screen.getByTestId('epub-reader')
      expect(reader).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0')
      const seen: number[] = []
      for (let i = 0; i < 3; i++) {
        fireEvent.keyDown(window, { key: 'ArrowRight' })
        seen.push(top)
      }
      // 90% of a screen per turn, the last one to the end of the document; still the same document.
      expect(seen).toEqual([900, 1800, 2000])
      expect(reader).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0')
      fireEvent.keyDown(window, { key: 'ArrowRight' })
      expect(reader).toHaveAttribute('data-place', 'OEBPS/section-1.xhtml@0.5')
      fireEvent.keyDown(window, { key: 'ArrowLeft' })
      expect(top).toBe(1100)
    } finally {
      publication.manifest.metadata = metadata
    }
  })

  it('applies reader settings live', async () => {
    mockApi(novel)
    await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
    await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
    fireEvent.click(screen.getByTestId('reader-settings-open'))
    fireEvent.click(await screen.findByTestId('theme-dark'))
    fireEvent.click(screen.getByTestId('font-larger'))
    expect(screen.queryByTestId('layout-by-book')).toBeNull()
    fireEvent.click(screen.getByTestId('layout-scrolled'))
    await waitFor(() => expect(submitted.at(-1)).toMatchObject({ backgroundColor: '#121212', fontSize: 1.15, scroll: true }))
    expect(JSON.parse(localStorage.getItem('koma.readerPrefs') ?? '{}')).toEqual({ fontSize: 1.15, theme: 'dark', scroll: true })
  })

  it('keyboard (issue 14): the settings and contents sheets open from their buttons, keep Tab inside, close on Escape and give focus back', async () => {
    const manifest = publication.manifest as Record<string, unknown>
    manifest.toc = [
      { href: 'OEBPS/section-1.xhtml', title: 'One' },
      { href: 'OEBPS/section-2.xhtml', title: 'Two' },
    ]
    try {
      const user = userEvent.setup()
      mockApi(novel)
      await renderScreen(routes['viewer.comic'], { path, url: '/comic/47/chapter/534/product' })
      await waitFor(() => expect(screen.getByTestId('epub-reader')).toHaveAttribute('data-state', 'ready'))
      // Every control of the chrome is a real button or link, reached by Tab in order.
      const reached: string[] = []
      for (let i = 0; i < 5; i++) {
        await user.tab()
        reached.push((document.activeElement as HTMLElement).dataset.testid ?? '')
      }
      expect(reached).toEqual(['viewer-back', 'viewer-report', 'reader-toc-open', 'reader-settings-open', 'read-aloud-open'])

      await user.tab({ shift: true })
      await user.keyboard('{Enter}')
      const settings = await screen.findByTestId('reader-settings')
      expect(settings).toHaveAttribute('aria-modal', 'true')
      expect(screen.getByTestId('font-smaller')).toHaveFocus()
      await user.tab()
      await user.keyboard('{Enter}')
      await waitFor(() => expect(submitted.at(-1)).toMatchObject({ fontSize: 1.15 }))
      for (let i = 0; i < 10; i++) {
        await user.tab()
        expect(settings).toContainElement(document.activeElement as HTMLElement)
      }
      await user.keyboard('{Escape}')
      expect(screen.queryByTestId('reader-settings')).toBeNull()
      expect(screen.getByTestId('reader-settings-open')).toHaveFocus()

      await user.tab({ shift: true })
      expect(screen.getByTestId('reader-toc-open')).toHaveFocus()
      await user.keyboard(' ')
      expect((await screen.findAllByTestId('toc-entry'))[0]).toHaveFocus()
      await user.tab()
      expect(screen.getAllByTestId('toc-entry')[1]).toHaveFocus()
      await user.keyboard('{Escape}')
      expect(screen.queryByTestId('reader-toc')).toBeNull()
      expect(screen.getByTestId('reader-toc-open')).toHaveFocus()

      // A chapter chosen by keyboard goes there; the sheet closes.
      await user.keyboard('{Enter}')
      await user.tab()
      await user.keyboard('{Enter}')
      expect(screen.queryByTestId('reader-toc')).toBeNull()
      // Arrow keys still turn pages once focus is back on the page.
      ;(document.activeElement as HTMLElement).blur()
      const before = screen.getByTestId('epub-progress').textContent
      await user.keyboard('{ArrowRight}')
      await waitFor(() => expect(screen.getByTestId('epub-progress').textContent).not.toBe(before))
    } finally {
      delete (publication.manifest as Record<string, unknown>).toc
    }
  })
})
