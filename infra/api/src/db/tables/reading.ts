import type { AccessKind } from '@koma/contracts/server'
import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from './columns'

/** A column with a SQL default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

export interface ChapterAccessTable {
  member_id: number
  chapter_id: number
  content_id: number
  /** owned: bought for good; rented: readable until expires_at. */
  kind: AccessKind
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

/** A run of progress saves with no long gap (migration 0290): the time read "Your reading" counts. */
export interface ReadingSittingsTable {
  id: Generated<number>
  member_id: number
  started_at: Timestamp
  last_at: Timestamp
}

/** What a member may read, and where they are. */
export interface ReadingTables {
  chapter_access: ChapterAccessTable
  read_progress: ReadProgressTable
  reading_sittings: ReadingSittingsTable
}
