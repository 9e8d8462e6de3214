import { api, ApiError, auth, events, safeStorage, STORAGE_KEYS, type Chapter } from '@koma/contracts'
// The API's code for a chapter whose sale was stopped (the browser's barrel leaves it out).
import { CHAPTER_ABORTED_CODE } from '@koma/contracts/server'
import { localReading } from './progress/localReading'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderScreen } from '../../infra/jest/renderScreen'
import { routes } from './routes'
import { FREE_SALES, portraitPages, WEBTOON } from './test/chapters'

const Screen = routes['viewer.comic']
const MagazineScreen = routes['viewer.magazine']
const path = '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType'
const magazinePath = '/magazine_comic/:contentId/chapter/:chapterId/:chapterFileSalesType'

beforeEach(() => {
  // A phone held upright: single pages.
  Object.assign(window, { innerWidth: 390, innerHeight: 844 })
  localStorage.clear()
  document.cookie = 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  auth.syncFromCookie()
})
afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
})

const sales = FREE_SALES

const webtoon: Chapter = {
  ...WEBTOON,
  authorComment: 'Thank you for reading!',
  previousChapter: { id: 11, name: 'Episode 1' },
  nextChapter: {
    id: 13,
    name: 'Episode 3',
    thumbnail: null,
    hasTrial: false,
    aborted: false,
    salesConfig: { ...sales, free: false, price: 4, originalPrice: 4, purchaseAllowedWith: ['coin'] },
    activity: { unlocked: false, rented: false, rentRemained: 0 },
  },
  totalComments: 0,
  commentEnabled: false,
  progress: null,
}

const manga: Chapter = {
  ...webtoon,
  id: 40,
  contentId: 9,
  contentType: 'magazine_comic',
  name: 'Issue 12',
  orientation: 'paged',
  readingDirection: 'rtl',
  images: portraitPages(5),
  nextChapter: { id: 41, name: 'Issue 13', salesConfig: sales, activity: { unlocked: false, rented: false, rentRemained: 0 } },
}

// The reader's state changes what mounted screens show: inside act, as a real change would be.
const signIn = () => {
  document.cookie = 'koma_lc=1; path=/'
  return act(async () => {
    auth.syncFromCookie()
  })
}
const signOut = () =>
  act(async () => {
    auth.clearLocal()
  })

describe('vertical viewer', () => {
  it('reserves every band from width and height, serves tall strips in bands, and ends with the next episode and its state', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(webtoon as never)
    await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
    const bands = await screen.findAllByTestId('strip-band')
    expect(bands).toHaveLength(3)
    expect(bands[0]).toHaveAttribute('data-size', '1440x1600')
    expect(bands[2]).toHaveAttribute('data-size', '1440x1200')
    const images = screen.getAllByTestId('page-image')
    // The browser picks the preset for its screen (issue 13: the same markup on the edge and here).
    expect(images[0]).toHaveAttribute('src', '/api/image/1/tile/0/2?w=768')
    expect(images[0]?.getAttribute('srcset')).toBe(
      '/api/image/1/tile/0/2?w=640 640w, /api/image/1/tile/0/2?w=768 768w, /api/image/1/tile/0/2?w=1024 1024w, /api/image/1/tile/0/2?w=1280 1280w, /api/image/1/tile/0/2?w=1536 1536w',
    )
    expect(images[0]).toHaveAttribute('sizes', '(max-width: 720px) 100vw, 720px')
    expect(screen.getByText('Thank you for reading!')).toBeInTheDocument()
    expect(screen.getByTestId('next-chapter')).toHaveAttribute('href', '/comic/5/chapter/13/product')
    expect(screen.getByTestId('next-chapter-state')).toHaveTextContent('4 coins')
  })

  it('a locked next episode opens the purchase dialog for a signed-in reader, then goes on once unlocked', async () => {
    await signIn()
    try {
      jest.spyOn(api, 'request').mockResolvedValue(webtoon as never)
      const openDialog = jest.fn().mockResolvedValue({ unlocked: true })
      const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
      fireEvent.click(await screen.findByTestId('next-chapter'))
      await waitFor(() => expect(openDialog).toHaveBeenCalledWith('purchase', { contentType: 'comic', contentId: 5, chapterId: 13 }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5/chapter/13/product'))
    } finally {
      await signOut()
    }
  })

  it('opening a chapter records it for a signed-in reader who leaves without scrolling (issue 35: recent)', async () => {
    await signIn()
    try {
      const request = jest
        .spyOn(api, 'request')
        .mockImplementation((async (endpoint: { path: string }) => (endpoint.path.endsWith('/:salesType') ? webtoon : { saved: true })) as never)
      const prepared = jest.spyOn(api, 'prepareLeaving').mockResolvedValue()
      const leaving = jest.spyOn(api, 'sendWhileLeaving').mockReturnValue(true)
      await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
      await screen.findAllByTestId('strip-band')
      // Opened: ready to send its place should the reader leave before the debounce.
      expect(prepared).toHaveBeenCalled()
      // The reader leaves at once: the page's last moment sends where they were, started in the
      // pagehide handler itself (a keepalive fetch with headers made ahead), not through axios.
      await act(async () => {
        window.dispatchEvent(new Event('pagehide'))
      })
      expect(leaving).toHaveBeenCalledTimes(1)
      expect(leaving.mock.calls[0]?.[1]).toMatchObject({ params: { type: 'comic', id: '5', chapterId: '12' }, body: { href: '1', progression: '0' } })
      expect(request.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path.endsWith('/read'))).toHaveLength(0)
    } finally {
      await signOut()
    }
  })

  it('data-saving quality drops the 2x images', async () => {
    safeStorage.set('koma.viewerSettings', JSON.stringify({ imageQuality: { wifi: 'data_saving', mobile: 'data_saving' } }))
    jest.spyOn(api, 'request').mockResolvedValue(webtoon as never)
    await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
    const images = await screen.findAllByTestId('page-image')
    expect(images[0]).not.toHaveAttribute('srcset')
    // One image at density 1 for the phone's column (390 px: the 640 preset).
    expect(images[0]).toHaveAttribute('src', '/api/image/1/tile/0/2?w=640')
  })
})

describe('content report (SPEC §7 …/report/{category})', () => {
  it('asks a signed-out reader to sign in, and opens the report dialog for a member', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(webtoon as never)
    const openDialog = jest.fn().mockResolvedValue(false)
    await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
    fireEvent.click(await screen.findByTestId('viewer-report'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comic/5/chapter/12/product' }))
    await signIn()
    fireEvent.click(screen.getByTestId('viewer-report'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('report', { type: 'content', contentType: 'comic', contentId: 5, chapterId: 12 }))
  })
})

describe('viewer errors (SPEC §8)', () => {
  it('offers sign-in on 401 and goes back to the episode list when declined', async () => {
    jest.spyOn(api, 'request').mockRejectedValue(new ApiError({ failure: 'authenticationError', status: 401, message: '', url: '/x' }))
    const openDialog = jest.fn().mockResolvedValue(false)
    const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comic/5/chapter/12/product' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5'))
  })

  it('a mature title: 451 opens the verification step with the API’s reason, 428 the accept-mature dialog; yes loads it again', async () => {
    const reason = 'This title is for adults. Sign in and verify your age to read it.'
    const request = jest
      .spyOn(api, 'request')
      .mockRejectedValue(new ApiError({ failure: 'adultVerificationRequired', status: 451, message: reason, url: '/x' }))
    // A visitor who never answered the adult check answers it first, then meets the verification step.
    const openDialog = jest.fn((kind: string) => Promise.resolve(kind === 'adultCheck'))
    const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
    await waitFor(() =>
      expect(openDialog).toHaveBeenCalledWith('acceptMature', { target: '/comic/5/chapter/12/product', navigate: true, verification: reason }),
    )
    expect(openDialog.mock.calls.map(([kind]) => kind)).toEqual(['adultCheck', 'acceptMature'])
    // The dialog goes on by itself (sign in, verify, back): the viewer does not navigate over it.
    expect(router.state.location.pathname).toBe('/comic/5/chapter/12/product')

    cleanup()
    request
      .mockReset()
      .mockRejectedValueOnce(new ApiError({ failure: 'matureNotAccepted', status: 428, message: '', url: '/x' }))
      .mockResolvedValue(webtoon as never)
    const accept = jest.fn().mockResolvedValue(true)
    await signIn()
    await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog: accept })
    await waitFor(() => expect(accept).toHaveBeenCalledWith('acceptMature', { target: '/comic/5/chapter/12/product', navigate: true }))
    await screen.findByTestId('vertical-strip')
  })

  it('shows the chapter-aborted dialog for an aborted chapter, then goes back', async () => {
    jest
      .spyOn(api, 'request')
      .mockRejectedValue(
        new ApiError({ failure: 'chapterAborted', status: 403, code: CHAPTER_ABORTED_CODE, message: 'Sales are suspended for this episode.', url: '/x' }),
      )
    const openDialog = jest.fn().mockResolvedValue(undefined)
    const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('chapterAborted', {}))
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5'))
  })

  it('goes back to the episode list on any other refusal (403 locked)', async () => {
    jest.spyOn(api, 'request').mockRejectedValue(new ApiError({ failure: 'chapterLocked', status: 403, message: 'Unlock this episode to read it.', url: '/x' }))
    const openDialog = jest.fn()
    const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5'))
    expect(openDialog).not.toHaveBeenCalled()
  })

  it('a chapter refused, then bought elsewhere, opens the next time (its refusal is not kept)', async () => {
    const request = jest
      .spyOn(api, 'request')
      .mockRejectedValue(new ApiError({ failure: 'chapterLocked', status: 403, message: 'Unlock this episode to read it.', url: '/x' }))
    const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5'))
    // Bought from the episode list: mf-payments tells every area.
    request.mockResolvedValue(webtoon as never)
    act(() => events.emit('access:changed', { contentId: 5, chapterIds: [12] }))
    await act(async () => router.navigate('/comic/5/chapter/12/product'))
    expect(await screen.findAllByTestId('strip-band')).toHaveLength(3)
    expect(router.state.location.pathname).toBe('/comic/5/chapter/12/product')
  })
})

describe('paged viewer', () => {
  const stageWidth = (width: number) =>
    jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ left: 0, top: 0, width, height: 844, right: width, bottom: 844, x: 0, y: 0, toJSON: () => ({}) })

  it('turns right-to-left pages with the left arrow and a tap on the left third, and back', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    expect(viewer).toHaveAttribute('data-direction', 'rtl')
    expect(viewer).toHaveAttribute('data-pages', '1')
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' })
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '2'))
    stageWidth(390)
    await act(async () => {
      fireEvent.click(screen.getByTestId('paged-stage'), { clientX: 40, clientY: 400 })
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '3'))
    await act(async () => {
      fireEvent.click(screen.getByTestId('paged-stage'), { clientX: 360, clientY: 400 })
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '2'))
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 of 5')
  })

  it('smart spreads on a wide screen (issue 37): the cover alone, a wide page alone, and a shift by one page remembered for the title', async () => {
    Object.assign(window, { innerWidth: 1280, innerHeight: 800 })
    const wideInside: Chapter = {
      ...manga,
      images: [1, 2, 3, 4, 5, 6].map((n) => ({ url: `/api/image/${n}`, width: n === 4 ? 1600 : 800, height: 1200 })),
    }
    jest.spyOn(api, 'request').mockResolvedValue(wideInside as never)
    const open = () => renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    await open()
    const viewer = await screen.findByTestId('paged-viewer')
    expect(viewer).toHaveAttribute('data-double', 'true')
    expect(viewer).toHaveAttribute('data-pages', '1')
    const shift = screen.getByRole('button', { name: 'Shift by one page' })
    expect(shift).toHaveAttribute('aria-pressed', 'false')
    for (const expected of ['2,3', '4', '5,6']) {
      await act(async () => {
        fireEvent.keyDown(window, { key: 'ArrowLeft' })
      })
      await waitFor(() => expect(viewer).toHaveAttribute('data-pages', expected))
    }
    // Right to left: the first page of a pair is on the right.
    expect(screen.getAllByTestId('page-image').map((image) => image.getAttribute('data-page'))).toEqual(['6', '5'])
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Home' })
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '1'))
    await act(async () => {
      fireEvent.click(shift)
    })
    expect(shift).toHaveAttribute('aria-pressed', 'true')
    expect(viewer).toHaveAttribute('data-pages', '1,2')
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' })
    })
    // The wide page still stands alone: page 3 has no partner before it.
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '3'))
    // The title opens shifted next time, where the reader was (unshifted, page 3 would pair with 2); another title does not.
    cleanup()
    await open()
    const again = await screen.findByTestId('paged-viewer')
    await waitFor(() => expect(again).toHaveAttribute('data-shift', 'true'))
    expect(again).toHaveAttribute('data-pages', '3')
    cleanup()
    jest.spyOn(api, 'request').mockResolvedValue({ ...wideInside, contentId: 10 } as never)
    await open()
    expect(await screen.findByTestId('paged-viewer')).toHaveAttribute('data-pages', '1')
    expect(screen.getByTestId('paged-viewer')).toHaveAttribute('data-shift', 'false')
  })

  it('a phone shows single pages and no shift button', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    expect(await screen.findByTestId('paged-viewer')).toHaveAttribute('data-double', 'false')
    expect(screen.queryByTestId('spread-shift')).toBeNull()
  })

  it('keyboard (issue 14): arrows turn and hide the chrome; Tab onto a chrome control brings it back; every control is reachable', async () => {
    const user = userEvent.setup()
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    await user.keyboard('{ArrowLeft}')
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '2'))
    expect(screen.getByTestId('viewer-header')).toHaveAttribute('data-visible', 'false')
    expect(screen.getByTestId('paged-footer')).toHaveAttribute('data-visible', 'false')
    await user.tab()
    expect(screen.getByTestId('viewer-back')).toHaveFocus()
    expect(screen.getByTestId('viewer-header')).toHaveAttribute('data-visible', 'true')
    await user.tab()
    expect(screen.getByTestId('auto-scroll')).toHaveFocus()
    await user.tab()
    expect(screen.getByTestId('viewer-paper')).toHaveFocus()
    await user.tab()
    expect(screen.getByTestId('viewer-report')).toHaveFocus()
    expect(screen.getByTestId('viewer-report').tagName).toBe('BUTTON')
    await user.tab()
    expect(screen.getByRole('slider', { name: /page/i })).toHaveFocus()
    expect(screen.getByTestId('paged-footer')).toHaveAttribute('data-visible', 'true')
    // The slider answers the same keys: one more page.
    await user.keyboard('{ArrowLeft}')
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '3'))
  })

  it('fixed key layout moves forward with the right arrow even right to left', async () => {
    safeStorage.set('koma.viewerSettings', JSON.stringify({ keyLayout: 'fixed' }))
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowRight' })
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '2'))
  })

  it('keeps progress locally for a signed-out reader, finishes at the end, and resumes there', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    const first = await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    for (let i = 0; i < 2; i++) {
      await act(async () => {
        fireEvent.keyDown(window, { key: 'ArrowLeft' })
      })
    }
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '3'))
    await waitFor(() => expect(localReading(9, 40)).toMatchObject({ href: '3', position: 3, finished: false }))
    first.unmount()
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    expect(await screen.findByTestId('paged-viewer')).toHaveAttribute('data-pages', '3')
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        fireEvent.keyDown(window, { key: 'ArrowLeft' })
      })
    }
    await screen.findByTestId('paged-end')
    expect(localReading(9, 40)).toMatchObject({ position: 10000, finished: true })
    expect(screen.getByTestId('next-chapter-state')).toHaveTextContent('Free')
  })

  it('sends progress for a signed-in reader, debounced, and read/finished once at the end', async () => {
    await signIn()
    const request = jest
      .spyOn(api, 'request')
      .mockImplementation((async (endpoint: { path: string }) => (endpoint.path.endsWith('/:salesType') ? manga : { saved: true })) as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    jest.useFakeTimers()
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' })
    })
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' })
    })
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000)
    })
    expect(viewer).toHaveAttribute('data-pages', '3')
    const reads = request.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path.endsWith('/read'))
    expect(reads).toHaveLength(1)
    expect(reads[0]?.[1]).toMatchObject({ params: { type: 'magazine_comic', id: '9', chapterId: '40' }, body: { href: '3', position: '3', progression: '0' } })
    for (let i = 0; i < 4; i++) {
      await act(async () => {
        fireEvent.keyDown(window, { key: 'ArrowLeft' })
        await jest.advanceTimersByTimeAsync(10)
      })
    }
    const finished = request.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path.endsWith('/read/finished'))
    expect(finished).toHaveLength(1)
  })

  it('resumes a signed-in reader at the page the server remembers', async () => {
    await signIn()
    jest.spyOn(api, 'request').mockResolvedValue({
      ...manga,
      progress: { href: '4', type: 'image/x-koma-page', progression: 0, totalProgression: 0.6, position: 4, finished: false },
    } as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    expect(await screen.findByTestId('paged-viewer')).toHaveAttribute('data-pages', '4')
  })
})

describe('zoom', () => {
  const stage = () => screen.getByTestId('paged-stage')
  const zoomLayer = () => stage().firstElementChild as HTMLElement

  it('pinch zooms in and pans; a swipe while zoomed does not turn the page', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    await act(async () => {
      fireEvent.touchStart(stage(), {
        touches: [
          { clientX: 150, clientY: 400 },
          { clientX: 250, clientY: 400 },
        ],
      })
      fireEvent.touchMove(stage(), {
        touches: [
          { clientX: 100, clientY: 400 },
          { clientX: 300, clientY: 400 },
        ],
      })
      fireEvent.touchEnd(stage(), { touches: [] })
    })
    expect(zoomLayer().style.transform).toMatch(/scale\(2\)/)
    await act(async () => {
      fireEvent.touchStart(stage(), { touches: [{ clientX: 200, clientY: 400 }] })
      fireEvent.touchMove(stage(), { touches: [{ clientX: 320, clientY: 400 }] })
      fireEvent.touchEnd(stage(), { touches: [] })
    })
    expect(viewer).toHaveAttribute('data-pages', '1')
    expect(zoomLayer().style.transform).toMatch(/translate\(/)
  })

  it('a double tap in the middle zooms in, and out again; a swipe at normal size turns the page', async () => {
    jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ left: 0, top: 0, width: 390, height: 844, right: 390, bottom: 844, x: 0, y: 0, toJSON: () => ({}) })
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    await act(async () => {
      fireEvent.click(stage(), { clientX: 195, clientY: 400 })
      fireEvent.click(stage(), { clientX: 196, clientY: 401 })
    })
    expect(zoomLayer().style.transform).toMatch(/scale\(2\.5\)/)
    // Zoomed: a tap on the side does not turn the page.
    await act(async () => {
      fireEvent.click(stage(), { clientX: 30, clientY: 400 })
    })
    expect(viewer).toHaveAttribute('data-pages', '1')
    await act(async () => {
      fireEvent.click(stage(), { clientX: 30, clientY: 400 })
    })
    expect(zoomLayer().style.transform).toBe('')
    await act(async () => {
      fireEvent.touchStart(stage(), { touches: [{ clientX: 100, clientY: 400 }] })
      fireEvent.touchMove(stage(), { touches: [{ clientX: 300, clientY: 410 }] })
      fireEvent.touchEnd(stage(), { touches: [] })
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '2'))
  })
})

describe('double pages', () => {
  it('on a wide landscape screen the cover stands alone, then pages pair, right page first for right to left', async () => {
    Object.assign(window, { innerWidth: 1280, innerHeight: 800 })
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    const viewer = await screen.findByTestId('paged-viewer')
    expect(viewer).toHaveAttribute('data-double', 'true')
    expect(viewer).toHaveAttribute('data-pages', '1')
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' })
    })
    await waitFor(() => expect(viewer).toHaveAttribute('data-pages', '2,3'))
    // On screen, left to right: page 3 then page 2.
    expect(screen.getAllByTestId('page-image').map((image) => image.getAttribute('data-page'))).toEqual(['3', '2'])
  })
})

describe('reading guide (SPEC §4)', () => {
  it('shows for 2.4 s when the direction differs from the last title, then remembers it', async () => {
    safeStorage.set(STORAGE_KEYS.readingDirection, 'ttb')
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    jest.useFakeTimers()
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByTestId('reading-guide')).toHaveTextContent('This title reads from right to left')
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2399)
    })
    expect(screen.getByTestId('reading-guide')).toBeInTheDocument()
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2)
    })
    expect(screen.queryByTestId('reading-guide')).toBeNull()
    expect(safeStorage.get(STORAGE_KEYS.readingDirection)).toBe('rtl')
  })

  it('goes at the first key, so it never covers what the reader opens with the keyboard', async () => {
    safeStorage.set(STORAGE_KEYS.readingDirection, 'ttb')
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    expect(await screen.findByTestId('reading-guide')).toBeInTheDocument()
    fireEvent.keyDown(document.body, { key: 'Tab' })
    expect(screen.queryByTestId('reading-guide')).toBeNull()
  })

  it('stays hidden when the direction is the same as last time', async () => {
    safeStorage.set(STORAGE_KEYS.readingDirection, 'rtl')
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    await screen.findByTestId('paged-viewer')
    expect(screen.queryByTestId('reading-guide')).toBeNull()
  })
})
