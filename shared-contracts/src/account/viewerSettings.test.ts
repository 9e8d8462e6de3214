import type { ApiClient } from '../api/client'
import {
  imageQualityNow,
  loadViewerSettings,
  localViewerSettings,
  normalizeViewerSettings,
  rememberViewerSettings,
  saveViewerSetting,
  VIEWER_SETTINGS_STORAGE_KEY,
} from './viewerSettings'

afterEach(() => localStorage.clear())

describe('viewer settings contract', () => {
  it('defaults to automatic keys, high quality on Wi-Fi and data saving on mobile', () => {
    expect(localViewerSettings()).toEqual({ keyLayout: 'auto', imageQuality: { wifi: 'high', mobile: 'data_saving' }, autoScrollSpeed: 3, paper: false })
    localStorage.setItem(VIEWER_SETTINGS_STORAGE_KEY, '{not json')
    expect(localViewerSettings().keyLayout).toBe('auto')
  })

  it('a member gets the server settings (and a local copy); a signed-out reader the local ones', async () => {
    const viewer = {
      keyLayout: 'fixed' as const,
      imageQuality: { wifi: 'data_saving' as const, mobile: 'high' as const },
      autoScrollSpeed: 5 as const,
      paper: true,
    }
    const client = { request: jest.fn().mockResolvedValue({ notifications: {}, viewer }) } as unknown as ApiClient
    expect(await loadViewerSettings(client, true)).toEqual(viewer)
    expect(localViewerSettings()).toEqual(viewer)
    rememberViewerSettings({ keyLayout: 'auto', imageQuality: { wifi: 'high', mobile: 'high' }, autoScrollSpeed: 3, paper: false })
    expect((await loadViewerSettings(client, false)).keyLayout).toBe('auto')
    const failing = { request: jest.fn().mockRejectedValue(new Error('offline')) } as unknown as ApiClient
    expect((await loadViewerSettings(failing, true)).keyLayout).toBe('auto')
  })

  it('picks the quality for the connection', () => {
    const settings = {
      keyLayout: 'auto' as const,
      imageQuality: { wifi: 'high' as const, mobile: 'data_saving' as const },
      autoScrollSpeed: 3 as const,
      paper: false,
    }
    expect(imageQualityNow(settings, { type: 'wifi' })).toBe('high')
    expect(imageQualityNow(settings, { type: 'cellular' })).toBe('data_saving')
    expect(imageQualityNow(settings, { type: 'wifi', saveData: true })).toBe('data_saving')
  })
})

describe('saveViewerSetting (issue 37)', () => {
  it('keeps the change in this browser, and on the account for a member', async () => {
    const client = { request: jest.fn().mockResolvedValue({}) } as unknown as ApiClient
    expect(await saveViewerSetting({ autoScrollSpeed: 5 }, client, true)).toMatchObject({ autoScrollSpeed: 5, paper: false })
    expect(client.request).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/member/settings' }),
      expect.objectContaining({ body: { autoScrollSpeed: '5' } }),
    )
    await saveViewerSetting({ paper: true }, client, true)
    expect(client.request).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ body: { paperMode: 'true' } }))
    expect(localViewerSettings()).toMatchObject({ autoScrollSpeed: 5, paper: true })
  })

  it('a signed-out reader’s choice stays in this browser; a failed save keeps it there too', async () => {
    const client = { request: jest.fn().mockRejectedValue(new Error('offline')) } as unknown as ApiClient
    await saveViewerSetting({ autoScrollSpeed: 1 }, client, false)
    expect(client.request).not.toHaveBeenCalled()
    await saveViewerSetting({ paper: true }, client, true)
    expect(localViewerSettings()).toMatchObject({ autoScrollSpeed: 1, paper: true })
  })
})

describe('normalizeViewerSettings', () => {
  it('fills gaps and refuses unknown values', () => {
    expect(normalizeViewerSettings(null)).toEqual({
      keyLayout: 'auto',
      imageQuality: { wifi: 'high', mobile: 'data_saving' },
      autoScrollSpeed: 3,
      paper: false,
    })
    expect(normalizeViewerSettings({ keyLayout: 'fixed', imageQuality: { wifi: 'ultra', mobile: 'high' }, autoScrollSpeed: 9, paper: 'yes' })).toEqual({
      keyLayout: 'fixed',
      imageQuality: { wifi: 'high', mobile: 'high' },
      autoScrollSpeed: 3,
      paper: false,
    })
    expect(normalizeViewerSettings({ autoScrollSpeed: 1, paper: true })).toMatchObject({ autoScrollSpeed: 1, paper: true })
  })
})
