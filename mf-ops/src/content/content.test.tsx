import { api, installHostBridge, invalidateAll, LocaleContext, setCurrentLocale, type Locale } from '@koma/contracts'
import { opsEndpoints, type OpsGenre, type OpsTitle } from '@koma/contracts/ops'
import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense, type ReactNode } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { OpsIntl } from '../i18n/OpsIntl'
import TitlePage from './TitlePage'
import TitlesPage from './TitlesPage'
import { VERIFIED_OPERATOR } from '../console/testing'

const verified = VERIFIED_OPERATOR
const title: OpsTitle = {
  id: 7,
  type: 'comic',
  status: 'ongoing',
  mature: false,
  names: { ja: '月の庭', en: 'Moon Garden', fr: 'Jardin de lune' },
  descriptions: { ja: '', en: 'A quiet story.', fr: '' },
  chapters: 1,
  hiddenAt: null,
  badge: 'NEW',
  genres: ['fantasy'],
  chapterList: [
    {
      id: 70,
      sort: 1,
      names: { ja: '第1話', en: 'Chapter 1', fr: 'Chapitre 1' },
      publishedAt: '2026-01-01T00:00:00.000Z',
      free: true,
      price: 0,
      originalPrice: 0,
      rentalPrice: 0,
      originalRentalPrice: 0,
      rentAllowedWith: [],
      purchaseAllowedWith: [],
    },
  ],
}

const genres: OpsGenre[] = [
  { code: 'romance', names: { ja: '恋愛', en: 'Romance', fr: 'Romance' } },
  { code: 'fantasy', names: { ja: 'ファンタジー', en: 'Fantasy', fr: 'Fantasy' } },
  { code: 'horror', names: { ja: 'ホラー', en: 'Horror', fr: 'Horreur' } },
]

/** The host's confirm dialog, answered as the test says. */
const confirm = jest.fn(async (_kind: string, _props: { message: string }) => true)
beforeEach(() => {
  confirm.mockClear()
  installHostBridge({ openDialog: confirm as never, notify: jest.fn(), loadExposed: () => new Promise(() => undefined) })
})

async function renderAt(locale: Locale, url: string, page: ReactNode) {
  invalidateAll()
  setCurrentLocale(locale)
  await act(async () => {
    render(
      <CacheProvider value={createCache({ key: 'o' })}>
        <LocaleContext.Provider value={{ locale, prefix: locale === 'ja' ? null : locale }}>
          <MemoryRouter initialEntries={[url]}>
            <Suspense fallback={null}>
              <OpsIntl>
                <Routes>
                  <Route path="/ops/titles" element={page} />
                  <Route path="/:locale/ops/titles" element={page} />
                  <Route path="/ops/titles/:id" element={page} />
                  <Route path="/:locale/ops/titles/:id" element={page} />
                </Routes>
              </OpsIntl>
            </Suspense>
          </MemoryRouter>
        </LocaleContext.Provider>
      </CacheProvider>,
    )
  })
}

function mockApi(shown: OpsTitle = title) {
  return jest.spyOn(api, 'request').mockImplementation(async (endpoint, options) => {
    if (endpoint === opsEndpoints.opsMe) return verified as never
    if (endpoint === opsEndpoints.opsTitles) return { titles: [shown], page: { hasNext: false, currentPageNo: 1, seqNo: null } } as never
    if (endpoint === opsEndpoints.opsTitle) return shown as never
    if (endpoint === opsEndpoints.opsChapterSales) return { ...title.chapterList[0], ...(options as { body: object }).body } as never
    if (endpoint === opsEndpoints.opsGenres) return { genres } as never
    // An open chapter lists its pages for their descriptions (issue 37): none here.
    if (endpoint === opsEndpoints.opsChapterPages) return { chapterId: 70, contentId: 7, pages: [] } as never
    if (endpoint === opsEndpoints.opsTitleVisibility) {
      const { action } = (options as { params: { action: string } }).params
      return { ...shown, hiddenAt: action === 'hide' ? '2026-11-24T01:02:03.000Z' : null } as never
    }
    return title as never
  })
}

afterEach(() => jest.restoreAllMocks())

describe('the console’s content pages', () => {
  it('lists titles with their names in every language and links each to its editor', async () => {
    const request = mockApi()
    await renderAt('en', '/en/ops/titles?query=moon', <TitlesPage />)
    const row = await screen.findByTestId('ops-title-row')
    expect(row).toHaveTextContent('Moon Garden')
    expect(row).toHaveTextContent('Japanese: 月の庭 · English: Moon Garden · French: Jardin de lune')
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/en/ops/titles/7')
    expect(request).toHaveBeenCalledWith(opsEndpoints.opsTitles, { query: { query: 'moon', pageNo: '1' } })
  })

  it('refuses an empty name in the operator’s language and sends nothing; a valid edit is sent as typed', async () => {
    const request = mockApi()
    await renderAt('ja', '/ops/titles/7', <TitlePage />)
    const texts = await screen.findByTestId('ops-title-texts')
    fireEvent.change(within(texts).getByLabelText('作品名（英語）'), { target: { value: '   ' } })
    fireEvent.click(within(texts).getByRole('button', { name: '保存' }))
    expect(await within(texts).findByRole('alert')).toHaveTextContent('入力してください。')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsTitleTexts, expect.anything())

    fireEvent.change(within(texts).getByLabelText('作品名（英語）'), { target: { value: 'The Moon Garden' } })
    fireEvent.click(within(texts).getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsTitleTexts, {
        params: { id: '7' },
        body: expect.objectContaining({ nameEn: 'The Moon Garden', nameJa: '月の庭', descriptionEn: 'A quiet story.' }),
      }),
    )
  })

  it('checks a chapter’s sales config with the API’s rule: a paid chapter needs a way to pay and a price', async () => {
    const request = mockApi()
    await renderAt('en', '/en/ops/titles/7', <TitlePage />)
    const chapter = await screen.findByTestId('ops-chapter')
    expect(within(chapter).getByTestId('ops-chapter-state')).toHaveTextContent('Published')
    fireEvent.click(within(chapter).getByText('1. Chapter 1'))
    fireEvent.click(await within(chapter).findByLabelText('Free to read'))
    fireEvent.click(within(chapter).getByRole('button', { name: 'Save chapter' }))
    expect(await within(chapter).findByRole('alert')).toHaveTextContent('This is required.')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsChapterSales, expect.anything())

    fireEvent.click(within(within(chapter).getByRole('group', { name: 'Can be bought with' })).getByLabelText('Coins'))
    fireEvent.click(within(chapter).getByRole('button', { name: 'Save chapter' }))
    expect(await within(chapter).findByRole('alert')).toHaveTextContent('This is required.')
    expect(within(chapter).getByLabelText('Price (coins)')).toHaveAttribute('aria-invalid', 'true')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsChapterSales, expect.anything())

    fireEvent.change(within(chapter).getByLabelText('Price (coins)'), { target: { value: '30' } })
    fireEvent.change(within(chapter).getByLabelText('Published at'), { target: { value: '2030-05-01T09:00' } })
    fireEvent.click(within(chapter).getByRole('button', { name: 'Save chapter' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsChapterSales, {
        params: { id: '70' },
        body: expect.objectContaining({
          free: 'false',
          price: '30',
          purchaseAllowedWith: ['coin'],
          publishedAt: new Date('2030-05-01T09:00').toISOString(),
        }),
      }),
    )
  })

  it('shows a price of -1 (not sold that way) as empty, so an unchanged chapter saves as it is', async () => {
    const unsold = { ...title.chapterList[0]!, price: -1, originalPrice: -1, rentalPrice: -1, originalRentalPrice: -1 }
    const request = mockApi({ ...title, chapterList: [unsold] })
    await renderAt('en', '/en/ops/titles/7', <TitlePage />)
    const chapter = await screen.findByTestId('ops-chapter')
    fireEvent.click(within(chapter).getByText('1. Chapter 1'))
    expect(await within(chapter).findByLabelText('Price (coins)')).toHaveValue('')
    fireEvent.click(within(chapter).getByRole('button', { name: 'Save chapter' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsChapterSales, {
        params: { id: '70' },
        body: expect.objectContaining({ free: 'true', price: '', rentalPrice: '', publishedAt: '2026-01-01T00:00:00.000Z' }),
      }),
    )
    expect(within(chapter).queryByRole('alert')).toBeNull()
  })

  it('keeps a publication time’s seconds: a chapter saved untouched stays at its second', async () => {
    const request = mockApi({ ...title, chapterList: [{ ...title.chapterList[0]!, publishedAt: '2026-01-01T00:00:30.000Z' }] })
    await renderAt('en', '/en/ops/titles/7', <TitlePage />)
    const chapter = await screen.findByTestId('ops-chapter')
    fireEvent.click(within(chapter).getByText('1. Chapter 1'))
    const when = await within(chapter).findByLabelText('Published at')
    expect(when).toHaveAttribute('step', '1')
    expect((when as HTMLInputElement).value).toMatch(/T\d\d:00:30(\.000)?$/)
    fireEvent.click(within(chapter).getByRole('button', { name: 'Save chapter' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsChapterSales, {
        params: { id: '70' },
        body: expect.objectContaining({ publishedAt: '2026-01-01T00:00:30.000Z' }),
      }),
    )
  })

  it('lists hidden titles as such, and asks the API for hidden ones only when told', async () => {
    const request = mockApi({ ...title, hiddenAt: '2026-11-20T00:00:00.000Z' })
    await renderAt('fr', '/fr/ops/titles', <TitlesPage />)
    expect(await screen.findByTestId('ops-title-hidden')).toHaveTextContent('Masqué aux lecteurs')
    // The list suspends inside the navigation: the click is an awaited act (React 19 settles it only there).
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Titres masqués seulement'))
    })
    await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsTitles, { query: { hidden: 'true', pageNo: '1' } }))
  })

  it('hides a title only once the operator confirms, then shows it hidden with the way back', async () => {
    const request = mockApi()
    await renderAt('en', '/en/ops/titles/7', <TitlePage />)
    const panel = await screen.findByTestId('ops-title-visibility')
    expect(within(panel).getByTestId('ops-title-visibility-state')).toHaveTextContent('Readers see this title.')
    confirm.mockResolvedValueOnce(false)
    fireEvent.click(within(panel).getByRole('button', { name: 'Hide from readers' }))
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('confirm', { message: expect.stringContaining('Hide “Moon Garden” from readers?') }))
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsTitleVisibility, expect.anything())

    fireEvent.click(within(panel).getByRole('button', { name: 'Hide from readers' }))
    await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsTitleVisibility, { params: { id: '7', action: 'hide' } }))
    expect(await within(panel).findByRole('status')).toHaveTextContent('Hidden from readers.')
  })

  it('shows a hidden title’s state in Japanese and shows it again without asking', async () => {
    const request = mockApi({ ...title, hiddenAt: '2026-11-20T00:00:00.000Z' })
    await renderAt('ja', '/ops/titles/7', <TitlePage />)
    const panel = await screen.findByTestId('ops-title-visibility')
    expect(within(panel).getByTestId('ops-title-visibility-state')).toHaveTextContent(/から読者に非表示です。$/)
    fireEvent.click(within(panel).getByRole('button', { name: '読者に再表示する' }))
    await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsTitleVisibility, { params: { id: '7', action: 'unhide' } }))
    expect(confirm).not.toHaveBeenCalled()
  })

  it('edits genres from the catalogue’s list and the badge; no genre at all is refused before sending', async () => {
    const request = mockApi()
    await renderAt('en', '/en/ops/titles/7', <TitlePage />)
    const panel = await screen.findByTestId('ops-title-labels')
    const genreBoxes = within(within(panel).getByRole('group', { name: 'Genres' })).getAllByRole('checkbox')
    expect(genreBoxes.map((box) => (box as HTMLInputElement).checked)).toEqual([false, true, false])
    expect(within(panel).getByLabelText('Badge')).toHaveValue('NEW')

    fireEvent.click(within(panel).getByLabelText('Fantasy'))
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This is required.')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsTitleLabels, expect.anything())

    fireEvent.click(within(panel).getByLabelText('Horror'))
    fireEvent.click(within(panel).getByLabelText('Romance'))
    fireEvent.change(within(panel).getByLabelText('Badge'), { target: { value: 'HIGHLIGHT' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsTitleLabels, { params: { id: '7' }, body: { genres: ['horror', 'romance'], badge: 'HIGHLIGHT' } }),
    )
    expect(await within(panel).findByRole('status')).toHaveTextContent('Saved.')
  })

  it('keeps the Titles tab lit on a title’s page, and only that tab', async () => {
    mockApi()
    await renderAt('ja', '/ops/titles/7', <TitlePage />)
    await screen.findByTestId('ops-title')
    const nav = screen.getByRole('navigation', { name: 'コンソールのメニュー' })
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['作品', '/ops/titles']])
  })
})

describe('the console’s page descriptions (issue 37)', () => {
  const pages = {
    chapterId: 70,
    contentId: 7,
    pages: [
      {
        sort: 1,
        imageId: 501,
        image: { url: '/api/page/501', width: 720, height: 1024 },
        descriptions: { ja: '海辺の遠景。', en: 'A wide view by the sea.', fr: 'Une vue de la mer.' },
      },
      { sort: 2, imageId: 502, image: { url: '/api/page/502', width: 720, height: 1024 }, descriptions: { ja: '', en: '', fr: '' } },
    ],
  }

  function mockPages() {
    return jest.spyOn(api, 'request').mockImplementation(async (endpoint, options) => {
      if (endpoint === opsEndpoints.opsMe) return verified as never
      if (endpoint === opsEndpoints.opsTitle) return title as never
      if (endpoint === opsEndpoints.opsGenres) return { genres } as never
      if (endpoint === opsEndpoints.opsChapterPages) return pages as never
      if (endpoint === opsEndpoints.opsPageDescription) {
        const body = (options as { body: Record<string, string> }).body
        return { ...pages.pages[1], descriptions: { ja: body.descriptionJa, en: body.descriptionEn, fr: body.descriptionFr } } as never
      }
      return title as never
    })
  }

  it('shows each page with its descriptions in ja, en and fr, and sends one page’s as typed', async () => {
    const request = mockPages()
    await renderAt('en', '/en/ops/titles/7', <TitlePage />)
    const chapter = await screen.findByTestId('ops-chapter')
    fireEvent.click(within(chapter).getByText('1. Chapter 1'))
    const section = await within(chapter).findByTestId('ops-page-descriptions')
    expect(await within(section).findByTestId('ops-pages-described')).toHaveTextContent('1 of 2 pages described in every language')
    expect(within(section).getByRole('img', { name: 'Page 1' })).toHaveAttribute('src', expect.stringMatching(/^\/api\/page\/501\?w=\d+/))
    expect(within(section).getByLabelText('Description (English)')).toHaveValue('A wide view by the sea.')

    fireEvent.change(within(section).getByLabelText('Page'), { target: { value: '2' } })
    expect(within(section).getByLabelText('Description (English)')).toHaveValue('')
    fireEvent.change(within(section).getByLabelText('Description (English)'), { target: { value: 'She waves: “See you!”' } })
    fireEvent.change(within(section).getByLabelText('Description (French)'), { target: { value: 'Elle fait signe : « À plus ! »' } })
    fireEvent.click(within(section).getByRole('button', { name: 'Save page description' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsPageDescription, {
        params: { id: '70', sort: '2' },
        body: { descriptionJa: '', descriptionEn: 'She waves: “See you!”', descriptionFr: 'Elle fait signe : « À plus ! »' },
      }),
    )
    expect(await within(section).findByText('Saved.')).toBeInTheDocument()
  })

  it('refuses a description past its length with the API’s rule, in the operator’s language, and sends nothing', async () => {
    const request = mockPages()
    await renderAt('fr', '/fr/ops/titles/7', <TitlePage />)
    const chapter = await screen.findByTestId('ops-chapter')
    fireEvent.click(within(chapter).getByText('1. Chapitre 1'))
    const section = await within(chapter).findByTestId('ops-page-descriptions')
    fireEvent.change(await within(section).findByLabelText('Description (anglais)'), { target: { value: 'x'.repeat(2001) } })
    fireEvent.click(within(section).getByRole('button', { name: 'Enregistrer la description' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(/2000/)
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsPageDescription, expect.anything())
  })
})
