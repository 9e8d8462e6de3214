import { installHostBridge, type HostBridge } from './bridge'
import { afterFirstPaintIdle, forgetPreloadedDialogs, preloadDialogsWhenIdle } from './idlePreload'

/** A scheduler that runs what it was given only when the test says the page is idle. */
function manualIdle() {
  const pending: (() => void)[] = []
  return {
    schedule: (run: () => void) => {
      pending.push(run)
      return () => {
        const at = pending.indexOf(run)
        if (at >= 0) pending.splice(at, 1)
      }
    },
    idle: () => pending.splice(0).forEach((run) => run()),
    waiting: () => pending.length,
  }
}

describe('preloading the dialogs a tap may open', () => {
  beforeEach(() => forgetPreloadedDialogs())

  it('fetches nothing before the page is idle, then each kind once', () => {
    const idle = manualIdle()
    const preload = jest.fn().mockResolvedValue(undefined)
    preloadDialogsWhenIdle(['purchase'], { schedule: idle.schedule, preload })
    // A second screen (or a re-render) asking before the idle moment: still one fetch.
    preloadDialogsWhenIdle(['purchase'], { schedule: idle.schedule, preload })
    expect(preload).not.toHaveBeenCalled()
    idle.idle()
    expect(preload).toHaveBeenCalledTimes(1)
    expect(preload).toHaveBeenCalledWith(['purchase'])
    // Asked again once preloaded: nothing is even scheduled.
    preloadDialogsWhenIdle(['purchase'], { schedule: idle.schedule, preload })
    expect(idle.waiting()).toBe(0)
    expect(preload).toHaveBeenCalledTimes(1)
  })

  it('fetches only the kinds not fetched yet', () => {
    const idle = manualIdle()
    const preload = jest.fn().mockResolvedValue(undefined)
    preloadDialogsWhenIdle(['purchase'], { schedule: idle.schedule, preload })
    idle.idle()
    preloadDialogsWhenIdle(['purchase', 'loginConfirm'], { schedule: idle.schedule, preload })
    idle.idle()
    expect(preload.mock.calls).toEqual([[['purchase']], [['loginConfirm']]])
  })

  it('a screen gone before the idle moment fetches nothing', () => {
    const idle = manualIdle()
    const preload = jest.fn().mockResolvedValue(undefined)
    const cancel = preloadDialogsWhenIdle(['purchase'], { schedule: idle.schedule, preload })
    cancel()
    idle.idle()
    expect(preload).not.toHaveBeenCalled()
  })

  it('a failed preload is tried again by the next caller', async () => {
    const idle = manualIdle()
    const failed = Promise.reject(new Error('offline'))
    const preload = jest.fn().mockReturnValueOnce(failed).mockResolvedValue(undefined)
    preloadDialogsWhenIdle(['purchase'], { schedule: idle.schedule, preload })
    idle.idle()
    await failed.catch(() => undefined)
    await Promise.resolve()
    preloadDialogsWhenIdle(['purchase'], { schedule: idle.schedule, preload })
    idle.idle()
    expect(preload).toHaveBeenCalledTimes(2)
  })

  it('goes through the host bridge, and does nothing where the host has no preloading', async () => {
    const idle = manualIdle()
    const bridge: HostBridge = { openDialog: jest.fn(), notify: jest.fn(), loadExposed: jest.fn() }
    installHostBridge(bridge)
    preloadDialogsWhenIdle(['loginConfirm'], { schedule: idle.schedule })
    expect(() => idle.idle()).not.toThrow()
    forgetPreloadedDialogs()
    const preloadDialogs = jest.fn().mockResolvedValue(undefined)
    installHostBridge({ ...bridge, preloadDialogs })
    preloadDialogsWhenIdle(['loginConfirm'], { schedule: idle.schedule })
    idle.idle()
    expect(preloadDialogs).toHaveBeenCalledWith(['loginConfirm'])
  })
})

describe('after the first paint, when idle', () => {
  const idleCallbacks: (() => void)[] = []
  const original = window.requestIdleCallback
  beforeEach(() => {
    idleCallbacks.length = 0
    window.requestIdleCallback = ((run: () => void) => idleCallbacks.push(run)) as typeof window.requestIdleCallback
  })
  afterEach(() => {
    window.requestIdleCallback = original
    document.body.innerHTML = ''
  })

  /** Let the promise chain before the idle request settle. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }

  it('waits for the largest image, then for the idle callback', async () => {
    const hero = document.createElement('img')
    hero.setAttribute('fetchpriority', 'high')
    Object.defineProperty(hero, 'complete', { value: false, configurable: true })
    document.body.append(hero)
    const run = jest.fn()
    afterFirstPaintIdle(run)
    await settle()
    expect(idleCallbacks).toHaveLength(0)
    hero.dispatchEvent(new Event('load'))
    await settle()
    expect(idleCallbacks).toHaveLength(1)
    expect(run).not.toHaveBeenCalled()
    idleCallbacks[0]!()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('cancelled before the image is in: never asks for the idle callback', async () => {
    const hero = document.createElement('img')
    hero.setAttribute('fetchpriority', 'high')
    Object.defineProperty(hero, 'complete', { value: false, configurable: true })
    document.body.append(hero)
    const run = jest.fn()
    const cancel = afterFirstPaintIdle(run)
    cancel()
    hero.dispatchEvent(new Event('error'))
    await settle()
    expect(idleCallbacks).toHaveLength(0)
    expect(run).not.toHaveBeenCalled()
  })
})
