import { useLayoutEffect, useSyncExternalStore } from 'react'

/**
 * Whether a full-page message (not found, maintenance, server error, a guide: ScreenFrame) is on
 * screen in place of the page's own content. SPEC §2 floats the header in white over the top art
 * of home and of content routes that show their artwork; a message shows none, so while one is
 * shown the header keeps its ink and its space on every width (issue 35: white icons on white).
 */
let shown = 0
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const change = (by: number) => {
  shown += by
  for (const listener of listeners) listener()
}

/** Called by a screen that shows no artwork: from its first layout to its removal. */
export function useArtlessScreen(): void {
  // A layout effect: the header is drawn right before the first paint, never white for a frame.
  useLayoutEffect(() => {
    change(1)
    return () => change(-1)
  }, [])
}

/** True while such a screen is shown. The edge draws no message screen: its first render says false. */
export function useArtlessScreenShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown > 0,
    () => false,
  )
}
