import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * First-party analytics and the do-not-share choice (issue 15, SPEC §1, §7): the events the
 * browser reports (page views, the referral, SPEC's named events), kept by our own API and
 * exported by a command; and the member's "do not share my personal information" setting.
 * An event keeps the reader's client uid (the SPEC §7 header, a random id of the browser) and
 * member id, never an address or an e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table member_settings add column do_not_share boolean not null default false;
    create table analytics_events (
      id bigserial primary key,
      name text not null,
      path text not null,
      locale text,
      client_uid text,
      member_id bigint,
      props jsonb,
      occurred_at timestamptz not null,
      received_at timestamptz not null default now()
    );
    create index analytics_events_received on analytics_events (received_at);
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table analytics_events;
    alter table member_settings drop column do_not_share;
    `,
  )
}
