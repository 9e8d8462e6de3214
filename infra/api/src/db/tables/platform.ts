import type { Generated } from 'kysely'
import type { Timestamp } from './columns'

export interface PushEmailReportsTable {
  id: Generated<number>
  mmid: string
  mmc: string
  member_id: number | null
  created_at: Timestamp
}

/** Generated keys every API process on one database shares (e.g. the URL-signing key). */
export interface AppSecretsTable {
  name: string
  value: string
  created_at: Generated<Timestamp>
}

/** The faketime hook's shift, shared by every API process (outside production only; one row). */
export interface DebugClockTable {
  id: Generated<number>
  offset_ms: number
  updated_at: Timestamp
}

/** Platform: e-mail link reports, shared secrets, the shared debug clock. */
export interface PlatformTables {
  push_email_reports: PushEmailReportsTable
  app_secrets: AppSecretsTable
  debug_clock: DebugClockTable
}
