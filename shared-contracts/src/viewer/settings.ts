import type { ImageQuality, KeyLayout } from '../domain/reading'
import { safeStorage } from '../browser/storage'

/**
 * The reader's viewer settings (SPEC §2 settings screens): key layout, and image quality for
 * wi-fi and for mobile data. The viewer reads them through this small interface. By default
 * they live in local storage; the accounts area plugs in the stored (API-backed) values with
 * `provideViewerSettings(source)` and/or keeps local storage in step with `saveViewerSettings`.
 */
export interface ViewerSettings {
  keyLayout: KeyLayout
  imageQuality: { wifi: ImageQuality; mobile: ImageQuality }
}

export interface ViewerSettingsSource {
  /** The reader's settings; may be partial (missing values take the defaults). */
  load(): Promise<Partial<ViewerSettings> | null>
}

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = { keyLayout: 'automatic', imageQuality: { wifi: 'high', mobile: 'high' } }

export const VIEWER_SETTINGS_KEY = 'koma.viewerSettings'

const isQuality = (value: unknown): value is ImageQuality => value === 'high' || value === 'dataSaving'

/** Fill the gaps of a partial or malformed value with the defaults. */
export function normalizeViewerSettings(value: unknown): ViewerSettings {
  const input = (value && typeof value === 'object' ? value : {}) as { keyLayout?: unknown; imageQuality?: { wifi?: unknown; mobile?: unknown } }
  const quality = input.imageQuality && typeof input.imageQuality === 'object' ? input.imageQuality : {}
  return {
    keyLayout: input.keyLayout === 'fixed' ? 'fixed' : 'automatic',
    imageQuality: {
      wifi: isQuality(quality.wifi) ? quality.wifi : DEFAULT_VIEWER_SETTINGS.imageQuality.wifi,
      mobile: isQuality(quality.mobile) ? quality.mobile : DEFAULT_VIEWER_SETTINGS.imageQuality.mobile,
    },
  }
}

export function localViewerSettings(): ViewerSettings {
  const raw = safeStorage.get(VIEWER_SETTINGS_KEY)
  if (!raw) return DEFAULT_VIEWER_SETTINGS
  try {
    return normalizeViewerSettings(JSON.parse(raw))
  } catch {
    return DEFAULT_VIEWER_SETTINGS
  }
}

/** Store settings on this browser (the settings screen calls this after saving to the API). */
export function saveViewerSettings(settings: ViewerSettings): void {
  safeStorage.set(VIEWER_SETTINGS_KEY, JSON.stringify(normalizeViewerSettings(settings)))
}

let source: ViewerSettingsSource | null = null

/** Install the stored settings' source (issue 5: the account API for signed-in readers). */
export function provideViewerSettings(next: ViewerSettingsSource | null): void {
  source = next
}

/** The settings to read with: the installed source's values over the local ones. */
export async function loadViewerSettings(): Promise<ViewerSettings> {
  const local = localViewerSettings()
  if (!source) return local
  try {
    const stored = await source.load()
    if (!stored) return local
    const merged = normalizeViewerSettings({ ...local, ...stored, imageQuality: { ...local.imageQuality, ...stored.imageQuality } })
    saveViewerSettings(merged)
    return merged
  } catch {
    return local
  }
}

/** Is this browser on a metered (mobile) connection? Network Information API where it exists. */
export function onMobileData(nav: { connection?: { type?: string; saveData?: boolean; effectiveType?: string } } | undefined = globalThis.navigator as never): boolean {
  const connection = nav?.connection
  if (!connection) return false
  if (connection.type) return connection.type === 'cellular'
  return Boolean(connection.saveData)
}

export function imageQualityNow(settings: ViewerSettings, mobile: boolean): ImageQuality {
  return mobile ? settings.imageQuality.mobile : settings.imageQuality.wifi
}
