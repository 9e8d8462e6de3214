import type { ColumnType, Generated } from 'kysely'

/** First-party analytics (migration 0900). */
export interface AnalyticsEventsTable {
  id: Generated<number>
  name: string
  /** The page's path without its locale prefix. */
  path: string
  locale: string | null
  /** A pseudonym of the browser: a keyed hash of its SPEC §7 device id (migration 0995, analytics/service.ts). */
  visitor_id: string | null
  member_id: number | null
  /** The id the page gave the event (migration 0996): one row per visitor and id. */
  event_id: ColumnType<string | null, string | null | undefined, string | null>
  props: ColumnType<Record<string, unknown> | null, string | null, string | null>
  /** By the browser's clock (bounded by the server's). */
  occurred_at: ColumnType<Date, Date | string, Date | string>
  received_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable
}
