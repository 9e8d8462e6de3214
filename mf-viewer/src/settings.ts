import { useHydrated, type ViewerSettings } from '@koma/contracts'
import { loadViewerSettings, localViewerSettings } from '@koma/contracts/viewerSettings'
import { DEFAULT_VIEWER_SETTINGS } from '@koma/contracts/domain'
import { useEffect, useMemo, useState } from 'react'

/**
 * The viewer settings: local values at once, then the stored ones (issue 5's source) when they
 * arrive. A page the edge drew (issue 13) is drawn and hydrated with the defaults; this browser's
 * own values follow in the next render.
 */
export function useViewerSettings(): ViewerSettings {
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
  useEffect(() => {
    let live = true
    void loadViewerSettings().then((settings) => {
      if (live) setLoaded((current) => (current && JSON.stringify(current) === JSON.stringify(settings) ? current : settings))
    })
    return () => {
      live = false
    }
  }, [])
  return loaded ?? local
}
