import { safeStorage, STORAGE_KEYS, type Chapter, type ReadProgress } from '@koma/contracts'

/**
 * SPEC §4 session reading status: kept locally per content and chapter with its position, so a
 * signed-out reader resumes where they were (signed-in readers also have it on the server).
 * Bounded: the oldest chapters are forgotten past MAX_CHAPTERS.
 */
export interface LocalReading extends ReadProgress {
  contentId: number
  chapterId: number
  finished: boolean
  updatedAt: number
}

const MAX_CHAPTERS = 300

type Store = Record<string, LocalReading>

function readAll(): Store {
  const raw = safeStorage.get(STORAGE_KEYS.readingStatus)
  if (!raw) return {}
  try {
    const parsed = JSON.parse(raw) as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Store) : {}
  } catch {
    return {}
  }
}

const keyOf = (contentId: number, chapterId: number): string => `${contentId}:${chapterId}`

export function localReading(contentId: number, chapterId: number): LocalReading | null {
  return readAll()[keyOf(contentId, chapterId)] ?? null
}

export function saveLocalReading(contentId: number, chapterId: number, progress: ReadProgress, finished: boolean, now = Date.now()): void {
  const all = readAll()
  const key = keyOf(contentId, chapterId)
  const previous = all[key]
  all[key] = { ...progress, contentId, chapterId, finished: finished || Boolean(previous?.finished), updatedAt: now }
  const keys = Object.keys(all)
  if (keys.length > MAX_CHAPTERS) {
    keys.sort((a, b) => (all[a]?.updatedAt ?? 0) - (all[b]?.updatedAt ?? 0))
    for (const old of keys.slice(0, keys.length - MAX_CHAPTERS)) delete all[old]
  }
  safeStorage.set(STORAGE_KEYS.readingStatus, JSON.stringify(all))
}

/** Every chapter of a title read on this browser, newest first (episode lists mark them read). */
export function localReadingOfContent(contentId: number): LocalReading[] {
  return Object.values(readAll())
    .filter((entry) => entry.contentId === contentId)
    .sort((a, b) => b.updatedAt - a.updatedAt)
}

/** Where a chapter opens: the signed-in reader's saved place (the API's), else this browser's, else its start (null). */
export function openingPlace(chapter: Pick<Chapter, 'contentId' | 'id' | 'progress'>): ReadProgress | null {
  return chapter.progress ?? localReading(chapter.contentId, chapter.id) ?? null
}
