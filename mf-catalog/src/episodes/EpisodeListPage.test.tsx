import { api, auth, events, type Content } from '@koma/contracts'
import { NO_ACTIVITY } from '@koma/contracts/domain'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { runInAction } from 'mobx'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

const chapter = (id: number, free: boolean, over: object = {}) => ({
  id,
  volumeId: null,
  name: `Episode ${id}`,
  publishedAt: '2026-11-01T00:00:00.000Z',
  sort: id,
  thumbnail: null,
  hasTrial: false,
  aborted: false,
  totalComments: 0,
  salesConfig: {
    free,
    rentableRemained: null,
    rentAllowedWith: ['coin'],
    purchaseAllowedWith: ['coin'],
    event: null,
    originalPrice: free ? -1 : 4,
    price: free ? -1 : 4,
    coinBackPrice: 0,
    originalRentalPrice: -1,
    rentalPrice: -1,
  },
  activity: NO_ACTIVITY,
  ...over,
})

const content = {
  type: 'comic',
  id: 5,
  name: 'Moonlit Blade Princess',
  badge: 'HOT',
  status: 'ongoing',
  mature: false,
  original: true,
  exclusive: false,
  themeColor: '#6a1b9a',
  totalViews: 10_800_000,
  genres: [{ name: 'Fantasy' }],
  authors: [
    { name: 'Thomas Lefèvre', role: 'artist' },
    { name: 'Lin Xiaoyue', role: 'writer' },
  ],
  thumbnails: [],
  orientation: 'vertical',
  chapterFileFormat: 'image',
  chapterUnit: 'chapter',
  description: 'A princess returns.',
  searchKeyword: '',
  icon: null,
  keyVisual: null,
  adsEnabled: false,
  commentEnabled: true,
  lastChapterPublishedAt: null,
  rentExpireAt: null,
  rentalConfig: { gaugeUsable: false, recoverInterval: 82800, rentalPeriod: 259200 },
  restrictedAge: 0,
  publishDay: [1],
  publisherName: 'Koma',
  readingDirection: 'ttb',
  chapterThumbnailAspect: 1,
  sns: { link: '/comic/5', tags: [], text: '' },
  activity: { lastReadChapterId: null },
  inventory: null,
  chapters: [chapter(11, true), chapter(12, false), chapter(13, false, { aborted: true })],
  subscribed: false,
} as unknown as Content

const Screen = routes['catalog.episodes']

beforeEach(() => {
  jest.spyOn(api, 'request').mockResolvedValue(content as never)
})
afterEach(() => {
  jest.restoreAllMocks()
})

describe('episode list', () => {
  it('shows the title, authors in SPEC role order, abbreviated views and honest labels', async () => {
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5' })
    expect(await screen.findByRole('heading', { name: 'Moonlit Blade Princess' })).toBeInTheDocument()
    expect(screen.getByText('Writer Lin Xiaoyue · Artist Thomas Lefèvre')).toBeInTheDocument()
    expect(screen.getByText(/10\.8M views/)).toBeInTheDocument()
    const rows = screen.getAllByTestId('chapter-row')
    expect(rows[0]).toHaveTextContent('Free')
    expect(rows[1]).toHaveTextContent('4 coins')
    expect(rows[2]).toHaveTextContent('No longer sold')
  })

  it('speaks Japanese with 万 and coin labels', async () => {
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', locale: 'ja' })
    expect(await screen.findByText(/1,080万 閲覧/)).toBeInTheDocument()
    expect(screen.getAllByTestId('chapter-row')[1]).toHaveTextContent('4コイン')
  })

  it('opens a free chapter in the viewer, keeping the locale prefix', async () => {
    const { router } = await renderScreen(Screen, { path: '/fr/:contentType/:contentId', url: '/fr/comic/5', locale: 'fr', prefix: 'fr' })
    fireEvent.click(await screen.findByText('Episode 11'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/comic/5/chapter/11/product'))
  })

  it('every episode row is a real link to its viewer page (new tab, copy link, crawlers), and so is a preview', async () => {
    const openDialog = jest.fn().mockResolvedValue(false)
    const { router } = await renderScreen(Screen, { path: '/fr/:contentType/:contentId', url: '/fr/comic/5', locale: 'fr', prefix: 'fr', openDialog })
    const rows = await screen.findAllByTestId('chapter-row')
    expect(rows.map((row) => [row.tagName, row.getAttribute('href')])).toEqual([
      ['A', '/fr/comic/5/chapter/11/product'],
      ['A', '/fr/comic/5/chapter/12/product'],
      ['A', '/fr/comic/5/chapter/13/product'],
    ])
    // A click for a new tab is the browser's: the list neither navigates nor asks anything. (The
    // window stands in for the browser's new tab after the page had its say: jsdom cannot open one.)
    const newTab = (event: MouseEvent) => event.preventDefault()
    window.addEventListener('click', newTab)
    fireEvent.click(rows[1]!, { ctrlKey: true })
    window.removeEventListener('click', newTab)
    expect(router.state.location.pathname).toBe('/fr/comic/5')
    expect(openDialog).not.toHaveBeenCalled()
    // A plain click on a paid episode still goes through the list's decision (sign in first).
    fireEvent.click(rows[1]!)
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', expect.objectContaining({ guestAllowed: true })))
  })

  it('tells a signed-out reader a withdrawn chapter is no longer sold, without asking to sign in (SPEC §4, issue 35)', async () => {
    const openDialog = jest.fn().mockResolvedValue(undefined)
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', openDialog })
    fireEvent.click(await screen.findByText('Episode 13'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('chapterAborted', { chapterName: 'Episode 13' }))
    expect(openDialog).not.toHaveBeenCalledWith('loginConfirm', expect.anything())
  })

  it('asks a signed-out reader to sign in before a paid chapter', async () => {
    const openDialog = jest.fn().mockResolvedValue(false)
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', openDialog })
    fireEvent.click(await screen.findByText('Episode 12'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comic/5', guestAllowed: true }))
  })

  it('shows a signed-in reader the SPEC §4 buttons, hands the choice to the purchase dialog, then the viewer once unlocked', async () => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    const openDialog = jest.fn().mockResolvedValue({ unlocked: true })
    const { router } = await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', openDialog })
    fireEvent.click(await screen.findByText('Episode 12'))
    const sheet = await screen.findByTestId('access-sheet')
    expect([...sheet.querySelectorAll('[data-option]')].map((el) => el.getAttribute('data-option'))).toEqual(['buyWithCoin'])
    fireEvent.click(screen.getByRole('button', { name: 'Buy for 4 coins' }))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('purchase', { contentType: 'comic', contentId: 5, chapterId: 12, option: 'buyWithCoin' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5/chapter/12/product'))
    auth.clearLocal()
  })
})

const gaugeChapter = chapter(14, false, {
  hasTrial: true,
  salesConfig: {
    free: false,
    rentableRemained: null,
    rentAllowedWith: ['gauge', 'ticket', 'coin'],
    purchaseAllowedWith: ['coin'],
    event: null,
    originalPrice: 4,
    price: 4,
    coinBackPrice: 0,
    originalRentalPrice: 2,
    rentalPrice: 2,
  },
})
const withGauge = (readForFree: { amount: number; recoverRemained: number }) => ({
  ...content,
  rentalConfig: { gaugeUsable: true, recoverInterval: 82800, rentalPeriod: 259200 },
  inventory: { coin: { freeAmount: 0, purchasedAmount: 0, total: 0 }, readForFree, ticket: { amount: 0 }, rentWithSubscribe: false },
  chapters: [chapter(11, true), gaugeChapter],
})

describe('episode list: gauge, buttons, mature and coming soon', () => {
  // The reader change re-renders the page (every answer is forgotten): inside act.
  afterEach(async () => {
    await act(async () => auth.clearLocal())
  })

  it('draws the gauge by the SPEC formula and offers wait-for-free with its countdown when it is not full', async () => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    jest.spyOn(api, 'request').mockResolvedValue(withGauge({ amount: 0, recoverRemained: 20700 }) as never)
    const { openDialog } = await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5' })
    expect((await screen.findByTestId('gauge')).getAttribute('data-percent')).toBe('75')
    expect(screen.getAllByTestId('chapter-row')[1]).toHaveTextContent('Free soon')
    fireEvent.click(screen.getByText('Episode 14'))
    const sheet = await screen.findByTestId('access-sheet')
    expect([...sheet.querySelectorAll('[data-option]')].map((el) => el.getAttribute('data-option'))).toEqual([
      'waitForFree',
      'waitForFreeRemaining',
      'rentWithCoin',
      'buyWithCoin',
    ])
    expect(sheet).toHaveTextContent('Free in 05:45:00')
    expect(screen.getByRole('button', { name: /Wait for free/ })).toBeDisabled()
    // SPEC §2 gauge guide, from the access sheet and from the gauge itself (23 h refill).
    fireEvent.click(within(sheet).getByTestId('gauge-guide'))
    expect(openDialog).toHaveBeenLastCalledWith('gaugeGuide', { hours: 23 })
    fireEvent.click(within(screen.getByTestId('gauge')).getByRole('button', { name: 'How the free-read gauge works' }))
    expect(openDialog).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['en', null, 'Free-read gauge', 'Free again in 05:45:00'],
    ['ja', null, '無料ゲージ', 'あと05:45:00で無料'],
    ['fr', 'fr', 'Jauge de lecture gratuite', 'De nouveau gratuit dans 05:45:00'],
  ] as const)('names the gauge progress bar for assistive technology (%s, issue 35: aria-progressbar-name)', async (locale, prefix, name, valueText) => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    jest.spyOn(api, 'request').mockResolvedValue(withGauge({ amount: 0, recoverRemained: 20700 }) as never)
    const base = prefix ? `/${prefix}` : ''
    await renderScreen(Screen, { path: `${base}/:contentType/:contentId`, url: `${base}/comic/5`, locale, prefix })
    const bar = await screen.findByRole('progressbar', { name })
    expect(bar).toHaveAttribute('aria-valuenow', '75')
    expect(bar).toHaveAttribute('aria-valuetext', valueText)
  })

  it('offers free-read with a full gauge, and the preview opens the trial', async () => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    jest.spyOn(api, 'request').mockResolvedValue(withGauge({ amount: 1, recoverRemained: 0 }) as never)
    const { router } = await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5' })
    expect(screen.getAllByTestId('chapter-row')[1]).toHaveTextContent('Read now')
    fireEvent.click(await screen.findByText('Episode 14'))
    expect(await screen.findByRole('button', { name: 'Read free now' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.getByTestId('chapter-preview')).toHaveAttribute('href', '/comic/5/chapter/14/trial')
    fireEvent.click(screen.getByTestId('chapter-preview'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/5/chapter/14/trial'))
  })

  it('asks a signed-out reader to sign in to subscribe, and opens the share dialog with the SNS data', async () => {
    const openDialog = jest.fn().mockResolvedValue(false)
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', openDialog })
    fireEvent.click(await screen.findByTestId('subscribe'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', { redirect: '/comic/5', guestAllowed: true }))
    fireEvent.click(screen.getByTestId('share'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('share', { link: '/comic/5', text: '', tags: [], title: 'Share this series' }))
  })

  it('a signed-out reader who goes on as a guest gets the access sheet, even while the list reloads for the new reader (issue 34)', async () => {
    const guestContent = withGauge({ amount: 1, recoverRemained: 0 })
    const signedOut = { ...guestContent, inventory: null }
    // The list's own reload for the new reader hangs until released; the choice's fresh answer does not.
    let releaseReload!: () => void
    let calls = 0
    jest.spyOn(api, 'request').mockImplementation((() => {
      calls += 1
      if (calls === 1) return Promise.resolve(signedOut)
      if (calls === 2) return new Promise((resolve) => (releaseReload = () => resolve(guestContent)))
      return Promise.resolve(guestContent)
    }) as never)
    let answer!: (choice: string) => void
    const openDialog = jest.fn((name: string) => (name === 'loginConfirm' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(undefined)))
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', openDialog })
    fireEvent.click(await screen.findByText('Episode 14'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('loginConfirm', expect.anything()))
    // What auth.becomeGuest does before the dialog closes: the page reads as a guest, and every
    // cached answer is forgotten, so the list suspends and reloads.
    await act(async () => {
      runInAction(() => {
        auth.guest = true
      })
      events.emit('auth:changed', { signedIn: false })
    })
    expect(calls).toBe(2)
    await act(async () => answer('guest'))
    expect(calls).toBeGreaterThanOrEqual(3)
    await act(async () => releaseReload())
    const sheet = await screen.findByTestId('access-sheet')
    expect(within(sheet).getByRole('button', { name: 'Read free now' })).toBeInTheDocument()
  })

  it('continues from the last read chapter', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({ ...content, activity: { lastReadChapterId: 12 } } as never)
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5' })
    expect(await screen.findByTestId('continue-reading')).toHaveTextContent('Continue: Episode 12')
  })

  it('gates a mature title: the adult check for a signed-out reader, reloading on yes', async () => {
    const { ApiError } = await import('@koma/contracts')
    const request = jest
      .spyOn(api, 'request')
      .mockRejectedValueOnce(new ApiError({ failure: 'matureNotAccepted', status: 428, message: 'adults', url: '/comic/5' }))
      .mockResolvedValue(content as never)
    const openDialog = jest.fn().mockResolvedValue(true)
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', openDialog })
    await waitFor(() => expect(openDialog).toHaveBeenCalledWith('adultCheck', { target: '/comic/5', navigate: true }))
    expect(await screen.findByRole('heading', { name: 'Moonlit Blade Princess' })).toBeInTheDocument()
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('sends a coming-soon title to its coming-soon page', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({ ...content, status: 'coming_soon' } as never)
    const { router } = await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/comic/coming_soon/5'))
  })
})

describe('episode list: described pages (issue 37)', () => {
  it('labels a title the API says is described throughout, in the reader’s language', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({ ...content, described: true } as never)
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5' })
    expect(await screen.findByTestId('described-label')).toHaveTextContent('Described')
    expect(screen.getByTestId('described-label')).toHaveAttribute('title', 'Every page has a text description for screen readers')
  })

  it('in French and Japanese too', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({ ...content, described: true } as never)
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5', locale: 'fr' })
    expect(await screen.findByTestId('described-label')).toHaveTextContent('Décrit')
  })

  it('shows no label on a title that is not described throughout', async () => {
    await renderScreen(Screen, { path: '/:contentType/:contentId', url: '/comic/5' })
    await screen.findAllByTestId('chapter-row')
    expect(screen.queryByTestId('described-label')).toBeNull()
  })
})
