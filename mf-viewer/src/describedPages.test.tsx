import { api, type Chapter } from '@koma/contracts'
import { screen } from '@testing-library/react'
import { renderScreen } from '../../infra/jest/renderScreen'
import { routes } from './routes'
import { WEBTOON } from './test/chapters'

/**
 * Described comic pages (issue 37): a page's description is the image's accessible name; a page
 * without one is named "Page 3 of Episode 2" in the reader's language, never "Episode 2 3".
 */
const Screen = routes['viewer.comic']
const MagazineScreen = routes['viewer.magazine']
const path = '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType'
const magazinePath = '/magazine_comic/:contentId/chapter/:chapterId/:chapterFileSalesType'

beforeEach(() => {
  Object.assign(window, { innerWidth: 390, innerHeight: 844 })
  localStorage.clear()
})
afterEach(() => {
  jest.restoreAllMocks()
})

const webtoon: Chapter = {
  ...WEBTOON,
  images: [{ ...WEBTOON.images[0]!, description: 'Close-up of the girl with a ponytail, smiling. She says: “Morning!”' }, WEBTOON.images[1]!],
}

const manga: Chapter = {
  ...webtoon,
  id: 40,
  contentId: 9,
  contentType: 'magazine_comic',
  name: 'Issue 12',
  orientation: 'paged',
  readingDirection: 'rtl',
  images: [
    { url: '/api/image/1', width: 800, height: 1200, description: 'A page of 3 panels. Panel 1: a wide view of the sea.' },
    { url: '/api/image/2', width: 800, height: 1200 },
  ],
}

describe('described pages', () => {
  it('the vertical viewer names a described page by its description, its later bands by nothing, an undescribed one by its number', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(webtoon as never)
    await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
    await screen.findAllByTestId('strip-band')
    expect(screen.getByRole('img', { name: 'Close-up of the girl with a ponytail, smiling. She says: “Morning!”' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Page 2 of Episode 2' })).toBeInTheDocument()
    // The second band of the tall first page is part of the same picture: presentational.
    const images = screen.getAllByTestId('page-image')
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([webtoon.images[0]?.description, '', 'Page 2 of Episode 2'])
    expect(screen.queryByRole('img', { name: 'Episode 2 1' })).toBeNull()
  })

  it('the paged viewer names its pages the same way, in the reader’s language', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(manga as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product' })
    expect(await screen.findByRole('img', { name: 'A page of 3 panels. Panel 1: a wide view of the sea.' })).toBeInTheDocument()
  })

  it('falls back to the page number in French and Japanese', async () => {
    const undescribed = { ...manga, images: manga.images.map(({ description: _, ...image }) => image) }
    jest.spyOn(api, 'request').mockResolvedValue(undescribed as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product', locale: 'fr' })
    expect(await screen.findByRole('img', { name: 'Page 1 de Issue 12' })).toBeInTheDocument()
  })

  it('in Japanese', async () => {
    const undescribed = { ...manga, images: manga.images.map(({ description: _, ...image }) => image) }
    jest.spyOn(api, 'request').mockResolvedValue(undescribed as never)
    await renderScreen(MagazineScreen, { path: magazinePath, url: '/magazine_comic/9/chapter/40/product', locale: 'ja' })
    expect(await screen.findByRole('img', { name: 'Issue 12 1ページ' })).toBeInTheDocument()
  })
})
