import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Titles an operator hid (issue 17): a hidden title is unknown to readers everywhere (home,
 * lists, rankings, search, its pages) until unhidden; the console still shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table contents add column hidden_at timestamptz;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table contents drop column hidden_at;
    `,
  )
}
