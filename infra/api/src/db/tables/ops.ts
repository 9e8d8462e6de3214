import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt, Timestamp } from './columns'

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

/** Columns migration 0700 adds to other areas' tables (declared here so their files stay as they are). */
declare module './members' {
  interface MembersTable {
    role: ColumnType<'reader' | 'operator', 'reader' | 'operator' | undefined, 'reader' | 'operator'>
    suspended_at: Nullable<Date | string>
    comment_muted_until: Nullable<Date | string>
  }
  interface SessionsTable {
    /** When this session last confirmed the operator's second factor. */
    operator_verified_at: Nullable<Date | string>
    /** Two-code mode (migration 0760): the time step of the first right code, and when it was typed. */
    operator_first_step: Nullable<number | string>
    operator_first_at: Nullable<Date | string>
  }
}
declare module './catalogue' {
  interface ContentsTable {
    /** Hidden by an operator (migration 0730): unknown to every reader call until unhidden. */
    hidden_at: Nullable<Date | string>
  }
}
declare module './community' {
  interface CommentsTable {
    /** Hidden by an operator: gone for every reader until restored. */
    hidden_at: Nullable<Date | string>
  }
  interface CommentReportsTable {
    resolved_at: Nullable<Date | string>
    resolved_by: Nullable<number>
  }
  interface ContentReportsTable {
    resolved_at: Nullable<Date | string>
    resolved_by: Nullable<number>
  }
}

/** An operator's TOTP secret; confirmed once a code from the app matched. */
export interface OperatorFactorsTable {
  member_id: number
  secret: string
  confirmed_at: Timestamp | null
  /** The last time step accepted: a code is good once. */
  last_step: ColumnType<number | string, number | undefined, number>
  created_at: CreatedAt
}

/** A one-time set-up code the command printed (migration 0760): its SHA-256 only, until used or expired. */
export interface OperatorEnrolmentCodesTable {
  member_id: number
  code_hash: string
  expires_at: Timestamp
  created_at: Timestamp
}

/**
 * Second-factor attempts as counters (migration 0760), one row per (operator, subject): `s:<session
 * id>`, `a:<address>`, or '' for the operator across everything (limits.ts OPERATOR_FACTOR_LOCK).
 */
export interface OperatorFactorAttemptsTable {
  member_id: number
  subject: string
  attempts: number
  window_started_at: Timestamp
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: Generated<number>
  at: ColumnType<Date, never, never>
  actor_id: number | null
  actor: string
  action: string
  target: ColumnType<string, string | undefined, never>
  before: ColumnType<unknown, string | null | undefined, never>
  after: ColumnType<unknown, string | null | undefined, never>
}

/** One row per state operators set: `maintenance`, `update` (JSON in the shape of contracts' settings). */
export interface ServiceStatesTable {
  name: string
  value: ColumnType<unknown, string, string>
  updated_at: Timestamp
}

export interface OpsTables {
  operator_factors: OperatorFactorsTable
  operator_enrolment_codes: OperatorEnrolmentCodesTable
  operator_factor_attempts: OperatorFactorAttemptsTable
  audit_log: AuditLogTable
  service_states: ServiceStatesTable
}
