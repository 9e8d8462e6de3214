import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Payments (issue 6): the coin ledger and ticket stock, the per-member wallet row that serialises
 * spending, one-time transaction tokens, and the free-read gauge and subscribe rentals per title.
 *
 * Coins: every movement is a `coin_movements` row (one credit, spend or expiry, idempotent on
 * kind + reason + ref) with its `coin_ledger` rows. A credit writes one positive "grant" row; a
 * spend writes one negative row per grant it draws from (grant_id), so a grant's remainder is its
 * amount plus its spend rows, expiry is exact per grant, and the balance is the sum of the ledger
 * (expired remainders are booked as 'expire' movements).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table coin_wallets (
      member_id bigint primary key references members (id) on delete cascade,
      created_at timestamptz not null default now()
    );
    create table coin_movements (
      id bigserial primary key,
      member_id bigint not null references members (id) on delete cascade,
      kind text not null check (kind in ('credit', 'spend', 'expire')),
      reason text not null,
      ref text not null,
      content_id bigint references contents (id) on delete set null,
      chapter_ids integer[] not null default '{}',
      created_at timestamptz not null
    );
    create unique index coin_movements_ref on coin_movements (kind, reason, ref);
    create index coin_movements_member on coin_movements (member_id, id desc);
    create table coin_ledger (
      id bigserial primary key,
      movement_id bigint not null references coin_movements (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      coin_type text not null check (coin_type in ('purchased', 'free', 'bonus')),
      amount integer not null check (amount <> 0),
      expires_at timestamptz,
      reason text not null,
      ref text not null,
      grant_id bigint references coin_ledger (id) on delete cascade,
      created_at timestamptz not null,
      check ((grant_id is null) = (amount > 0))
    );
    create index coin_ledger_member on coin_ledger (member_id, grant_id);
    create index coin_ledger_grant on coin_ledger (grant_id);
    create index coin_ledger_movement on coin_ledger (movement_id);
    create table ticket_ledger (
      id bigserial primary key,
      member_id bigint not null references members (id) on delete cascade,
      content_id bigint references contents (id) on delete cascade,
      amount integer not null check (amount <> 0),
      expires_at timestamptz,
      reason text not null,
      ref text not null,
      grant_id bigint references ticket_ledger (id) on delete cascade,
      chapter_id bigint references chapters (id) on delete set null,
      created_at timestamptz not null,
      check ((grant_id is null) = (amount > 0))
    );
    create unique index ticket_ledger_credit on ticket_ledger (reason, ref) where grant_id is null;
    create index ticket_ledger_member on ticket_ledger (member_id, grant_id);
    create index ticket_ledger_grant on ticket_ledger (grant_id);
    create table coin_transaction_tokens (
      token text primary key,
      member_id bigint not null references members (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      action text,
      outcome text
    );
    create index coin_transaction_tokens_member on coin_transaction_tokens (member_id, created_at);
    create table title_gauges (
      member_id bigint not null references members (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      used_at timestamptz not null,
      primary key (member_id, content_id)
    );
    create table subscribe_rentals (
      member_id bigint not null references members (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      chapter_id bigint not null references chapters (id) on delete cascade,
      created_at timestamptz not null,
      primary key (member_id, content_id)
    );
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `drop table if exists subscribe_rentals;
    drop table if exists title_gauges;
    drop table if exists coin_transaction_tokens;
    drop table if exists ticket_ledger;
    drop table if exists coin_ledger;
    drop table if exists coin_movements;
    drop table if exists coin_wallets;
    `,
  )
}
