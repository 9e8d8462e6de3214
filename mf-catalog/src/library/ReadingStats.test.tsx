import { api, auth } from '@koma/contracts'
import { readingStats, type ReadingRecord } from '@koma/contracts/domain'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { routes } from '../routes'

const Library = routes['catalog.library']
/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.readAsText(blob)
  })
const records: ReadingRecord[] = [
  { contentId: 1, title: 'Sea Song', chapterId: 11, finished: true, at: '2026-11-30T14:55:00Z', genres: ['Drama'] },
  { contentId: 2, title: 'Ash', chapterId: 21, finished: false, at: '2026-11-30T15:22:00Z', genres: ['Drama', 'Action'] },
]
const sittings = [
  { startedAt: '2026-11-30T14:50:00Z', lastAt: '2026-11-30T14:55:00Z' },
  { startedAt: '2026-11-30T15:20:00Z', lastAt: '2026-11-30T16:22:00Z' },
]
const stats = readingStats(records, sittings, new Date('2026-11-30T16:30:00Z'), 'Asia/Tokyo')

afterEach(() => {
  jest.restoreAllMocks()
  auth.clearLocal()
  document.cookie = 'koma_lc=; path=/; max-age=0'
})

describe('my reading (issue 37 item 6)', () => {
  it('shows a member their figures and saves their copy as a JSON file', async () => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    const request = jest
      .spyOn(api, 'request')
      .mockImplementation(
        async (endpoint) =>
          (endpoint.path === '/library/reading/export'
            ? { exportedAt: '2026-11-30T16:30:00.000Z', timeZone: 'Asia/Tokyo', stats, chapters: records, sittings }
            : stats) as never,
      )
    await renderScreen(Library, { path: '/library/:dep1Param', url: '/library/stats' })
    expect(await screen.findByTestId('stats-chapters')).toHaveTextContent('Episodes read2')
    expect(screen.getByTestId('stats-chapters')).toHaveTextContent('1 read to the end')
    expect(screen.getByTestId('stats-time')).toHaveTextContent('1 h 7 min')
    expect(screen.getByTestId('stats-streak')).toHaveTextContent('Days in a row2')
    expect(screen.getByTestId('stats-year')).toHaveTextContent('2 episodes of 2 titles on 2 days.')
    expect(screen.getByTestId('stats-genres')).toHaveTextContent('Drama 2 episodesAction 1 episode')
    expect(screen.getByTestId('stats-months').children).toHaveLength(12)
    expect(screen.getByText(/in your time zone \(Asia\/Tokyo\)/)).toBeInTheDocument()

    const saved: { name: string; blob: Blob }[] = []
    const created = jest.fn((blob: Blob) => `blob:stats/${saved.push({ name: '', blob })}`)
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() })
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download
    })
    fireEvent.click(screen.getByRole('button', { name: 'Download my reading data (JSON)' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ path: '/library/reading/export' }))
    expect(saved[0]!.name).toBe('koma-reading-2026-12-01.json')
    expect(saved[0]!.blob.type).toBe('application/json')
    expect(JSON.parse(await textOf(saved[0]!.blob))).toMatchObject({ timeZone: 'Asia/Tokyo', chapters: records })
  })

  it('reads in Japanese', async () => {
    document.cookie = 'koma_lc=1; path=/'
    auth.syncFromCookie()
    jest.spyOn(api, 'request').mockResolvedValue(stats as never)
    await renderScreen(Library, { path: '/library/:dep1Param', url: '/library/stats', locale: 'ja' })
    expect(await screen.findByTestId('stats-time')).toHaveTextContent('1時間7分')
    expect(screen.getByRole('button', { name: '読書データをダウンロード（JSON）' })).toBeInTheDocument()
  })

  it('asks a guest to sign up and asks the API for nothing', async () => {
    auth.guest = true
    const request = jest.spyOn(api, 'request')
    await renderScreen(Library, { path: '/library/:dep1Param', url: '/library/stats' })
    expect(await screen.findByTestId('stats-sign-in')).toHaveTextContent('Sign in to see your reading')
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?redirect=%2Flibrary%2Fstats')
    expect(screen.queryByTestId('reading-stats')).toBeNull()
    expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ path: '/library/reading/stats' }))
  })
})
