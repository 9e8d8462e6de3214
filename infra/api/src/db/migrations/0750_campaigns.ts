import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Campaigns operators run (issue 17): home sections and their tiles get a start and an end (home
 * popups had them already), and gifts are sent by campaign: one row per gift an operator sent (to
 * one member or to everyone), its request key unique so a retried send is the same gift, and each
 * inbox copy naming its campaign, once per member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table home_sections add column start_at timestamptz;
    alter table home_sections add column end_at timestamptz;
    alter table home_elements add column start_at timestamptz;
    alter table home_elements add column end_at timestamptz;
    create table gift_campaigns (
      id bigserial primary key,
      request_key text not null unique,
      audience text not null check (audience in ('member', 'everyone')),
      member_id bigint references members (id) on delete set null,
      texts jsonb not null,
      kind text not null check (kind in ('coin', 'ticket')),
      coin_type text check (coin_type in ('free', 'bonus')),
      amount integer not null check (amount > 0),
      content_id bigint references contents (id) on delete set null,
      grant_valid_days integer,
      starts_at timestamptz not null,
      ends_at timestamptz,
      created_by bigint,
      created_at timestamptz not null default now()
    );
    create index gift_campaigns_everyone on gift_campaigns (starts_at) where audience = 'everyone';
    alter table inbox_gifts add column campaign_id bigint references gift_campaigns (id);
    create unique index inbox_gifts_campaign_member on inbox_gifts (campaign_id, member_id);
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index if exists inbox_gifts_campaign_member;
    alter table inbox_gifts drop column campaign_id;
    drop table if exists gift_campaigns;
    alter table home_elements drop column start_at, drop column end_at;
    alter table home_sections drop column start_at, drop column end_at;
    `,
  )
}
