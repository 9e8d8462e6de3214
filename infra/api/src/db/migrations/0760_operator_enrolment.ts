import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Operators' second factor (issue 33): a first authenticator is set up only with a one-time set-up
 * code the `npm run operator` command printed (stored as its SHA-256, with an expiry); wrong codes
 * are counted per session, per address and per operator (limits.ts OPERATOR_FACTOR_LOCK) instead
 * of one lock per operator that anyone with the password could trip; a session may owe a second,
 * consecutive code. The demo operator the seed used to make (ops@koma.example, a published
 * password, whose first sign-in set up the factor) loses the role everywhere; the audit log says so.
 * A set-up begun but not confirmed was begun with the password alone: it is dropped (the operator
 * gets a set-up code from `npm run operator -- grant` or `reset-totp`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table operator_enrolment_codes (
      member_id bigint primary key references members (id) on delete cascade,
      code_hash text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null
    );
    create table operator_factor_attempts (
      member_id bigint not null references members (id) on delete cascade,
      subject text not null,
      attempts integer not null,
      window_started_at timestamptz not null,
      primary key (member_id, subject)
    );
    alter table sessions add column operator_first_step bigint;
    alter table sessions add column operator_first_at timestamptz;
    alter table operator_factors drop column failed_count;
    alter table operator_factors drop column failed_window_start;
    insert into audit_log (actor, action, target, before, after)
      select 'migration:0760', 'operator.revoke', 'member:' || id, '{"role":"operator"}', '{"role":"reader","reason":"the demo operator (published password)"}'
      from members where lower(email) = 'ops@koma.example' and role = 'operator';
    update sessions set operator_verified_at = null
      where member_id in (select id from members where lower(email) = 'ops@koma.example' and role = 'operator');
    delete from operator_factors
      where member_id in (select id from members where lower(email) = 'ops@koma.example' and role = 'operator');
    update members set role = 'reader' where lower(email) = 'ops@koma.example' and role = 'operator';
    delete from operator_factors where confirmed_at is null;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table operator_factors add column failed_count integer not null default 0;
    alter table operator_factors add column failed_window_start timestamptz;
    alter table sessions drop column operator_first_step, drop column operator_first_at;
    drop table if exists operator_factor_attempts, operator_enrolment_codes;
    `,
  )
}
