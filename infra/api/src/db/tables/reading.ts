import type { Generated } from 'kysely'
import type { Timestamp } from './columns'

export interface ChapterAccessTable {
  member_id: number
  chapter_id: number
  content_id: number
  /** owned: bought for good; rented: readable until expires_at. */
  kind: 'owned' | 'rented'
  via: 'coin' | 'gauge' | 'ticket' | 'subscribe' | 'coupon' | 'gift' | 'free'
  expires_at: Timestamp | null
  created_at: Timestamp | undefined
}

export interface ReadProgressTable {
  member_id: number
  chapter_id: number
  content_id: number
  /** SPEC §3 read progress (a Readium Locator; comics: href = page, position = page number). */
  href: Generated<string>
  type: Generated<string>
  progression: Generated<number>
  total_progression: Generated<number>
  position: Generated<number>
  finished: Generated<boolean>
  updated_at: Timestamp | undefined
}

/** What a member may read, and where they are. */
export interface ReadingTables {
  chapter_access: ChapterAccessTable
  read_progress: ReadProgressTable
}
