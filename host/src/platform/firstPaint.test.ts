import { afterFirstPaint, markHydrated } from './firstPaint'

/** A window whose frames the test runs by hand; its timers are Jest's fake ones, moved by the test. */
function fakeWindow() {
  const frames: (() => void)[] = []
  const win = {
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  } as unknown as Window
  return { win, frame: () => frames.splice(0).forEach((run) => run()) }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

function page(root: string, scripts?: string[]): Document {
  document.head.innerHTML = ''
  document.body.innerHTML = `<div id="root"${root ? ' data-drawn' : ''}>${root}</div>${
    scripts ? `<script type="application/json" id="koma-scripts">${JSON.stringify(scripts)}</script>` : ''
  }`
  return document
}

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'))
/** Runs what is due after `ms` of fake time, promises included. */
const pass = (ms = 0) => jest.advanceTimersByTimeAsync(ms)

describe('the app on a page the edge drew (issue 13)', () => {
  it('starts at once on a page the browser draws, fetching the scripts the page names', async () => {
    const { win } = fakeWindow()
    await afterFirstPaint(3000, page('', ['/host/1/a.js', '/host/1/b.js']), win)
    expect(preloads()).toEqual(['/host/1/a.js', '/host/1/b.js'])
  })

  it('waits for its largest image and a frame before it fetches them', async () => {
    const { win, frame } = fakeWindow()
    const doc = page('<p>drawn</p><img fetchpriority="high" src="/api/image/1?w=640">', ['/host/1/a.js'])
    const hero = doc.querySelector('img') as HTMLImageElement
    let decoded: () => void = () => undefined
    Object.assign(hero, { decode: () => new Promise<void>((resolve) => (decoded = resolve)) })
    let started = false
    const starting = afterFirstPaint(3000, doc, win).then(() => (started = true))
    await pass()
    frame()
    await pass(1000)
    expect(started).toBe(false)
    decoded()
    await pass()
    // A frame after the image is decoded, then the frame that paints what the page shows.
    frame()
    await pass()
    expect(started).toBe(false)
    frame()
    await pass()
    await starting
    expect(started).toBe(true)
    expect(preloads()).toEqual(['/host/1/a.js'])
  })

  it('starts anyway after its cap when the image never arrives', async () => {
    const { win } = fakeWindow()
    const doc = page('<img fetchpriority="high" src="/api/image/1?w=640">', ['/host/1/a.js'])
    Object.assign(doc.querySelector('img') as HTMLImageElement, { decode: () => new Promise(() => undefined) })
    let started = false
    const starting = afterFirstPaint(3000, doc, win).then(() => (started = true))
    await pass(2999)
    expect(started).toBe(false)
    // No frames come either (a hidden tab): a short timer stands in for the frame.
    await pass(1)
    await pass(100)
    await starting
    expect(started).toBe(true)
    expect(preloads()).toEqual(['/host/1/a.js'])
  })

  it('marks a drawn page hydrated, and only a drawn page', () => {
    page('<p>drawn</p>')
    markHydrated()
    expect(document.getElementById('root')?.getAttribute('data-hydrated')).toBe('true')
    page('')
    markHydrated()
    expect(document.getElementById('root')?.hasAttribute('data-hydrated')).toBe(false)
  })
})
