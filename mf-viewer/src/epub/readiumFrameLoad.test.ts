// The reflowable frame's patched load (infra/webpack/readium-patches.js, issue 39; stop 47's
// leftover), run as Readium's frame manager runs it: a frame, its source, and Readium's loader
// class stood in for.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PATCHES } = require('../../../infra/webpack/readium-patches.js') as { PATCHES: { why: string; replace: string }[] }

interface FrameManager {
  load(modules: string[]): Promise<Window>
}

/** A frame manager whose `load` is the patched one: the class around it holds what `load` reads. */
function frameManager(frame: HTMLIFrameElement): FrameManager {
  const patch = PATCHES.find((each) => each.why === "a reflowable document's frame waited on its fonts")
  if (!patch) throw new Error('no patch for the reflowable frame')
  class Loader {
    destroy() {}
  }
  const Manager = new Function(
    'St',
    `return class { constructor(frame) { this.frame = frame; this.source = 'about:blank#page'; this.currModules = [] }\n${patch.replace}\n}`,
  )(Loader) as new (frame: HTMLIFrameElement) => FrameManager
  return new Manager(frame)
}

/** The page's `message` listeners the load added, and those taken away since. */
function messageListeners() {
  const added: EventListenerOrEventListenerObject[] = []
  const removed: EventListenerOrEventListenerObject[] = []
  const add = window.addEventListener.bind(window)
  const remove = window.removeEventListener.bind(window)
  jest
    .spyOn(window, 'addEventListener')
    .mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      if (type === 'message') added.push(listener)
      add(type, listener, options)
    })
  jest
    .spyOn(window, 'removeEventListener')
    .mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions) => {
      if (type === 'message') removed.push(listener)
      remove(type, listener, options)
    })
  return { added, removed }
}

afterEach(() => {
  jest.restoreAllMocks()
  document.body.replaceChildren()
})

/** A frame on the page, its patched load begun, and the page's message listeners counted from before it. */
function loadingFrame() {
  const listeners = messageListeners()
  const frame = document.createElement('iframe')
  document.body.append(frame)
  const loading = frameManager(frame).load([])
  return { listeners, frame, loading }
}

/** A message from no frame in particular, as the page's other frames post them. */
const otherMessage = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data }))

describe("a reflowable document's frame, loading", () => {
  it('is shown on its document\'s "ready" message, and stops listening then', async () => {
    const { listeners, frame, loading } = loadingFrame()
    window.dispatchEvent(new MessageEvent('message', { data: { komaDocumentReady: true }, source: frame.contentWindow }))
    await expect(loading).resolves.toBe(frame.contentWindow)
    expect(listeners.added).toHaveLength(1)
    expect(listeners.removed).toEqual(listeners.added)
  })

  it("keeps listening through other frames' messages while it loads", () => {
    const { listeners, frame } = loadingFrame()
    otherMessage({ komaDocumentReady: true })
    expect(listeners.added).toHaveLength(1)
    expect(listeners.removed).toEqual([])
    // Taken down: it goes at the next message, and leaves nothing to the next test.
    frame.remove()
    otherMessage({ anything: 1 })
    expect(listeners.removed).toEqual(listeners.added)
  })

  it('taken down before its document came, drops its listener at the next message (it kept the frame alive)', () => {
    const { listeners, frame } = loadingFrame()
    frame.remove()
    otherMessage({ anything: 1 })
    expect(listeners.added).toHaveLength(1)
    expect(listeners.removed).toEqual(listeners.added)
  })
})
