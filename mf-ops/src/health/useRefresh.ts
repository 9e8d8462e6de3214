import { useEffect, useRef } from 'react'

/**
 * Call `refresh` every `everyMs` while the page is shown: paused while the tab is hidden (no
 * figures fetched for nobody), and once more at once when it is shown again.
 */
export function useRefresh(refresh: () => void, everyMs: number): void {
  const latest = useRef(refresh)
  useEffect(() => {
    latest.current = refresh
  })
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null
    const start = () => {
      if (timer === null) timer = setInterval(() => latest.current(), everyMs)
    }
    const stop = () => {
      if (timer !== null) clearInterval(timer)
      timer = null
    }
    const changed = () => {
      if (document.visibilityState === 'hidden') return stop()
      latest.current()
      start()
    }
    if (document.visibilityState !== 'hidden') start()
    document.addEventListener('visibilitychange', changed)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', changed)
    }
  }, [everyMs])
}
