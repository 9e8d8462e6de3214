import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * The coin shop (issue 6b): orders with their state machine (reserved → finished | cancelled |
 * failed), members' saved cards, and the state of the local sandbox payment services (the
 * stand-in PayPal order API, the card token service and the redirect payment page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table coin_orders (
      service_order_id text primary key,
      member_id bigint not null references members (id) on delete cascade,
      product_seq bigint not null references coin_products (seq),
      method text not null check (method in ('paypal', 'paypal_credit', 'credit', 'softbank', 'au', 'docomo', 'paypay')),
      provider text not null,
      provider_order_id text,
      state text not null check (state in ('reserved', 'finished', 'cancelled', 'failed')),
      currency text not null check (currency in ('USD', 'JPY')),
      price integer not null,
      purchased_amount integer not null,
      free_amount integer not null,
      failure text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      finished_at timestamptz
    );
    create index coin_orders_member on coin_orders (member_id, created_at desc);
    create unique index coin_orders_provider_order on coin_orders (provider, provider_order_id) where provider_order_id is not null;
    create table saved_cards (
      id bigserial primary key,
      member_id bigint not null references members (id) on delete cascade,
      provider text not null,
      provider_card_id text not null,
      brand text not null,
      last4 text not null,
      expiry text not null,
      holder_name text not null,
      created_at timestamptz not null,
      deleted_at timestamptz
    );
    create index saved_cards_member on saved_cards (member_id) where deleted_at is null;
    create table sandbox_payment_orders (
      id text primary key,
      kind text not null check (kind in ('paypal', 'card', 'redirect')),
      method text not null,
      reference text not null,
      amount integer not null,
      currency text not null,
      status text not null check (status in ('CREATED', 'APPROVED', 'COMPLETED', 'VOIDED', 'DECLINED')),
      payer_id text,
      card_last4 text,
      card_declines boolean not null default false,
      return_url text,
      cancel_url text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create table sandbox_card_tokens (
      token text primary key,
      card_id text unique,
      brand text not null,
      last4 text not null,
      expiry text not null,
      holder_name text not null,
      declines boolean not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    );
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table if exists sandbox_card_tokens, sandbox_payment_orders, saved_cards, coin_orders;\n`)
}
