import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * The faketime debug hook's shift (SPEC §7, outside production) as one row every API process on
 * the database reads (issue 18): a clock moved through one process moves them all, and a process
 * that starts or reconnects afterwards takes the same time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table debug_clock (
      id smallint primary key default 1 check (id = 1),
      offset_ms bigint not null,
      updated_at timestamptz not null
    );
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table debug_clock;`)
}
