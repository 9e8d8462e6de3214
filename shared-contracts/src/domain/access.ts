import type { ChapterFileSalesType } from '../routes/params'
import type { ChapterActivity, SalesConfig } from './types'

/**
 * May the reader open this chapter file now? Trial files need a trial; full files need the
 * chapter to be free, unlocked (owned) or rented with time remaining. The API refuses anything
 * else, and the episode list uses the same rule to send readers straight to the viewer.
 */
export function chapterIsReadable(input: {
  salesType: ChapterFileSalesType
  hasTrial: boolean
  salesConfig: Pick<SalesConfig, 'free'>
  activity: ChapterActivity
}): boolean {
  if (input.salesType === 'trial') return input.hasTrial
  if (input.salesConfig.free) return true
  if (input.activity.unlocked) return true
  return input.activity.rented && input.activity.rentRemained > 0
}

export const NO_ACTIVITY: ChapterActivity = { unlocked: false, rented: false, rentRemained: 0 }
