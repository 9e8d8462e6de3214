import { api, type ContentList } from '@koma/contracts'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { INIT_GUARD_MS } from '../lists/PagedList'
import { routes } from '../routes'

// Each test renders a whole menu screen through the router several times; on a loaded 2-core
// machine that alone came near Jest's default 5 s (seen while e2e builds ran alongside).
jest.setTimeout(15_000)

const title = (id: number, over: object = {}) => ({
  type: 'comic',
  id,
  name: `Title ${id}`,
  badge: null,
  status: 'ongoing',
  mature: false,
  original: false,
  exclusive: false,
  themeColor: '#333',
  totalViews: 12_345,
  genres: [{ name: 'Fantasy' }],
  authors: [{ name: 'Lin', role: 'writer' }],
  thumbnails: [{ type: 'cover', url: `/api/image/${id}`, width: 192, height: 272, sort: 0 }],
  orientation: 'vertical',
  chapterFileFormat: 'image',
  ...over,
})

const list = (over: Partial<ContentList> = {}): ContentList =>
  ({
    code: 'daily',
    title: 'Daily',
    listUiType: 'grid',
    contents: Array.from({ length: 20 }, (_, i) => title(i + 1)),
    topBanner: { elements: [] },
    page: { hasNext: true, seqNo: 20, currentPageNo: 1 },
    items: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((code) => ({ code, label: code.toUpperCase() })),
    currentItemCode: 'tue',
    ...over,
  }) as ContentList

const Menu = routes['catalog.menu']
afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
})

describe('menu lists', () => {
  it('keeps the chosen sub-tab in currentItemCode and asks the API for it', async () => {
    const request = jest
      .spyOn(api, 'request')
      .mockImplementation(
        async (_endpoint, options) => list({ currentItemCode: String((options?.query as { currentItemCode?: string })?.currentItemCode ?? 'tue') }) as never,
      )
    const { router } = await renderScreen(Menu, { path: '/menu/all_comic/:id', url: '/menu/all_comic/daily?currentItemCode=tue' })
    expect(await screen.findByRole('heading', { name: 'Daily' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'TUE' })).toHaveAttribute('aria-pressed', 'true')
    // The choice suspends the list (a new tab's data) inside a navigation: React 19 settles that only in an awaited act().
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'FRI' }))
    })
    await waitFor(() => expect(router.state.location.search).toBe('?currentItemCode=fri'))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/menu/:holder/:code' }),
        expect.objectContaining({ query: { pageNo: '1', currentItemCode: 'fri' } }),
      ),
    )
    await waitFor(() => expect(screen.getByRole('button', { name: 'FRI' })).toHaveAttribute('aria-pressed', 'true'))
  })

  it('defaults the daily tab to today by the language offset (the same rule as the API)', async () => {
    jest.useFakeTimers({
      now: new Date('2026-11-19T23:00:00Z'),
      doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
    })
    const request = jest.spyOn(api, 'request').mockResolvedValue(list() as never)
    await renderScreen(Menu, { path: '/menu/all_comic/:id', url: '/menu/all_comic/daily', locale: 'ja' })
    await screen.findByTestId('menu-list')
    expect(request.mock.calls.find(([endpoint]) => endpoint.path === '/menu/:holder/:code')?.[1]).toMatchObject({ query: { currentItemCode: 'fri' } })
    jest.useRealTimers()
  })

  it('loads the next 20 on demand and shows ranks in the ranking', async () => {
    // The list ignores a load asked for before its init guard ends (SPEC §4): the test's clock passes it.
    jest.useFakeTimers({
      doNotFake: [
        'Date',
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
      ],
    })
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint, options) => {
      if (endpoint.path !== '/menu/:holder/:code') return { popups: [] } as never
      const pageNo = (options?.query as { pageNo: string }).pageNo
      return (
        pageNo === '1'
          ? list({
              code: 'ranking',
              title: 'Ranking',
              listUiType: 'rank',
              items: [],
              currentItemCode: null,
              contents: Array.from({ length: 20 }, (_, i) => ({ ...title(i + 1), rank: i + 1 })) as never,
            })
          : list({
              code: 'ranking',
              listUiType: 'rank',
              contents: Array.from({ length: 5 }, (_, i) => ({ ...title(i + 21), rank: i + 21 })) as never,
              page: { hasNext: false, seqNo: 25, currentPageNo: 2 },
            })
      ) as never
    })
    await renderScreen(Menu, { path: '/menu/all_comic/:id', url: '/menu/all_comic/ranking' })
    expect(await screen.findByTestId('rank-list')).toBeInTheDocument()
    expect(
      screen
        .getAllByTestId('rank')
        .map((el) => el.textContent)
        .slice(0, 3),
    ).toEqual(['1', '2', '3'])
    act(() => jest.advanceTimersByTime(INIT_GUARD_MS))
    fireEvent.click(screen.getByTestId('load-more'))
    await waitFor(() => expect(screen.getAllByTestId('content-card')).toHaveLength(25))
    expect(
      request.mock.calls.filter(([endpoint]) => endpoint.path === '/menu/:holder/:code').map(([, options]) => (options?.query as { pageNo: string }).pageNo),
    ).toEqual(['1', '2'])
    expect(screen.queryByTestId('list-more')).toBeNull()
    expect(screen.getAllByTestId('content-card')[0]).toHaveTextContent('12.3K views')
  })
})
