import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * "Your reading" (issue 37 item 6): read_progress keeps one row per chapter, overwritten, so it
 * cannot say how long anyone read. A sitting is a run of progress saves with no gap longer than
 * ten minutes (domain/readingStats.ts SITTING_GAP_MINUTES): the viewer saves after each stop
 * (debounced 1.5 s), and the first save to the last is the time read it counts. Only the member
 * sees it; it goes with the member row and with the account's deletion (account/queries.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table reading_sittings (
       id bigserial primary key,
       member_id bigint not null references members (id) on delete cascade,
       started_at timestamptz not null,
       last_at timestamptz not null
     );
     create index reading_sittings_member_last on reading_sittings (member_id, last_at desc);`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table if exists reading_sittings;`)
}
