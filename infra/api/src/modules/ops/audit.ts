import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage } from '@koma/contracts/server'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'

/**
 * The audit log (issue 17): every operator action, who, when, what, before and after. Rows are
 * only ever inserted: there is no call that changes one, and the database refuses UPDATE, DELETE
 * and TRUNCATE on the table (a trigger, migration 0700), whoever is connected.
 */

export interface Actor {
  /** The operator; null for the command line. */
  memberId: number | null
  /** As shown in the log: `nickname (#id)` or `cli:<system user>`. */
  label: string
}

export interface AuditRecord {
  action: string
  target: string
  before?: unknown
  after?: unknown
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value))

/**
 * Write one entry, in the caller's transaction (the action and its entry land together or not at
 * all). Its time is the database's own (`now()`), never the API's debug clock.
 */
export async function writeAudit(trx: Transaction<Database> | Kysely<Database>, actor: Actor, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actor.memberId,
      actor: actor.label,
      action: record.action,
      target: record.target,
      before: json(record.before),
      after: json(record.after),
    })
    .execute()
}

const parse = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)

/** Newest first, `pageSize` at a time, older than entry `before`; optionally one action (or a prefix such as `comment.`). */
export async function auditPage(db: Kysely<Database>, query: { before?: unknown; pageSize?: unknown; action?: unknown }): Promise<AuditPage> {
  const pageSize = query.pageSize === undefined || query.pageSize === '' ? AUDIT_PAGE_SIZE.default : Number(query.pageSize)
  if (typeof query.pageSize === 'object' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > AUDIT_PAGE_SIZE.max)
    throw apiError('invalidParameter', { field: 'pageSize' })
  const before = query.before === undefined || query.before === '' ? null : Number(query.before)
  if (before !== null && (typeof query.before !== 'string' || !/^\d{1,15}$/.test(query.before))) throw apiError('invalidParameter', { field: 'before' })
  if (query.action !== undefined && (typeof query.action !== 'string' || !/^[a-z.]{0,40}$/.test(query.action)))
    throw apiError('invalidParameter', { field: 'action' })
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
  if (before !== null) q = q.where('id', '<', before)
  const action = typeof query.action === 'string' ? query.action : ''
  if (action) q = action.endsWith('.') ? q.where('action', 'like', `${action}%`) : q.where('action', '=', action)
  const rows = await q.execute()
  const entries: AuditEntry[] = rows.slice(0, pageSize).map((row) => ({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: parse(row.before) ?? null,
    after: parse(row.after) ?? null,
  }))
  return { entries, next: rows.length > pageSize ? (entries.at(-1)?.id ?? null) : null }
}
