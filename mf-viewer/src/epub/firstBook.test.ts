import type { Chapter } from '@koma/contracts'
import type { EpubNavigatorListeners } from '@readium/navigator'
import type { PreparedBook } from './bookOpening'
import { earlyKeys, pageShownDocument, relayListeners, type FirstBook } from './firstBook'
import type { FramePager } from './pager'

/** A book opened before the app (issue 39): what its navigator's listeners do before the reader takes it, and after. */
const chapter = { contentName: 'Moby-Dick', name: 'Volume 1', epub: { layout: 'reflowable' }, readingDirection: 'ltr' } as Chapter

function scene() {
  const turns: string[] = []
  const relay: FirstBook['relay'] = { target: null, position: null }
  const placed: string[] = []
  const early = {
    turn: (action: 'next' | 'previous') => void turns.push(action),
    width: () => 390,
    placed: (locator: { href: string }) => void placed.push(locator.href),
  }
  return { turns, placed, relay, early, listeners: relayListeners(relay, chapter, early) }
}

describe("a book opened before the app: its navigator's listeners", () => {
  it('before the reader: keep the place, name the frame, turn on the keys and the side taps the reader turns on, leave the menus', () => {
    const { turns, placed, relay, listeners } = scene()
    listeners.positionChanged({ href: 'OPS/a.xhtml' } as never)
    expect(relay.position).toEqual({ href: 'OPS/a.xhtml' })
    // Each place is laid out as it comes (the reader's pager where the writing needs it).
    expect(placed).toEqual(['OPS/a.xhtml'])
    const frame = document.createElement('iframe')
    document.body.appendChild(frame)
    listeners.frameLoaded(frame.contentWindow as never)
    expect(frame.getAttribute('title')).toBe('Moby-Dick – Volume 1')
    listeners.peripheral({ key: 'ArrowRight' } as never)
    listeners.peripheral({ key: 'ArrowLeft' } as never)
    listeners.peripheral({ key: 'a' } as never)
    // Taps in CSS pixels times the device's ratio (1 here): the right third, the left third, the middle.
    expect(listeners.tap({ x: 380, y: 10 } as never)).toBe(true)
    expect(listeners.tap({ x: 5, y: 10 } as never)).toBe(true)
    expect(listeners.click({ x: 195, y: 10 } as never)).toBe(true)
    expect(turns).toEqual(['next', 'previous', 'next', 'previous'])
    // A link is not followed before the reader decides how (a new window for another site).
    expect(listeners.handleLocator({ href: 'https://example.com/' } as never)).toBe(true)
    frame.remove()
  })

  it("after: every call is the reader's own, with what it answers", () => {
    const { turns, placed, relay, listeners } = scene()
    const calls: string[] = []
    relay.target = new Proxy({} as EpubNavigatorListeners, { get: (_t, name: string) => () => (calls.push(name), name === 'tap') })
    expect(listeners.tap({ x: 380, y: 10 } as never)).toBe(true)
    listeners.positionChanged({ href: 'OPS/b.xhtml' } as never)
    listeners.peripheral({ key: 'ArrowRight' } as never)
    expect(calls).toEqual(['tap', 'positionChanged', 'peripheral'])
    expect(turns).toEqual([])
    expect(placed).toEqual([])
    expect(relay.position).toBeNull()
  })

  it("the page's keys turn the book until the reader takes it, then leave it to the reader's", () => {
    const { turns, relay, early } = scene()
    earlyKeys(relay, chapter, early)
    const press = (key: string, init: KeyboardEventInit = {}) => {
      const event = new KeyboardEvent('keydown', { key, cancelable: true, ...init })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(press('ArrowRight')).toBe(true)
    expect(press('PageUp')).toBe(true)
    expect(press('ArrowRight', { ctrlKey: true })).toBe(false)
    expect(press('x')).toBe(false)
    expect(turns).toEqual(['next', 'previous'])
    relay.target = {} as EpubNavigatorListeners
    expect(press('ArrowRight')).toBe(false)
    expect(press('ArrowRight')).toBe(false)
    expect(turns).toEqual(['next', 'previous'])
  })
})

describe('a vertical or right-to-left document opened before the app', () => {
  /** A navigator showing one frame whose body is written `writingMode` (or `dir`). */
  function shown(body: { writingMode?: string; dir?: string }) {
    const frame = document.createElement('iframe')
    document.body.appendChild(frame)
    const doc = frame.contentDocument!
    if (body.writingMode) doc.body.style.writingMode = body.writingMode
    if (body.dir) doc.body.style.direction = body.dir
    doc.body.textContent = '吾輩は猫である。'
    const navigator = { _cframes: [{ iframe: frame }] } as unknown as FirstBook['navigator']
    const book = { pending: { href: 'text/a.xhtml', where: 0.5 } } as PreparedBook
    const first = { navigator, pagers: new Map<Document, FramePager>(), book, chapter: { ...chapter, readingDirection: 'rtl' } as Chapter }
    return { frame, doc, book, first }
  }

  it("is laid out with the reader's own pager, landed on the place the book opens at, then handed over as it is", () => {
    const { frame, doc, book, first } = shown({ writingMode: 'vertical-rl' })
    expect(pageShownDocument(first, { href: 'text/a.xhtml' } as never, false)).toBe(true)
    const pager = first.pagers.get(doc)!
    expect(pager.flow).toBe('vertical')
    // The pager's columns are on the document, and the opening place is no longer pending: the reader finds it done.
    expect(doc.getElementById('koma-pager')).not.toBeNull()
    expect(book.pending).toBeNull()
    // The same document placed again keeps its pager (one per document).
    expect(pageShownDocument(first, { href: 'text/a.xhtml' } as never, false)).toBe(true)
    expect(first.pagers.size).toBe(1)
    frame.remove()
  })

  it('a place in another document leaves the pending place to that one; a document Readium pages, or a fixed layout, gets no pager', () => {
    const vertical = shown({ writingMode: 'vertical-rl' })
    expect(pageShownDocument(vertical.first, { href: 'text/cover.xhtml' } as never, false)).toBe(true)
    expect(vertical.book.pending).toEqual({ href: 'text/a.xhtml', where: 0.5 })
    vertical.frame.remove()
    const rtl = shown({ dir: 'rtl' })
    expect(pageShownDocument(rtl.first, { href: 'text/a.xhtml' } as never, false)).toBe(true)
    expect(rtl.first.pagers.get(rtl.doc)?.flow).toBe('rtl')
    rtl.frame.remove()
    const plain = shown({})
    expect(pageShownDocument(plain.first, { href: 'text/a.xhtml' } as never, false)).toBe(false)
    expect(plain.first.pagers.size).toBe(0)
    expect(plain.book.pending).not.toBeNull()
    const fixed = { ...plain.first, chapter: { ...chapter, epub: { layout: 'fixed' } } as Chapter }
    expect(pageShownDocument(fixed, { href: 'text/a.xhtml' } as never, false)).toBe(false)
    plain.frame.remove()
  })
})
