import { NO_ACTIVITY, type ChapterActivity } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'

/**
 * SPEC §3 chapter activity for one member: unlocked (owned), rented, and the seconds a rental
 * has left, by the API's clock (so faketime moves expiries). Chapters with no access are absent.
 */
export async function chapterActivities(deps: AppDeps, memberId: number | null, chapterIds: readonly number[]): Promise<Map<number, ChapterActivity>> {
  const activities = new Map<number, ChapterActivity>()
  if (memberId === null || chapterIds.length === 0) return activities
  const now = deps.clock.now().getTime()
  const rows = await deps.db
    .selectFrom('chapter_access')
    .select(['chapter_id', 'kind', 'expires_at'])
    .where('member_id', '=', memberId)
    .where('chapter_id', 'in', chapterIds)
    .execute()
  for (const row of rows) {
    const activity = activities.get(row.chapter_id) ?? { ...NO_ACTIVITY }
    if (row.kind === 'owned') activity.unlocked = true
    else {
      const left = row.expires_at ? Math.max(0, Math.floor((new Date(row.expires_at).getTime() - now) / 1000)) : 0
      activity.rented = true
      activity.rentRemained = Math.max(activity.rentRemained, left)
    }
    activities.set(row.chapter_id, activity)
  }
  return activities
}

/** The chapter of a title the member read most recently ("continue reading"). */
export async function lastReadChapterId(deps: AppDeps, memberId: number | null, contentId: number): Promise<number | null> {
  if (memberId === null) return null
  const row = await deps.db
    .selectFrom('read_progress')
    .select('chapter_id')
    .where('member_id', '=', memberId)
    .where('content_id', '=', contentId)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.chapter_id ?? null
}
