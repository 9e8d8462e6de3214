import { localReading, localReadingOfContent, saveLocalReading } from '../browser/readingStatus'
import { comicLocator, finishedProgress } from '../domain/reading'
import { DEFAULT_VIEWER_SETTINGS, imageQualityNow, loadViewerSettings, normalizeViewerSettings, onMobileData, provideViewerSettings, saveViewerSettings } from './settings'

beforeEach(() => {
  localStorage.clear()
  provideViewerSettings(null)
})

describe('viewer settings (SPEC §2: key layout; image quality for wi-fi and mobile)', () => {
  it('defaults, and fills gaps of partial or malformed values', () => {
    expect(normalizeViewerSettings(null)).toEqual(DEFAULT_VIEWER_SETTINGS)
    expect(normalizeViewerSettings({ keyLayout: 'fixed', imageQuality: { mobile: 'dataSaving', wifi: 'ultra' } })).toEqual({ keyLayout: 'fixed', imageQuality: { wifi: 'high', mobile: 'dataSaving' } })
  })

  it('reads local values, and a provided (stored) source wins and is kept locally', async () => {
    saveViewerSettings({ keyLayout: 'fixed', imageQuality: { wifi: 'high', mobile: 'high' } })
    expect(await loadViewerSettings()).toMatchObject({ keyLayout: 'fixed' })
    provideViewerSettings({ load: async () => ({ imageQuality: { wifi: 'high', mobile: 'dataSaving' } }) })
    expect(await loadViewerSettings()).toEqual({ keyLayout: 'fixed', imageQuality: { wifi: 'high', mobile: 'dataSaving' } })
    provideViewerSettings({ load: async () => Promise.reject(new Error('offline')) })
    expect((await loadViewerSettings()).imageQuality.mobile).toBe('dataSaving')
  })

  it('picks the quality for the connection', () => {
    const settings = { keyLayout: 'automatic' as const, imageQuality: { wifi: 'high' as const, mobile: 'dataSaving' as const } }
    expect(imageQualityNow(settings, true)).toBe('dataSaving')
    expect(imageQualityNow(settings, false)).toBe('high')
    expect(onMobileData({ connection: { type: 'cellular' } })).toBe(true)
    expect(onMobileData({ connection: { type: 'wifi' } })).toBe(false)
    expect(onMobileData({})).toBe(false)
  })
})

describe('local reading status (SPEC §4: per content and chapter, with position)', () => {
  it('keeps the last position per chapter, and finished stays finished', () => {
    saveLocalReading(3, 30, comicLocator(4, 0.5, 10), false, 1000)
    expect(localReading(3, 30)).toMatchObject({ href: '5', position: 5, finished: false, updatedAt: 1000 })
    saveLocalReading(3, 30, finishedProgress(), true, 2000)
    saveLocalReading(3, 30, comicLocator(0, 0, 10), false, 3000)
    expect(localReading(3, 30)).toMatchObject({ position: 1, finished: true })
    saveLocalReading(3, 31, comicLocator(1, 0, 10), false, 4000)
    expect(localReadingOfContent(3).map((entry) => entry.chapterId)).toEqual([31, 30])
    expect(localReading(4, 30)).toBeNull()
  })

  it('survives a broken stored value', () => {
    localStorage.setItem('koma.readingStatus', '{not json')
    expect(localReading(1, 1)).toBeNull()
    saveLocalReading(1, 1, comicLocator(0, 0, 1), false)
    expect(localReading(1, 1)).not.toBeNull()
  })
})
