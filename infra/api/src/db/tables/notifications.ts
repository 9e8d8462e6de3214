import type { NotificationKind } from '@koma/contracts/server'
import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './columns'

/** Columns migration 0700 adds to `members`: remembered from the member's own requests. */
declare module './members' {
  interface MembersTable {
    /** The site language the member last used (mails and inbox messages are written in it). */
    locale: ColumnType<string | null, string | null | undefined, string | null>
    /**
     * The account's time zone (issue 33): the day of its daily bonus and its night window. Stored
     * once from the browser's zone (SPEC §7 header) when the account or guest is made, or on
     * first use; then changed only by the member's setting (http/readerTime.ts).
     */
    time_zone: ColumnType<string | null, string | null | undefined, string | null>
    /** When the member's setting last changed time_zone (0810): once in ACCOUNT_LIMITS.timeZoneChangeDays. */
    time_zone_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  }
}

export interface NotificationsTable {
  id: Generated<number>
  member_id: number
  kind: NotificationKind
  /** With member_id, the idempotency key: 'chapter:12', 'news:3', 'gift:40'. */
  dedupe_key: string
  content_id: number | null
  chapter_id: number | null
  news_id: number | null
  gift_id: number | null
  status: ColumnType<'pending' | 'sent' | 'skipped', 'pending' | 'sent' | 'skipped' | undefined, 'pending' | 'sent' | 'skipped'>
  /** When it may go out (the API clock): after the night window when the member keeps it. */
  due_at: Timestamp
  attempts: ColumnType<number, number | undefined, number>
  /** A delivery in progress (real time): another worker leaves it alone for a while. */
  claimed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** When a delivery job was last queued for it (real time). */
  queued_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  emailed: ColumnType<boolean, boolean | undefined, boolean>
  created_at: CreatedAt
}

export interface NewsMailsTable {
  id: Generated<number>
  texts: ColumnType<Record<string, { subject: string; body: string }>, string, string>
  link_url: string | null
  created_at: CreatedAt
}

/** Named moments: 'releases' = chapters published up to here have been announced. */
export interface NotificationMarksTable {
  name: string
  at: Timestamp
}

export interface NotificationTables {
  notifications: NotificationsTable
  news_mails: NewsMailsTable
  notification_marks: NotificationMarksTable
}
