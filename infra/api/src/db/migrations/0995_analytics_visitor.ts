import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Analytics keep a pseudonym of the browser, never its SPEC §7 device id (issue 33): the id is sent
 * in the clear with every call, and an export that held it named the browser (and, before 0395,
 * could resume its guest). `visitor_id` is the first 32 hex digits of SHA-256 over a secret kept in
 * `app_secrets` and the device id (analytics/service.ts visitorId): the same browser still counts
 * as one visitor, and nobody without the secret can tell which. Events already kept are rewritten
 * the same way here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `alter table analytics_events rename column client_uid to visitor_id;`)
  // The key only where there are events to rewrite: a new database stays empty (the API makes the
  // key on its first event, and `npm run migrate -- --from-pglite` copies only into empty ones).
  await sql`
    insert into app_secrets (name, value)
    select 'analytics-visitor', ${randomBytes(32).toString('base64url')}
    where exists (select 1 from analytics_events where visitor_id is not null)
    on conflict (name) do nothing
  `.execute(db)
  await sql`
    update analytics_events set visitor_id = substr(encode(sha256(convert_to(s.value || '|' || visitor_id, 'UTF8')), 'hex'), 1, 32)
    from app_secrets s where s.name = 'analytics-visitor' and visitor_id is not null
  `.execute(db)
}

/** The device ids cannot come back: the column keeps its pseudonyms under its old name. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `alter table analytics_events rename column visitor_id to client_uid;`)
}
