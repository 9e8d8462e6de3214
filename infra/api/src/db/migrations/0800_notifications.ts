import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Notifications that arrive (issue 15): what each member is told (release of a coming-soon title,
 * a new episode of a subscribed title, a free episode, a news mail, a gift about to expire), by
 * e-mail and as an inbox message. One row per member and notification: the unique
 * (member_id, dedupe_key) is the idempotency key, so two API processes scanning the same
 * release, or a job retried, never tell a member twice. The members' language and time zone
 * are remembered from their requests (the night window is the reader's own 21:00–8:00).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table members add column locale text;
    alter table members add column time_zone text;
    create table notifications (
      id bigserial primary key,
      member_id bigint not null references members (id) on delete cascade,
      kind text not null check (kind in ('release', 'new_episode', 'free_episode', 'news', 'gift_expiring')),
      dedupe_key text not null,
      content_id bigint,
      chapter_id bigint,
      news_id bigint,
      gift_id bigint,
      status text not null default 'pending' check (status in ('pending', 'sent', 'skipped')),
      due_at timestamptz not null,
      attempts integer not null default 0,
      claimed_at timestamptz,
      queued_at timestamptz,
      sent_at timestamptz,
      emailed boolean not null default false,
      created_at timestamptz not null default now(),
      unique (member_id, dedupe_key)
    );
    create index notifications_pending on notifications (due_at) where status = 'pending';
    create table news_mails (
      id bigserial primary key,
      texts jsonb not null,
      link_url text,
      created_at timestamptz not null default now()
    );
    create table notification_marks (
      name text primary key,
      at timestamptz not null
    );
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table notification_marks;
    drop table news_mails;
    drop table notifications;
    alter table members drop column locale, drop column time_zone;
    `,
  )
}
