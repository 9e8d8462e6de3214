import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Release notifications get a switch of their own (issue 35): the web sends them (an e-mail and an
 * inbox message when a title the reader asked about is released), so settings show a toggle and a
 * release mail's unsubscribe link turns it off, keeping the titles the reader asked about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `alter table member_settings add column notify_release boolean not null default true;`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `alter table member_settings drop column notify_release;`)
}
