import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Sign-in attempts as counters (issue 11): one row per (e-mail, address), plus one per e-mail
 * with address '' for the ceiling across every address, moved by a single upsert before the
 * password is compared, so parallel guesses cannot pass the lock. Replaces signin_failures (one
 * row per failure, counted by a read before the write).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table signin_attempts (
      email text not null,
      address text not null,
      attempts integer not null,
      window_started_at timestamptz not null,
      primary key (email, address)
    );
    create index signin_attempts_window on signin_attempts (window_started_at);
    drop table signin_failures;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table signin_failures (
      id bigserial primary key,
      email text not null,
      ip text not null default '',
      created_at timestamptz not null
    );
    create index signin_failures_email on signin_failures (email, created_at desc);
    drop table signin_attempts;
    `,
  )
}
