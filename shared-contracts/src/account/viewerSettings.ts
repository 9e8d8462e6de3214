import { api as defaultApi, auth, endpoints, safeStorage, type ApiClient } from '@koma/contracts'
import { DEFAULT_VIEWER_SETTINGS, isAutoScrollSpeed, type ImageQuality, type ViewerSettings } from '@koma/contracts/domain'

/**
 * `@koma/contracts/viewerSettings`: the viewer's settings (previous/next key layout; image quality
 * for Wi-Fi and mobile data; auto-scroll), owned by mf-account and read by the viewer. Members'
 * settings live on the server (GET/PUT /member/settings); the last known copy, and a signed-out
 * reader's choice, live in local storage so the viewer can start without waiting.
 * Not in the shared barrel (issue 39: no page but the viewer's and the settings' needs it): bundled
 * by the two remotes that use it, with the page's one API client and auth store from the barrel.
 */
export const VIEWER_SETTINGS_STORAGE_KEY = 'koma.viewerSettings'

const isQuality = (value: unknown): value is ImageQuality => value === 'high' || value === 'data_saving'

/** Any value (stored, or from the server) as complete settings: gaps and unknown values take the defaults. */
export function normalizeViewerSettings(value: unknown): ViewerSettings {
  const input = (value && typeof value === 'object' ? value : {}) as {
    keyLayout?: unknown
    imageQuality?: { wifi?: unknown; mobile?: unknown }
    autoScrollSpeed?: unknown
    paper?: unknown
  }
  const quality = input.imageQuality && typeof input.imageQuality === 'object' ? input.imageQuality : {}
  return {
    keyLayout: input.keyLayout === 'fixed' ? 'fixed' : DEFAULT_VIEWER_SETTINGS.keyLayout,
    imageQuality: {
      wifi: isQuality(quality.wifi) ? quality.wifi : DEFAULT_VIEWER_SETTINGS.imageQuality.wifi,
      mobile: isQuality(quality.mobile) ? quality.mobile : DEFAULT_VIEWER_SETTINGS.imageQuality.mobile,
    },
    autoScrollSpeed: isAutoScrollSpeed(input.autoScrollSpeed) ? input.autoScrollSpeed : DEFAULT_VIEWER_SETTINGS.autoScrollSpeed,
    paper: typeof input.paper === 'boolean' ? input.paper : DEFAULT_VIEWER_SETTINGS.paper,
  }
}

/** What this browser last knew (defaults when nothing or something unreadable is stored). */
export function localViewerSettings(): ViewerSettings {
  try {
    return normalizeViewerSettings(JSON.parse(safeStorage.get(VIEWER_SETTINGS_STORAGE_KEY) ?? 'null'))
  } catch {
    return DEFAULT_VIEWER_SETTINGS
  }
}

export function rememberViewerSettings(settings: ViewerSettings): void {
  safeStorage.set(VIEWER_SETTINGS_STORAGE_KEY, JSON.stringify(settings))
}

/**
 * The viewer changes one of its own settings (issue 37: auto-scroll speed, paper): this browser
 * keeps it at once, and a signed-in member's account keeps it too (PUT /member/settings). A
 * failed save keeps the local value; the next load from the server wins.
 */
export async function saveViewerSetting(
  change: Partial<Pick<ViewerSettings, 'autoScrollSpeed' | 'paper'>>,
  client: ApiClient = defaultApi,
  signedIn: boolean = auth.signedIn,
): Promise<ViewerSettings> {
  const next = normalizeViewerSettings({ ...localViewerSettings(), ...change })
  rememberViewerSettings(next)
  if (signedIn) {
    const body: { autoScrollSpeed?: string; paperMode?: 'true' | 'false' } = {}
    if (change.autoScrollSpeed !== undefined) body.autoScrollSpeed = String(next.autoScrollSpeed)
    if (change.paper !== undefined) body.paperMode = next.paper ? 'true' : 'false'
    try {
      await client.request(endpoints.settingsUpdate, { body, policy: { silent: true } })
    } catch {
      /* kept in this browser; the account keeps its previous value */
    }
  }
  return next
}

/** The reader's viewer settings: the server's for a signed-in member, else this browser's. */
export async function loadViewerSettings(client: ApiClient = defaultApi, signedIn: boolean = auth.signedIn): Promise<ViewerSettings> {
  if (!signedIn) return localViewerSettings()
  try {
    const answer = await client.request(endpoints.settings, { policy: { silent: true } })
    const viewer = normalizeViewerSettings((answer as { viewer?: unknown } | null)?.viewer)
    rememberViewerSettings(viewer)
    return viewer
  } catch {
    return localViewerSettings()
  }
}

/** The image quality for the connection the page is on now (Network Information API where there is one). */
export function imageQualityNow(
  settings: ViewerSettings,
  connection: { type?: string; saveData?: boolean } | undefined = (globalThis.navigator as { connection?: { type?: string; saveData?: boolean } } | undefined)
    ?.connection,
): ImageQuality {
  if (connection?.saveData) return 'data_saving'
  return connection?.type === 'cellular' ? settings.imageQuality.mobile : settings.imageQuality.wifi
}
