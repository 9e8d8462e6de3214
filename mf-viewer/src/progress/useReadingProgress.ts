import { api, auth, endpoints, useHydrated, type Chapter, type ReadProgress } from '@koma/contracts'
import { openingPlace, saveLocalReading } from './localReading'
import { finishedProgress } from '@koma/contracts/domain'
import { useCallback, useEffect, useMemo, useRef } from 'react'

/** How long the reader must stay put before the position is sent (SPEC §7 POST …/read, debounced). */
export const PROGRESS_DEBOUNCE_MS = 1500
/** Local storage is written at most this often while scrolling (JSON of every chapter read). */
export const LOCAL_SAVE_MS = 300

const body = (progress: ReadProgress) => ({
  href: progress.href,
  type: progress.type,
  progression: String(progress.progression),
  totalProgression: String(progress.totalProgression),
  position: String(progress.position),
})

export interface ReadingProgress {
  /** Where to open: the signed-in reader's saved place, else this browser's. Null: the start. */
  initial: ReadProgress | null
  report(progress: ReadProgress): void
  /** The end was reached: POST …/read/finished once (position 10000). */
  finish(last?: ReadProgress): void
}

/**
 * Progress that follows the reader: kept on this browser for everyone (SPEC §4 reading status
 * per content and chapter), and sent to the API for signed-in readers, debounced, flushed when
 * the chapter closes. Trials are not progress.
 */
export function useReadingProgress(chapter: Chapter): ReadingProgress {
  const params = useMemo(
    () => ({ type: chapter.contentType, id: String(chapter.contentId), chapterId: String(chapter.id) }),
    [chapter.contentType, chapter.contentId, chapter.id],
  )
  const tracked = chapter.salesType === 'product'
  const pending = useRef<ReadProgress | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const localPending = useRef<ReadProgress | null>(null)
  const localTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const finished = useRef(false)

  // This browser's own place is read once hydrated (a page the edge drew opens at the start, issue 13).
  const hydrated = useHydrated()
  const initial = useMemo<ReadProgress | null>(() => {
    return hydrated ? openingPlace(chapter) : (chapter.progress ?? null)
    // Only when the chapter changes: the reader's own moves must not re-position the viewer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter.contentId, chapter.id, hydrated])

  const saveLocal = useCallback(() => {
    if (localTimer.current) clearTimeout(localTimer.current)
    localTimer.current = null
    const progress = localPending.current
    localPending.current = null
    if (progress && !finished.current) saveLocalReading(chapter.contentId, chapter.id, progress, false)
  }, [chapter.contentId, chapter.id])

  /** `leaving`: the page is being left; the call starts before this returns (ApiClient.sendWhileLeaving) and outlives it. */
  const flush = useCallback(
    (leaving = false) => {
      saveLocal()
      if (timer.current) clearTimeout(timer.current)
      timer.current = null
      const progress = pending.current
      pending.current = null
      if (!progress || !auth.reader) return
      if (leaving && api.sendWhileLeaving(endpoints.readProgress, { params, body: body(progress) })) return
      // Keepalive: the last save is often made as the reader leaves or reloads the page.
      void api.request(endpoints.readProgress, { params, body: body(progress), policy: { silent: true }, keepalive: true }).catch(() => undefined)
    },
    [params, saveLocal],
  )

  const report = useCallback(
    (progress: ReadProgress) => {
      if (!tracked || finished.current) return
      localPending.current = progress
      localTimer.current ??= setTimeout(saveLocal, LOCAL_SAVE_MS)
      pending.current = progress
      // Ready to send it as the page is left, should the reader leave before the debounce.
      if (auth.reader) void api.prepareLeaving()
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(flush, PROGRESS_DEBOUNCE_MS)
    },
    [tracked, flush, saveLocal],
  )

  const finish = useCallback(
    (last?: ReadProgress) => {
      if (!tracked || finished.current) return
      finished.current = true
      if (timer.current) clearTimeout(timer.current)
      if (localTimer.current) clearTimeout(localTimer.current)
      pending.current = null
      localPending.current = null
      const done = finishedProgress(last ?? { href: '', type: '' })
      saveLocalReading(chapter.contentId, chapter.id, done, true)
      if (!auth.reader) return
      void api.request(endpoints.readFinished, { params, body: { href: done.href, type: done.type }, policy: { silent: true } }).catch(() => undefined)
    },
    [tracked, chapter.contentId, chapter.id, params],
  )

  useEffect(() => {
    finished.current = false
    const onHide = () => flush(true)
    window.addEventListener('pagehide', onHide)
    return () => {
      window.removeEventListener('pagehide', onHide)
      flush()
    }
  }, [flush])

  return { initial, report, finish }
}
