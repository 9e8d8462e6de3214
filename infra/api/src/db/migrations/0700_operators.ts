import { sql, type Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Operators (issue 17): the operator role on member accounts, their TOTP second factor and the
 * session's step-up, the append-only audit log, the service states operators set (maintenance,
 * the update flag), moderation (hidden comments, resolved reports, muted and suspended members).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table members add column role text not null default 'reader' check (role in ('reader', 'operator'));
    alter table members add column suspended_at timestamptz;
    alter table members add column comment_muted_until timestamptz;
    alter table sessions add column operator_verified_at timestamptz;
    create table operator_factors (
      member_id bigint primary key references members (id) on delete cascade,
      secret text not null,
      confirmed_at timestamptz,
      last_step bigint not null default 0,
      failed_count integer not null default 0,
      failed_window_start timestamptz,
      created_at timestamptz not null default now()
    );
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor_id bigint,
      actor text not null,
      action text not null,
      target text not null default '',
      before jsonb,
      after jsonb
    );
    create index audit_log_action on audit_log (action, id desc);
    create table service_states (
      name text primary key,
      value jsonb not null,
      updated_at timestamptz not null
    );
    alter table comments add column hidden_at timestamptz;
    alter table comment_reports add column resolved_at timestamptz;
    alter table comment_reports add column resolved_by bigint;
    alter table content_reports add column resolved_at timestamptz;
    alter table content_reports add column resolved_by bigint;
    create index content_reports_queue on content_reports (created_at) where status = 'queued';
    `,
  )
  // The audit log is append-only in the database itself, whoever connects: a function body holds
  // semicolons, so it is its own statement.
  await sql
    .raw(
      `create function audit_log_refuse_change() returns trigger language plpgsql as $$ begin raise exception 'audit_log is append-only: % refused', tg_op; end $$`,
    )
    .execute(db)
  await sql
    .raw(`create trigger audit_log_no_update_delete before update or delete on audit_log for each row execute function audit_log_refuse_change()`)
    .execute(db)
  await sql.raw(`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_refuse_change()`).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table if exists audit_log, operator_factors, service_states;
    drop function if exists audit_log_refuse_change;
    drop index if exists content_reports_queue;
    alter table content_reports drop column resolved_at, drop column resolved_by;
    alter table comment_reports drop column resolved_at, drop column resolved_by;
    alter table comments drop column hidden_at;
    alter table sessions drop column operator_verified_at;
    alter table members drop column role, drop column suspended_at, drop column comment_muted_until;
    `,
  )
}
