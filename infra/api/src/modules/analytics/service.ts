import { ANALYTICS_LIMITS, analyticsPath, type AnalyticsEvent, type Locale } from '@koma/contracts/server'
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { appSecret } from '../../db/secrets'
import type { AppDeps } from '../../deps'

/** A browser's clock may be off; an event is kept at most this far from the server's time. */
const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000

/** The key of visitor pseudonyms (its text is what migration 0995 hashed older events with). */
const VISITOR_SECRET = 'analytics-visitor'

/**
 * The browser as analytics know it (issue 33): a keyed hash of its SPEC §7 device id, the same
 * for every event of that browser, which tells nobody without the key which browser it was (the
 * device id travels in the clear with every call). Migration 0995 rewrote older events alike.
 */
export async function visitorId(db: Kysely<Database>, deviceId: string | null): Promise<string | null> {
  if (deviceId === null) return null
  return createHash('sha256')
    .update(`${(await appSecret(db, VISITOR_SECRET)).toString('base64url')}|${deviceId}`)
    .digest('hex')
    .slice(0, 32)
}

/** Store a batch; its times are bounded by the server's clock, its paths stripped of their locale prefix. */
export async function storeEvents(
  deps: AppDeps,
  events: AnalyticsEvent[],
  who: { locale: Locale; deviceId: string | null; memberId: number | null },
): Promise<number> {
  const visitor = await visitorId(deps.db, who.deviceId)
  const now = deps.clock.now().getTime()
  const rows = events.map((event) => ({
    name: event.name,
    path: analyticsPath(event.path).slice(0, ANALYTICS_LIMITS.text),
    locale: who.locale,
    visitor_id: visitor,
    member_id: who.memberId,
    event_id: event.id ?? null,
    props: event.props && Object.keys(event.props).length ? JSON.stringify(event.props) : null,
    occurred_at: new Date(Math.min(now, Math.max(now - CLOCK_SLACK_MS, event.at))),
    received_at: new Date(now),
  }))
  // A batch sent again (the page's last one goes with keepalive as the reader leaves) is kept once.
  const stored = await deps.db
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  return stored.length
}

export interface ExportedEvent {
  id: number
  name: string
  path: string
  locale: string | null
  visitorId: string | null
  memberId: number | null
  props: Record<string, unknown> | null
  occurredAt: string
  receivedAt: string
}

/** Events received in [since, until), oldest first, in pages (an export of millions does not sit in memory). */
export async function* exportEvents(deps: Pick<AppDeps, 'db'>, range: { since?: Date; until?: Date }, pageSize = 5000): AsyncGenerator<ExportedEvent> {
  let after = 0
  for (;;) {
    let query = deps.db.selectFrom('analytics_events').selectAll().where('id', '>', after).orderBy('id', 'asc').limit(pageSize)
    if (range.since) query = query.where('received_at', '>=', range.since)
    if (range.until) query = query.where('received_at', '<', range.until)
    const rows = await query.execute()
    for (const row of rows) {
      yield {
        id: Number(row.id),
        name: row.name,
        path: row.path,
        locale: row.locale,
        visitorId: row.visitor_id,
        memberId: row.member_id === null ? null : Number(row.member_id),
        props: typeof row.props === 'string' ? (JSON.parse(row.props) as Record<string, unknown>) : row.props,
        occurredAt: new Date(row.occurred_at).toISOString(),
        receivedAt: new Date(row.received_at).toISOString(),
      }
    }
    const last = rows.at(-1)
    if (last === undefined || rows.length < pageSize) return
    after = Number(last.id)
  }
}

const CSV_COLUMNS = ['id', 'name', 'path', 'locale', 'visitorId', 'memberId', 'props', 'occurredAt', 'receivedAt'] as const

/** One CSV field (RFC 4180), and never a formula when opened in a spreadsheet. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\n`
export const csvLine = (event: ExportedEvent): string => `${CSV_COLUMNS.map((column) => csvField(event[column])).join(',')}\n`
export const jsonLine = (event: ExportedEvent): string => `${JSON.stringify(event)}\n`
