import { api, auth } from '@koma/contracts'
import { contrastRatio } from '@koma/contracts/domain'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

const entry = {
  content: {
    type: 'comic',
    id: 30,
    name: '竜騎士アカデミー',
    badge: null,
    status: 'coming_soon',
    mature: false,
    original: true,
    exclusive: true,
    themeColor: '#3949ab',
    totalViews: 500,
    genres: [{ name: 'ファンタジー' }],
    authors: [],
    thumbnails: [],
    orientation: 'vertical',
    chapterFileFormat: 'image',
    description: '竜と契約した者だけが入学できる。',
    keyVisual: null,
    publishedAt: '2026-11-27T00:00:00.000Z',
  },
  hasTrial: true,
  trialChapterId: 301,
  publicationRemained: 4 * 86400 + 5 * 3600,
  notification: false,
  commentEnabled: true,
  totalComments: 0,
}
const Soon = routes['catalog.comingSoon']
afterEach(() => {
  jest.restoreAllMocks()
  auth.clearLocal()
})

describe('coming soon', () => {
  it('shows the countdown and the trial link in Japanese; a signed-out reader is asked to sign in to be notified', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(entry as never)
    const openDialog = jest.fn().mockResolvedValue(false)
    await renderScreen(Soon, { path: '/:contentType/coming_soon/:contentId', url: '/comic/coming_soon/30', locale: 'ja', openDialog })
    expect(await screen.findByTestId('release-countdown')).toHaveTextContent('あと4日5時間')
    expect(screen.getByTestId('trial-link')).toHaveAttribute('href', '/comic/30/chapter/301/trial')
    fireEvent.click(screen.getByTestId('release-notification'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comic/coming_soon/30' }))
  })

  it('turns the release notification on for a member', async () => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => (endpoint.method === 'PUT' ? { notification: true } : entry) as never)
    await renderScreen(Soon, { path: '/:contentType/coming_soon/:contentId', url: '/comic/coming_soon/30' })
    fireEvent.click(await screen.findByTestId('release-notification'))
    await waitFor(() => expect(screen.getByTestId('release-notification')).toHaveAttribute('aria-pressed', 'true'))
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT', path: '/:type/coming_soon/:id/notification' }), {
      params: { type: 'comic', id: '30' },
    })
  })

  it('draws its text in an ink that reads on a light theme colour (issue 35: white on #31bb75 was 2.47:1)', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({ ...entry, content: { ...entry.content, themeColor: '#31bb75' } } as never)
    await renderScreen(Soon, { path: '/:contentType/coming_soon/:contentId', url: '/comic/coming_soon/30' })
    const page = await screen.findByTestId('coming-soon')
    expect(page).toHaveStyle({ backgroundColor: 'rgb(49, 187, 117)' })
    const heading = screen.getByRole('heading', { level: 1 })
    const hex = (rgb: string) =>
      `#${rgb
        .match(/\d+/g)!
        .map((c) => Number(c).toString(16).padStart(2, '0'))
        .join('')}`
    expect(contrastRatio(hex(getComputedStyle(heading).color), '#31bb75')).toBeGreaterThanOrEqual(4.5)
    const button = screen.getByTestId('release-notification')
    expect(contrastRatio(hex(getComputedStyle(button).color), hex(getComputedStyle(button).backgroundColor))).toBeGreaterThanOrEqual(4.5)
  })
})
