import { useHydrated, type ViewerSettings } from '@koma/contracts'
import { loadViewerSettings, localViewerSettings, saveViewerSetting } from '@koma/contracts/viewerSettings'
import { DEFAULT_VIEWER_SETTINGS } from '@koma/contracts/domain'
import { useCallback, useEffect, useMemo, useState } from 'react'

/** A setting the viewer itself changes (issue 37: paper from its chrome). */
export type ViewerSettingChange = Partial<Pick<ViewerSettings, 'paper'>>

/**
 * The viewer settings: local values at once, then the stored ones (issue 5's source) when they
 * arrive. A page the edge drew (issue 13) is drawn and hydrated with the defaults; this browser's
 * own values follow in the next render. `change` applies a setting at once, keeps it in this
 * browser and, for a member, in the account (saveViewerSetting).
 */
export function useViewerSettings(): { settings: ViewerSettings; change: (change: ViewerSettingChange) => void } {
  const hydrated = useHydrated()
  const local = useMemo(() => {
    if (!hydrated) return DEFAULT_VIEWER_SETTINGS
    try {
      return localViewerSettings()
    } catch {
      return DEFAULT_VIEWER_SETTINGS
    }
  }, [hydrated])
  const [loaded, setLoaded] = useState<ViewerSettings | null>(null)
  const [changed, setChanged] = useState<ViewerSettingChange>({})
  useEffect(() => {
    let live = true
    void loadViewerSettings().then((settings) => {
      if (live) setLoaded((current) => (current && JSON.stringify(current) === JSON.stringify(settings) ? current : settings))
    })
    return () => {
      live = false
    }
  }, [])
  const change = useCallback((next: ViewerSettingChange) => {
    setChanged((current) => ({ ...current, ...next }))
    void saveViewerSetting(next)
  }, [])
  const settings = useMemo(() => ({ ...(loaded ?? local), ...changed }), [loaded, local, changed])
  return { settings, change }
}
