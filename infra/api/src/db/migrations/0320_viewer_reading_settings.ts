import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * The viewer's own settings (issue 37): auto-scroll's speed step (1 slowest to 5 fastest) and the
 * "Paper (e-ink)" mode, kept per member like the key layout and image quality.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `alter table member_settings add column auto_scroll_speed smallint not null default 3 check (auto_scroll_speed between 1 and 5);
     alter table member_settings add column paper_mode boolean not null default false;`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `alter table member_settings drop column auto_scroll_speed; alter table member_settings drop column paper_mode;`)
}
