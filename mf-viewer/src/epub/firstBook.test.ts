import type { Chapter } from '@koma/contracts'
import type { EpubNavigatorListeners } from '@readium/navigator'
import { earlyKeys, relayListeners, type FirstBook } from './firstBook'

/** A book opened before the app (issue 39): what its navigator's listeners do before the reader takes it, and after. */
const chapter = { contentName: 'Moby-Dick', name: 'Volume 1', epub: { layout: 'reflowable' }, readingDirection: 'ltr' } as Chapter

function scene() {
  const turns: string[] = []
  const relay: FirstBook['relay'] = { target: null, position: null }
  const early = { turn: (action: 'next' | 'previous') => void turns.push(action), width: () => 390 }
  return { turns, relay, early, listeners: relayListeners(relay, chapter, early) }
}

describe("a book opened before the app: its navigator's listeners", () => {
  it('before the reader: keep the place, name the frame, turn on the keys and the side taps the reader turns on, leave the menus', () => {
    const { turns, relay, listeners } = scene()
    listeners.positionChanged({ href: 'OPS/a.xhtml' } as never)
    expect(relay.position).toEqual({ href: 'OPS/a.xhtml' })
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
    const { turns, relay, listeners } = scene()
    const calls: string[] = []
    relay.target = new Proxy({} as EpubNavigatorListeners, { get: (_t, name: string) => () => (calls.push(name), name === 'tap') })
    expect(listeners.tap({ x: 380, y: 10 } as never)).toBe(true)
    listeners.positionChanged({ href: 'OPS/b.xhtml' } as never)
    listeners.peripheral({ key: 'ArrowRight' } as never)
    expect(calls).toEqual(['tap', 'positionChanged', 'peripheral'])
    expect(turns).toEqual([])
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
