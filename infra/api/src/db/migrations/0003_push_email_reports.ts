import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/** SPEC §7 e-mail link reports: which message and campaign brought a reader to the site. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table push_email_reports (
      id bigserial primary key,
      mmid text not null,
      mmc text not null,
      member_id bigint references members (id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index push_email_reports_message on push_email_reports (mmid, mmc);
    `,
  )
}
