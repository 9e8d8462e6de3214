import { api, ApiError, endpoints, type HomeLayout, type HomeSection } from '@koma/contracts'
import { fireEvent, screen } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

const element = (id: number) => ({
  id,
  title: `E${id}`,
  additionalText: '',
  badge: null,
  status: 'ongoing',
  original: false,
  gaugeUsable: false,
  ticketUsable: false,
  coinUsable: true,
  totalViews: 0,
  themeColor: '#333',
  imageUrl: `/api/image/${id}`,
  width: 192,
  height: 272,
  largeScreenImageUrl: null,
  largeScreenWidth: null,
  largeScreenHeight: null,
  label: null,
  urlScheme: '',
  urlHttp: `/comic/${id}`,
})
const section = (id: number, elementUiType: string, shuffleGroup = ''): HomeSection =>
  ({
    id,
    sectionUiType: 'default',
    elementUiType,
    shuffleGroup,
    title: `Section ${id}`,
    additionalText: '',
    urlScheme: '',
    urlHttp: '',
    elements: [element(id * 10)],
  }) as HomeSection
const home = (): HomeLayout =>
  ({
    topBanner: null,
    menu: { holder: 'all_comic', items: [] },
    sections: [section(1, 'content_rank'), section(2, 'banner_list_group', 'B'), section(3, 'banner_list_group', 'B'), section(4, 'unknown')],
    popups: [
      {
        id: 7,
        area: 'home',
        page: 'main',
        uiType: 'content',
        category: 'event',
        title: 'Halloween week',
        description: 'Spooky',
        themeColor: '#e53935',
        htmlUrl: null,
        imgUrl: null,
        width: null,
        height: null,
        repeatInterval: 86400,
        appLinkUrl: null,
        webLinkUrl: '/menu/all_comic/event',
        repeatable: true,
      },
    ],
  }) as HomeLayout

const Home = routes['catalog.home']
beforeEach(() => localStorage.clear())
afterEach(() => jest.restoreAllMocks())

describe('home', () => {
  it('shows one section per shuffle group and keeps the others, unknown types included', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(home() as never)
    jest.spyOn(Math, 'random').mockReturnValue(0.9)
    await renderScreen(Home, { path: '/', url: '/' })
    // The first screen's sections come with the page, the rest one at a time after it (issue 13).
    await screen.findByRole('heading', { level: 2, name: 'Section 4' })
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(titles).toEqual(expect.arrayContaining(['Section 1', 'Section 3', 'Section 4']))
    expect(titles).not.toContain('Section 2')
  })

  it('shows a due popup once, and "don’t show again" is remembered in local storage', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(home() as never)
    const first = await renderScreen(Home, { path: '/', url: '/' })
    const popup = await screen.findByTestId('popup-content')
    expect(popup).toHaveTextContent('Halloween week')
    expect(popup.querySelector('[data-category="event"]')).not.toBeNull()
    expect(document.body.style.overflow).toBe('hidden')
    fireEvent.click(screen.getByTestId('popup-skip'))
    expect(screen.queryByTestId('popup-content')).toBeNull()
    expect(JSON.parse(localStorage.getItem('koma.popup.skip') ?? '{}')).toEqual({ 7: { repeatable: true, repeatInterval: 86400 } })
    expect(localStorage.getItem('koma.popup.lastIndex')).toBe('0')
    first.unmount()
    await renderScreen(Home, { path: '/', url: '/' })
    await screen.findAllByTestId('home-section')
    expect(screen.queryByTestId('popup-content')).toBeNull()
  })

  it('an operator’s preview shows the home as of its time, with the section and popup it names, and remembers nothing', async () => {
    const request = jest.spyOn(api, 'request').mockResolvedValue(home() as never)
    jest.spyOn(Math, 'random').mockReturnValue(0)
    localStorage.setItem('koma.popup.skip', JSON.stringify({ 7: { repeatable: true, repeatInterval: 86400 } }))
    await renderScreen(Home, { path: '/', url: '/?preview=2099-12-01T00%3A00%3A00.000Z&section=3&popup=7&lang=en' })
    expect(await screen.findByTestId('home-preview')).toHaveTextContent('Preview: the home as readers will see it on 2099/12/01')
    expect(request).toHaveBeenCalledWith(
      endpoints.homePreview,
      expect.objectContaining({ params: { lang: 'en' }, query: { at: '2099-12-01T00:00:00.000Z', mature: 'false' } }),
    )
    // Section 3 stands for its group though the draw would pick section 2; the popup shows though the reader skipped it.
    const titles = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)
    expect(titles).toContain('Section 3')
    expect(titles).not.toContain('Section 2')
    expect(await screen.findByTestId('popup-content')).toHaveTextContent('Halloween week')
    fireEvent.click(screen.getByTestId('popup-close'))
    expect(localStorage.getItem('koma.popup.lastIndex')).toBeNull()
  })

  it('a preview in Japanese on an English page shows the content in Japanese', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(home() as never)
    await renderScreen(Home, { path: '/', url: '/?preview=now&lang=ja' })
    expect(await screen.findByTestId('home-preview')).toHaveTextContent('プレビュー：現在読者に表示されているホームです。')
    expect(api.request).toHaveBeenCalledWith(endpoints.homePreview, expect.objectContaining({ params: { lang: 'ja' } }))
  })

  it('anyone but an operator gets the home, with no preview', async () => {
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
      if (endpoint === endpoints.homePreview)
        throw new ApiError({ failure: 'operatorOnly', status: 403, message: 'Operators only.', url: '/api/en/home/preview' })
      return home() as never
    })
    await renderScreen(Home, { path: '/', url: '/?preview=now' })
    await screen.findAllByTestId('home-section')
    expect(screen.queryByTestId('home-preview')).toBeNull()
    expect(request).toHaveBeenCalledWith(endpoints.home, expect.anything())
  })
})
