import type { Generated } from 'kysely'
import type { Timestamp } from './columns'

export interface PushEmailReportsTable {
  id: Generated<number>
  mmid: string
  mmc: string
  member_id: number | null
  created_at: Timestamp
}

/** Platform: e-mail link reports. */
export interface PlatformTables {
  push_email_reports: PushEmailReportsTable
}
