import { api, ApiError, type Chapter } from '@koma/contracts'
import { screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../infra/jest/renderScreen'
import { routes } from './routes'

const Screen = routes['viewer.comic']
const path = '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType'
afterEach(() => jest.restoreAllMocks())

const chapter: Chapter = {
  id: 12,
  contentId: 5,
  contentType: 'comic',
  contentName: 'Moonlit Blade Princess',
  name: 'Episode 2',
  salesType: 'product',
  publishedAt: '2026-11-01T00:00:00.000Z',
  orientation: 'vertical',
  readingDirection: 'ttb',
  chapterFileFormat: 'image',
  images: [
    { url: '/api/image/1', width: 1440, height: 3200 },
    { url: '/api/image/2', width: 1440, height: 3200 },
  ],
  authorComment: 'Thank you for reading!',
  previousChapter: { id: 11, name: 'Episode 1' },
  nextChapter: null,
  totalComments: 0,
  commentEnabled: false,
}

describe('viewer', () => {
  it('shows every page with its box reserved from width and height', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(chapter as never)
    await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
    const pages = await screen.findAllByTestId('page-image')
    expect(pages).toHaveLength(2)
    expect(pages[0]).toHaveAttribute('width', '1440')
    expect(pages[0]).toHaveAttribute('height', '3200')
    expect(pages[0].getAttribute('srcset')).toContain('/api/image/1?w=1536 2x')
    expect(screen.getByText('Thank you for reading!')).toBeInTheDocument()
    expect(screen.getByText('This is the latest episode.')).toBeInTheDocument()
  })

  it('offers sign-in on 401 and goes back to the episode list when declined', async () => {
    jest.spyOn(api, 'request').mockRejectedValue(new ApiError({ status: 401, message: '', url: '/x' }))
    const openDialog = jest.fn().mockResolvedValue(false)
    const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comic/5/chapter/12/product' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5'))
  })

  it('opens the adult check on 428', async () => {
    jest.spyOn(api, 'request').mockRejectedValue(new ApiError({ status: 428, message: '', url: '/x' }))
    const openDialog = jest.fn().mockResolvedValue(false)
    await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product', openDialog })
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('adultCheck', { target: '/comic/5/chapter/12/product' }))
  })

  it('goes back to the episode list on any other refusal (403 locked)', async () => {
    jest.spyOn(api, 'request').mockRejectedValue(new ApiError({ status: 403, message: 'Unlock this episode to read it.', url: '/x' }))
    const { router } = await renderScreen(Screen, { path, url: '/comic/5/chapter/12/product' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5'))
  })
})
