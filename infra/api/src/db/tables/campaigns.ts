import type { GIFT_AUDIENCES, RewardCoinType, RewardKind } from '@koma/contracts/server'
import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './columns'

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

/** Columns migration 0750 adds to other areas' tables (declared here so their files stay as they are). */
declare module './catalogue' {
  interface HomeSectionsTable {
    /** Readers see the section from then on (null: always). */
    start_at: Nullable<Date | string>
    /** And no longer from then on (null: until ended). */
    end_at: Nullable<Date | string>
  }
  interface HomeElementsTable {
    start_at: Nullable<Date | string>
    end_at: Nullable<Date | string>
  }
}
declare module './accounts' {
  interface InboxGiftsTable {
    /** The operator's gift this inbox copy came from (one per member and campaign). */
    campaign_id: Nullable<number>
  }
}

/** A gift an operator sent, to one member or to everyone (migration 0750). */
export interface GiftCampaignsTable {
  id: Generated<number>
  /** The sender's key for this gift: the same key again is the same gift. */
  request_key: string
  audience: (typeof GIFT_AUDIENCES)[number]
  member_id: number | null
  texts: ColumnType<Record<string, { title: string; description: string }>, string, string>
  kind: RewardKind
  coin_type: RewardCoinType | null
  amount: number
  content_id: number | null
  grant_valid_days: number | null
  starts_at: Timestamp
  ends_at: Timestamp | null
  created_by: number | null
  created_at: CreatedAt
}

export interface CampaignTables {
  gift_campaigns: GiftCampaignsTable
}
