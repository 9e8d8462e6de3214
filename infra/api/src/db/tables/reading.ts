import type { ColumnType } from 'kysely'
import type { Timestamp } from './columns'

/** A column with a SQL default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

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
  href: Defaulted<string>
  type: Defaulted<string>
  progression: Defaulted<number>
  total_progression: Defaulted<number>
  position: Defaulted<number>
  finished: Defaulted<boolean>
  updated_at: Timestamp | undefined
}

/** What a member may read, and where they are. */
export interface ReadingTables {
  chapter_access: ChapterAccessTable
  read_progress: ReadProgressTable
}
