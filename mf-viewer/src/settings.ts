import { loadViewerSettings, localViewerSettings, type ViewerSettings } from '@koma/contracts'
import { DEFAULT_VIEWER_SETTINGS } from '@koma/contracts/domain'
import { useEffect, useState } from 'react'

/** The viewer settings: local values at once, then the stored ones (issue 5's source) when they arrive. */
export function useViewerSettings(): ViewerSettings {
  const [settings, setSettings] = useState<ViewerSettings>(() => {
    try {
      return localViewerSettings()
    } catch {
      return DEFAULT_VIEWER_SETTINGS
    }
  })
  useEffect(() => {
    let live = true
    void loadViewerSettings().then((loaded) => {
      if (live) setSettings((current) => (JSON.stringify(current) === JSON.stringify(loaded) ? current : loaded))
    })
    return () => {
      live = false
    }
  }, [])
  return settings
}
