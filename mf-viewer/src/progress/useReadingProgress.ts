import { api, auth, endpoints, finishedProgress, localReading, saveLocalReading, type Chapter, type ReadProgress } from '@koma/contracts'
import { useCallback, useEffect, useMemo, useRef } from 'react'

/** How long the reader must stay put before the position is sent (SPEC §7 POST …/read, debounced). */
export const PROGRESS_DEBOUNCE_MS = 1500

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
  const params = useMemo(() => ({ type: chapter.contentType, id: String(chapter.contentId), chapterId: String(chapter.id) }), [chapter.contentType, chapter.contentId, chapter.id])
  const tracked = chapter.salesType === 'product'
  const pending = useRef<ReadProgress | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const finished = useRef(false)

  const initial = useMemo<ReadProgress | null>(() => {
    const server = chapter.progress ?? null
    const local = localReading(chapter.contentId, chapter.id)
    return server ?? local ?? null
    // Only when the chapter changes: the reader's own moves must not re-position the viewer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter.contentId, chapter.id])

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const progress = pending.current
    pending.current = null
    if (!progress || !auth.signedIn) return
    void api.request(endpoints.readProgress, { params, body: body(progress), policy: { silent: true } }).catch(() => undefined)
  }, [params])

  const report = useCallback(
    (progress: ReadProgress) => {
      if (!tracked) return
      saveLocalReading(chapter.contentId, chapter.id, progress, false)
      if (finished.current) return
      pending.current = progress
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(flush, PROGRESS_DEBOUNCE_MS)
    },
    [tracked, chapter.contentId, chapter.id, flush],
  )

  const finish = useCallback(
    (last?: ReadProgress) => {
      if (!tracked || finished.current) return
      finished.current = true
      if (timer.current) clearTimeout(timer.current)
      pending.current = null
      const done = finishedProgress(last ?? { href: '', type: '' })
      saveLocalReading(chapter.contentId, chapter.id, done, true)
      if (!auth.signedIn) return
      void api
        .request(endpoints.readFinished, { params, body: { href: done.href, type: done.type }, policy: { silent: true } })
        .catch(() => undefined)
    },
    [tracked, chapter.contentId, chapter.id, params],
  )

  useEffect(() => {
    finished.current = false
    const onHide = () => flush()
    window.addEventListener('pagehide', onHide)
    return () => {
      window.removeEventListener('pagehide', onHide)
      flush()
    }
  }, [flush])

  return { initial, report, finish }
}
