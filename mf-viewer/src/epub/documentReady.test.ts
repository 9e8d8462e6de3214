import fs from 'node:fs'
import path from 'node:path'
import { DOCUMENT_READY_KEY, DOCUMENT_READY_SCRIPT, documentReadyInjectables, documentReadyScript } from './documentReady'
import { FramePager } from './pager'

/** Lets the script's promises settle (a task's turn): not a wait for anything in particular. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Runs the script as the book's frame would, its window's load listener kept aside (jsdom fires a
 * load of its own at the window meanwhile): returns the load, to fire when the test says.
 */
function runScript(script = DOCUMENT_READY_SCRIPT): () => void {
  const loads: EventListener[] = []
  const add = window.addEventListener.bind(window)
  const spy = jest
    .spyOn(window, 'addEventListener')
    .mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      if (type === 'load') loads.push(listener as EventListener)
      else add(type, listener, options)
    })
  try {
    new Function(script)()
  } finally {
    spy.mockRestore()
  }
  return () => loads.forEach((listener) => listener(new Event('load')))
}

/** The messages the script posts to its parent (here the window itself), as it posts them. */
function messages(): unknown[] {
  const seen: unknown[] = []
  jest.spyOn(window, 'postMessage').mockImplementation((message: unknown) => void seen.push(message))
  return seen
}

describe("a book's document says when it can be shown, before its fonts (issue 39)", () => {
  afterEach(() => {
    jest.restoreAllMocks()
    document.head.innerHTML = ''
    document.body.innerHTML = ''
    document.body.removeAttribute('style')
    document.documentElement.removeAttribute('style')
  })

  it('once its images and stylesheets have loaded or failed, once', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="book.css">'
    document.body.innerHTML = '<p>Call me Ishmael.</p><img src="a.png"><img src="b.png" loading="lazy">'
    const [image] = [...document.images]
    Object.defineProperty(image, 'complete', { value: false })
    // The stylesheet is on its way (a loaded one has its sheet).
    Object.defineProperty(document.querySelector('link'), 'sheet', { value: null })
    const seen = messages()
    const load = runScript()
    await settle()
    expect(seen).toEqual([])
    image!.dispatchEvent(new Event('load'))
    await settle()
    // The stylesheet is still on its way.
    expect(seen).toEqual([])
    document.querySelector('link')!.dispatchEvent(new Event('error'))
    await settle()
    expect(seen).toEqual([{ [DOCUMENT_READY_KEY]: true }])
    load()
    await settle()
    expect(seen).toHaveLength(1)
  })

  it('a document with SVG images waits for its load event', async () => {
    document.body.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg"><image href="cover.jpg"/></svg>'
    const seen = messages()
    const load = runScript()
    await settle()
    expect(seen).toEqual([])
    load()
    await settle()
    expect(seen).toEqual([{ [DOCUMENT_READY_KEY]: true }])
  })

  it("a vertical document is laid out by the reader's pager's own style before it is shown: paginated, or scrolled as Readium built it", async () => {
    const pagerStyle = (scroll: boolean) => {
      const doc = document.implementation.createHTMLDocument('pager')
      // The style the pager installs in a document of a window (jsdom: the test's own).
      Object.defineProperty(doc, 'defaultView', { value: window })
      const pager = new FramePager(doc, 'vertical', scroll, { swipe: () => undefined })
      pager.install()
      const text = doc.getElementById('koma-pager')!.textContent
      pager.uninstall()
      return text
    }
    for (const scroll of [false, true]) {
      document.head.innerHTML = ''
      if (scroll) document.documentElement.setAttribute('style', '--USER__view: readium-scroll-on')
      document.body.style.writingMode = 'vertical-rl'
      document.body.innerHTML = '<p>吾輩は猫である。</p>'
      const seen = messages()
      const load = runScript()
      await settle()
      expect(seen).toEqual([{ [DOCUMENT_READY_KEY]: true }])
      expect(document.getElementById('koma-pager')?.textContent).toBe(pagerStyle(scroll))
      load()
      jest.restoreAllMocks()
    }
    // A fixed-layout book's script (documentReadyInjectables(false)): its documents are never the pager's.
    document.head.innerHTML = ''
    document.documentElement.removeAttribute('style')
    messages()
    runScript(documentReadyScript(false))
    await settle()
    expect(document.getElementById('koma-pager')).toBeNull()
    jest.restoreAllMocks()
    // Horizontal text: Readium lays it out, no pager style.
    document.head.innerHTML = ''
    document.documentElement.removeAttribute('style')
    document.body.removeAttribute('style')
    messages()
    runScript()
    await settle()
    expect(document.getElementById('koma-pager')).toBeNull()
  })

  it('goes into every document, and the frame manager Koma patches listens for the same message', () => {
    const [rule] = documentReadyInjectables().rules
    expect(rule!.resources.every((resource) => resource.test('OPS/chapter_001.xhtml'))).toBe(true)
    expect(rule!.append[0]).toMatchObject({ as: 'script', target: 'body' })
    const patches = fs.readFileSync(path.join(__dirname, '../../../infra/webpack/readium-patches.js'), 'utf8')
    expect(patches).toContain(`n.data?.${DOCUMENT_READY_KEY} === !0`)
  })
})
