import { api } from '@koma/contracts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

const Search = routes['catalog.search']
const SearchEmpty = routes['catalog.searchEmpty']
const result = (query: string) => ({
  query,
  total: 1,
  page: { hasNext: false, seqNo: 1, currentPageNo: 1 },
  contents: [
    {
      type: 'comic',
      id: 1,
      name: '月下の剣姫',
      badge: null,
      status: 'ongoing',
      mature: false,
      original: false,
      exclusive: false,
      themeColor: '#333',
      totalViews: 10,
      genres: [],
      authors: [],
      thumbnails: [],
      orientation: 'vertical',
      chapterFileFormat: 'image',
    },
  ],
})

beforeEach(() => localStorage.clear())
// React builds FormData(form, submitter) for a submit that starts a transition; the test page's
// FormData is Node's (see infra/jest/jsdom-env.js), which takes no form.
const NodeFormData = globalThis.FormData
beforeAll(() => {
  globalThis.FormData = class extends NodeFormData {
    constructor() {
      super()
    }
  } as typeof FormData
})
afterAll(() => {
  globalThis.FormData = NodeFormData
})
afterEach(() => jest.restoreAllMocks())

describe('search', () => {
  it('searches the keyword of the path (cut to 50 characters) and keeps it in the history', async () => {
    const request = jest.spyOn(api, 'request').mockImplementation(async (_e, options) => result(String((options?.body as { query: string }).query)) as never)
    const long = 'つ'.repeat(60)
    await renderScreen(Search, { path: '/search/:keyword', url: `/search/${encodeURIComponent(long)}`, locale: 'ja' })
    expect(await screen.findByText('月下の剣姫')).toBeInTheDocument()
    expect((request.mock.calls[0]?.[1]?.body as { query: string }).query).toHaveLength(50)
    expect(screen.getByText(`「${'つ'.repeat(50)}」の検索結果 1件`)).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('koma.searchKeywords') ?? '[]')).toEqual(['つ'.repeat(50)])
  })

  it('submits from the box, not on the Enter that confirms a Japanese IME conversion, and asks for a word when empty', async () => {
    const { router } = await renderScreen(SearchEmpty, { path: '/search', url: '/search', locale: 'ja' })
    const input = await screen.findByTestId('search-input')
    fireEvent.click(screen.getByTestId('search-submit'))
    expect(await screen.findByRole('alert')).toHaveTextContent('作品名・作者名・キーワードを入力してください。')
    fireEvent.change(input, { target: { value: 'けんき' } })
    const composing = fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 })
    expect(composing).toBe(false)
    fireEvent.click(screen.getByTestId('search-submit'))
    await waitFor(() => expect(decodeURIComponent(router.state.location.pathname)).toBe('/search/けんき'))
  })

  it('lists, removes and clears the search history', async () => {
    localStorage.setItem('koma.searchKeywords', JSON.stringify(['moon', 'ninja']))
    await renderScreen(SearchEmpty, { path: '/search', url: '/search' })
    expect(screen.getAllByTestId('search-history-item').map((el) => el.textContent?.replace('×', ''))).toEqual(['moon', 'ninja'])
    fireEvent.click(screen.getByRole('button', { name: 'Remove “moon”' }))
    expect(screen.getAllByTestId('search-history-item')).toHaveLength(1)
    fireEvent.click(screen.getByTestId('search-history-clear'))
    expect(screen.queryAllByTestId('search-history-item')).toHaveLength(0)
    expect(localStorage.getItem('koma.searchKeywords')).toBe('[]')
  })
})
