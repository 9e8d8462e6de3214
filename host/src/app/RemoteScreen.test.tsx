import { screen } from '@testing-library/react'
import { loadRemote } from '@module-federation/enhanced/runtime'
import { renderAt } from '../test/renderApp'
import { registerEveryRemote } from '../test/remotes'
import { preloadRouteModule } from './RemoteScreen'

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }))

const CHAPTER = '/en/comic/1/chapter/2/product'
const load = loadRemote as jest.MockedFunction<typeof loadRemote>

/** A viewer remote whose routes module comes when `arrive` is called. */
function viewerArriving(): () => void {
  let arrive!: () => void
  const routes = { routes: { 'viewer.comic': () => <p>the first page</p> } }
  const module = new Promise((resolve) => (arrive = () => resolve(routes)))
  load.mockImplementation(() => module as never)
  return arrive
}

beforeAll(registerEveryRemote)

describe("a page the browser draws: its screen's module first (issue 39)", () => {
  it('draws the screen in its first render, never the spinner, once the module is preloaded', async () => {
    const arrive = viewerArriving()
    const preloaded = preloadRouteModule(CHAPTER, 60_000)
    arrive()
    await preloaded
    // A spinner shown first would hold the screen back 300 ms (React's Suspense reveal throttle).
    const spinners: string[] = []
    const watch = new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading…')) spinners.push(document.body.textContent)
    })
    watch.observe(document.body, { childList: true, subtree: true })
    await renderAt(CHAPTER)
    watch.disconnect()
    expect(screen.getByText('the first page')).toBeInTheDocument()
    expect(spinners).toEqual([])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('stops waiting after its limit: a remote that is slow to come leaves its area a spinner', async () => {
    jest.useFakeTimers()
    try {
      viewerArriving()
      let done = false
      // Another remote's page (the viewer's module is in from the first test).
      void preloadRouteModule('/en/coinpurchase', 1_000).then(() => (done = true))
      await jest.advanceTimersByTimeAsync(999)
      expect(done).toBe(false)
      await jest.advanceTimersByTimeAsync(1)
      expect(done).toBe(true)
    } finally {
      jest.useRealTimers()
    }
  })

  it('waits for nothing on a page the host draws itself', async () => {
    load.mockClear()
    await preloadRouteModule('/en/browserguide', 1_000)
    expect(load).not.toHaveBeenCalled()
  })
})
