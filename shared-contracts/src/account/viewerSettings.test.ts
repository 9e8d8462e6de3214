import type { ApiClient } from '../api/client'
import {
  imageQualityNow,
  loadViewerSettings,
  localViewerSettings,
  normalizeViewerSettings,
  rememberViewerSettings,
  VIEWER_SETTINGS_STORAGE_KEY,
} from './viewerSettings'

afterEach(() => localStorage.clear())

describe('viewer settings contract', () => {
  it('defaults to automatic keys, high quality on Wi-Fi and data saving on mobile', () => {
    expect(localViewerSettings()).toEqual({ keyLayout: 'auto', imageQuality: { wifi: 'high', mobile: 'data_saving' } })
    localStorage.setItem(VIEWER_SETTINGS_STORAGE_KEY, '{not json')
    expect(localViewerSettings().keyLayout).toBe('auto')
  })

  it('a member gets the server settings (and a local copy); a signed-out reader the local ones', async () => {
    const viewer = { keyLayout: 'fixed' as const, imageQuality: { wifi: 'data_saving' as const, mobile: 'high' as const } }
    const client = { request: jest.fn().mockResolvedValue({ notifications: {}, viewer }) } as unknown as ApiClient
    expect(await loadViewerSettings(client, true)).toEqual(viewer)
    expect(localViewerSettings()).toEqual(viewer)
    rememberViewerSettings({ keyLayout: 'auto', imageQuality: { wifi: 'high', mobile: 'high' } })
    expect((await loadViewerSettings(client, false)).keyLayout).toBe('auto')
    const failing = { request: jest.fn().mockRejectedValue(new Error('offline')) } as unknown as ApiClient
    expect((await loadViewerSettings(failing, true)).keyLayout).toBe('auto')
  })

  it('picks the quality for the connection', () => {
    const settings = { keyLayout: 'auto' as const, imageQuality: { wifi: 'high' as const, mobile: 'data_saving' as const } }
    expect(imageQualityNow(settings, { type: 'wifi' })).toBe('high')
    expect(imageQualityNow(settings, { type: 'cellular' })).toBe('data_saving')
    expect(imageQualityNow(settings, { type: 'wifi', saveData: true })).toBe('data_saving')
  })
})

describe('normalizeViewerSettings', () => {
  it('fills gaps and refuses unknown values', () => {
    expect(normalizeViewerSettings(null)).toEqual({ keyLayout: 'auto', imageQuality: { wifi: 'high', mobile: 'data_saving' } })
    expect(normalizeViewerSettings({ keyLayout: 'fixed', imageQuality: { wifi: 'ultra', mobile: 'high' } })).toEqual({
      keyLayout: 'fixed',
      imageQuality: { wifi: 'high', mobile: 'high' },
    })
  })
})
