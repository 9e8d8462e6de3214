import { api, auth, endpoints, type Chapter } from '@koma/contracts'
import { localViewerSettings } from '@koma/contracts/viewerSettings'
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react'
import { DEFAULT_VIEWER_SETTINGS } from '@koma/contracts/domain'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'
import { portraitPages, WEBTOON } from '../test/chapters'
import { pauseOnReaderInput } from './readerInput'
import { useAutoScroll } from './useAutoScroll'

const Screen = routes['viewer.comic']
const path = '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType'

const strip: Chapter = {
  ...WEBTOON,
  images: [1, 2, 3].map((n) => ({ url: `/api/image/${n}`, width: 1440, height: 2400 })),
}
const paged: Chapter = {
  ...strip,
  orientation: 'paged',
  readingDirection: 'ltr',
  images: portraitPages(3),
}

/** A page as tall as `height`, scrolled to `y`: jsdom lays nothing out, so the test says where the reader is. */
function pageGeometry(height: number) {
  let y = 0
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y })
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => height })
  const scrollBy = jest.fn((options: ScrollToOptions) => {
    y = Math.min(height - window.innerHeight, y + (options.top ?? 0))
  })
  window.scrollBy = scrollBy as unknown as typeof window.scrollBy
  return { scrollBy, at: () => y }
}

const reducedMotion = (reduce: boolean) => {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia
}

beforeEach(() => {
  Object.assign(window, { innerWidth: 390, innerHeight: 800 })
  localStorage.clear()
  document.cookie = 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  auth.syncFromCookie()
  reducedMotion(false)
})
afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
})

const open = async (chapter: Chapter) => {
  jest.spyOn(api, 'request').mockResolvedValue(chapter as never)
  await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
  await screen.findByTestId('viewer')
}

describe('pauseOnReaderInput', () => {
  it('pauses on a tap, a wheel, a touch or a key, never on auto-scroll’s own controls or its key', () => {
    const pause = jest.fn()
    const stop = pauseOnReaderInput(pause)
    const control = document.createElement('button')
    control.setAttribute('data-auto-scroll-control', '')
    document.body.append(control)
    fireEvent.pointerDown(control)
    fireEvent.keyDown(control, { key: 'Enter' })
    fireEvent.keyDown(window, { key: 'a' })
    expect(pause).not.toHaveBeenCalled()
    fireEvent.pointerDown(document.body)
    fireEvent.wheel(window)
    fireEvent.touchStart(document.body)
    fireEvent.keyDown(window, { key: 'ArrowDown' })
    expect(pause).toHaveBeenCalledTimes(4)
    stop()
    fireEvent.pointerDown(document.body)
    expect(pause).toHaveBeenCalledTimes(4)
    control.remove()
  })
})

describe('auto-scroll (issue 37)', () => {
  it('scrolls a vertical strip one screen per step’s seconds, pauses at a tap, and stops at the end offering the next episode', async () => {
    jest.useFakeTimers()
    const page = pageGeometry(4000)
    await open(strip)
    const button = screen.getByRole('button', { name: 'Auto-scroll' })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    fireEvent.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('auto-scroll-speed')).toHaveTextContent('Speed 3 of 5')
    // Speed 3: a screen (800 px) in 9 s.
    await act(async () => {
      jest.advanceTimersByTime(4500)
    })
    expect(page.at()).toBeGreaterThan(360)
    expect(page.at()).toBeLessThan(440)
    // A tap on the page pauses it where it is.
    fireEvent.pointerDown(screen.getByTestId('vertical-strip'))
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByTestId('auto-scroll-status')).toHaveTextContent('Auto-scroll paused.')
    const paused = page.at()
    await act(async () => {
      jest.advanceTimersByTime(3000)
    })
    expect(page.at()).toBe(paused)
    // The A key starts it again, faster; it runs to the end and stops there.
    fireEvent.keyDown(window, { key: 'a' })
    fireEvent.click(screen.getByRole('button', { name: 'Faster' }))
    fireEvent.click(screen.getByRole('button', { name: 'Faster' }))
    expect(screen.getByTestId('auto-scroll-speed')).toHaveTextContent('Speed 5 of 5')
    expect(screen.getByRole('button', { name: 'Faster' })).toBeDisabled()
    expect(localViewerSettings().autoScrollSpeed).toBe(5)
    await act(async () => {
      jest.advanceTimersByTime(30_000)
    })
    expect(page.at()).toBeGreaterThanOrEqual(4000 - 800 - 2)
    expect(screen.getByTestId('auto-scroll-status')).toHaveTextContent('Auto-scroll stopped at the end of the episode.')
    expect(screen.queryByTestId('auto-scroll-panel')).toBeNull()
    expect(screen.getByTestId('next-chapter')).toHaveFocus()
  })

  it('asks first when the system asks for less motion, and starts only on yes', async () => {
    jest.useFakeTimers()
    reducedMotion(true)
    const page = pageGeometry(4000)
    await open(strip)
    fireEvent.click(screen.getByRole('button', { name: 'Auto-scroll' }))
    const ask = screen.getByRole('alertdialog', { name: 'Your device asks for less motion' })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(ask).not.toBeInTheDocument()
    await act(async () => {
      jest.advanceTimersByTime(3000)
    })
    expect(page.at()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Auto-scroll' }))
    expect(screen.getByRole('button', { name: 'Start anyway' })).toHaveFocus()
    fireEvent.click(screen.getByRole('button', { name: 'Start anyway' }))
    await act(async () => {
      jest.advanceTimersByTime(3000)
    })
    expect(page.at()).toBeGreaterThan(0)
  })

  it('turns a paged episode’s pages in the same rhythm, to the end', async () => {
    jest.useFakeTimers()
    await open(paged)
    const viewer = screen.getByTestId('paged-viewer')
    expect(viewer).toHaveAttribute('data-pages', '1')
    fireEvent.click(screen.getByRole('button', { name: 'Auto-scroll' }))
    await act(async () => {
      jest.advanceTimersByTime(9000)
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '2'))
    for (let i = 0; i < 2; i++)
      await act(async () => {
        jest.advanceTimersByTime(9000)
      })
    await waitFor(() => expect(screen.getByTestId('paged-end')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Auto-scroll' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('lists its key in the viewer’s help (?)', async () => {
    await open(paged)
    fireEvent.keyDown(window, { key: '?' })
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(help).toHaveTextContent('Start or stop auto-scroll')
    expect(help).toHaveTextContent('A')
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(help).not.toBeInTheDocument()
  })
})

describe('a novel', () => {
  it('has no auto-scroll: its A key starts nothing', () => {
    const { result } = renderHook(() => useAutoScroll(null, DEFAULT_VIEWER_SETTINGS))
    act(() => {
      fireEvent.keyDown(window, { key: 'a' })
      result.current.toggle()
    })
    expect(result.current.status).toBe('idle')
    expect(result.current.confirming).toBe(false)
  })
})

describe('paper (e-ink) mode (issue 37)', () => {
  it('moves a vertical strip a whole screen at a key or a tap on the lower third, with no glide, and raises contrast', async () => {
    localStorage.setItem('koma.viewerSettings', JSON.stringify({ paper: true }))
    const page = pageGeometry(4000)
    await open(strip)
    await waitFor(() => expect(screen.getByTestId('vertical-strip')).toHaveAttribute('data-paper', 'true'))
    fireEvent.keyDown(window, { key: 'PageDown' })
    expect(page.scrollBy).toHaveBeenLastCalledWith({ top: 800 - 52, behavior: 'instant' })
    fireEvent.click(screen.getByTestId('vertical-strip'), { clientY: 700 })
    expect(page.at()).toBe(2 * (800 - 52))
    fireEvent.click(screen.getByTestId('vertical-strip'), { clientY: 100 })
    expect(page.at()).toBe(800 - 52)
    expect(screen.getAllByTestId('page-image')[0]).toHaveStyle({ filter: 'contrast(1.25)' })
  })
})

describe('paper (e-ink) from the viewer’s chrome (issue 37)', () => {
  it('the Paper button and the P key turn it on and off for a visitor, kept in this browser, said aloud', async () => {
    pageGeometry(4000)
    await open(strip)
    const button = screen.getByRole('button', { name: 'Paper (e-ink)' })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByTestId('vertical-strip')).toHaveAttribute('data-paper', 'false')
    fireEvent.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('vertical-strip')).toHaveAttribute('data-paper', 'true')
    expect(screen.getByTestId('viewer-paper-status')).toHaveTextContent('Paper (e-ink) on.')
    await waitFor(() => expect(localViewerSettings().paper).toBe(true))
    // A visitor's choice stays in this browser: nothing is sent.
    expect(jest.mocked(api.request).mock.calls.filter(([endpoint]) => endpoint === endpoints.settingsUpdate)).toEqual([])
    // The P key, and a key on the strip is no typing: it flips back.
    fireEvent.keyDown(window, { key: 'p' })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByTestId('viewer-paper-status')).toHaveTextContent('Paper (e-ink) off.')
    await waitFor(() => expect(localViewerSettings().paper).toBe(false))
  })

  it('a member’s choice is kept in their account too (PUT /member/settings)', async () => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    pageGeometry(4000)
    await open(strip)
    fireEvent.click(screen.getByRole('button', { name: 'Paper (e-ink)' }))
    await waitFor(() =>
      expect(jest.mocked(api.request).mock.calls.filter(([endpoint]) => endpoint === endpoints.settingsUpdate)).toEqual([
        [endpoints.settingsUpdate, { body: { paperMode: 'true' }, policy: { silent: true } }],
      ]),
    )
    expect(screen.getByTestId('vertical-strip')).toHaveAttribute('data-paper', 'true')
  })

  it('raises the contrast of a paged viewer’s pages', async () => {
    await open(paged)
    expect(screen.getAllByTestId('page-image')[0]).not.toHaveStyle({ filter: 'contrast(1.25)' })
    fireEvent.click(screen.getByRole('button', { name: 'Paper (e-ink)' }))
    await waitFor(() => expect(screen.getAllByTestId('page-image')[0]).toHaveStyle({ filter: 'contrast(1.25)' }))
  })
})
