import { api, events } from '@koma/contracts'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

const item = (id: number, hidden = false) => ({
  content: {
    type: 'comic',
    id,
    name: `Title ${id}`,
    badge: null,
    status: 'ongoing',
    mature: false,
    original: false,
    exclusive: false,
    themeColor: '#333',
    totalViews: 1,
    genres: [],
    authors: [],
    thumbnails: [],
    orientation: 'vertical',
    chapterFileFormat: 'image',
  },
  at: '2026-11-20T00:00:00.000Z',
  chapter: { id: id * 10, name: `Episode ${id}` },
  unlockedCount: 2,
  hidden,
})
const Library = routes['catalog.library']
beforeEach(() => localStorage.clear())
afterEach(() => jest.restoreAllMocks())

describe('library', () => {
  it('hides an unlocked title and keeps the chosen order locally', async () => {
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
      if (endpoint.path === '/library/hidden/:type/:id') return { hidden: true } as never
      return { tab: 'unlocked', items: [item(1), item(2)], page: { hasNext: false, seqNo: 2, currentPageNo: 1 } } as never
    })
    await renderScreen(Library, { path: '/library/:dep1Param', url: '/library/unlocked' })
    expect(await screen.findAllByTestId('library-item')).toHaveLength(2)
    expect(screen.getAllByTestId('library-item')[0]).toHaveTextContent('2 episodes unlocked')
    fireEvent.click(screen.getAllByTestId('library-hide')[0]!)
    await waitFor(() => expect(screen.getAllByTestId('library-item')).toHaveLength(1))
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT', path: '/library/hidden/:type/:id' }), { params: { type: 'comic', id: '1' } })
    // The list of the new order loads: the screen suspends, so the change is awaited in act.
    await act(async () => {
      fireEvent.change(screen.getByTestId('library-order'), { target: { value: 'title' } })
    })
    expect(JSON.parse(localStorage.getItem('koma.libraryOrder') ?? '{}')).toEqual({ unlocked: 'title' })
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(expect.objectContaining({ path: '/library/:tab' }), {
        params: { tab: 'unlocked' },
        query: { order: 'title', pageNo: '1' },
      }),
    )
  })

  it('lists a title bought elsewhere once mf-payments reports the purchase', async () => {
    let owned = [item(1)]
    jest
      .spyOn(api, 'request')
      .mockImplementation(async () => ({ tab: 'unlocked', items: owned, page: { hasNext: false, seqNo: owned.length, currentPageNo: 1 } }) as never)
    await renderScreen(Library, { path: '/library/:dep1Param', url: '/library/unlocked' })
    expect(await screen.findAllByTestId('library-item')).toHaveLength(1)
    owned = [item(4), item(1)]
    await act(async () => events.emit('access:changed', { contentId: 4, chapterIds: [40] }))
    await waitFor(() => expect(screen.getAllByTestId('library-item')).toHaveLength(2))
    expect(screen.getAllByTestId('library-item')[0]).toHaveTextContent('Title 4')
  })

  it('shows the last read chapter in recent', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({ tab: 'recent', items: [item(3)], page: { hasNext: false, seqNo: 1, currentPageNo: 1 } } as never)
    await renderScreen(Library, { path: '/library/:dep1Param', url: '/library/recent', locale: 'ja' })
    expect(await screen.findByText('前回：Episode 3')).toBeInTheDocument()
  })
})
