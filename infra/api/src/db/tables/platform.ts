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

/** Platform: e-mail link reports, shared secrets. */
export interface PlatformTables {
  push_email_reports: PushEmailReportsTable
  app_secrets: AppSecretsTable
}
