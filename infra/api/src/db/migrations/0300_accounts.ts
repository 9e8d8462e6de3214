import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Accounts (issue 5): member details and guests, codes and resets, sign-in throttling, social
 * accounts and the sandbox identity provider, adult verification, settings, inbox gifts and
 * messages, coupons, daily bonus, reward grants (booked into the coin ledger by payments),
 * inquiries and documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table members add column mobile text;
    alter table members add column birthday text;
    alter table members add column marketing_agree boolean not null default false;
    alter table members add column password_changed_at timestamptz;
    alter table members add column password_postponed_at timestamptz;
    alter table members add column terms_version integer not null default 0;
    alter table members add column guest_device_id text;
    alter table members add column last_signin_at timestamptz;
    alter table members add column deleted_at timestamptz;
    create unique index members_guest_device on members (guest_device_id) where guest_device_id is not null;
    create table member_settings (
      member_id bigint primary key references members (id) on delete cascade,
      notify_marketing boolean not null default false,
      notify_subscription boolean not null default true,
      notify_free_episode boolean not null default true,
      notify_news_email boolean not null default false,
      night_restriction boolean not null default true,
      key_layout text not null default 'auto' check (key_layout in ('auto', 'fixed')),
      image_quality_wifi text not null default 'high' check (image_quality_wifi in ('high', 'data_saving')),
      image_quality_mobile text not null default 'data_saving' check (image_quality_mobile in ('high', 'data_saving')),
      updated_at timestamptz not null default now()
    );
    create table email_codes (
      id bigserial primary key,
      email text not null,
      purpose text not null check (purpose in ('signup', 'changeEmail')),
      code_hash text not null,
      member_id bigint references members (id) on delete cascade,
      attempts integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      verified_at timestamptz,
      used_at timestamptz
    );
    create index email_codes_email on email_codes (lower(email), purpose, created_at desc);
    create table password_resets (
      token_hash text primary key,
      member_id bigint not null references members (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create table signin_failures (
      id bigserial primary key,
      email text not null,
      ip text not null default '',
      created_at timestamptz not null
    );
    create index signin_failures_email on signin_failures (email, created_at desc);
    create table external_accounts (
      member_id bigint not null references members (id) on delete cascade,
      provider text not null,
      subject text not null,
      email text,
      linked_at timestamptz not null default now(),
      primary key (member_id, provider)
    );
    create unique index external_accounts_subject on external_accounts (provider, subject);
    create table oauth_states (
      state text primary key,
      provider text not null,
      purpose text not null check (purpose in ('signin', 'link')),
      member_id bigint references members (id) on delete cascade,
      code_verifier text not null,
      nonce text not null,
      redirect_uri text not null,
      redirect text not null default '/',
      expires_at timestamptz not null
    );
    create table pending_social_signups (
      token_hash text primary key,
      provider text not null,
      subject text not null,
      email text,
      nickname text not null,
      redirect text not null default '/',
      expires_at timestamptz not null
    );
    create table sandbox_idp_grants (
      code text primary key,
      provider text not null,
      client_id text not null,
      redirect_uri text not null,
      code_challenge text,
      subject text not null,
      email text,
      name text not null,
      access_token text unique,
      expires_at timestamptz not null
    );
    create table certifications (
      trade_id text primary key,
      member_id bigint not null references members (id) on delete cascade,
      session_id text not null,
      redirect text not null default '/account/setting',
      code text unique,
      result text check (result in ('verified', 'failed')),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      completed_at timestamptz
    );
    create table reward_grants (
      id bigserial primary key,
      member_id bigint not null references members (id) on delete cascade,
      source text not null check (source in ('gift', 'coupon', 'daily_bonus', 'signup')),
      source_ref text not null,
      kind text not null check (kind in ('coin', 'ticket')),
      coin_type text check (coin_type in ('free', 'bonus')),
      amount integer not null check (amount > 0),
      content_id bigint references contents (id) on delete set null,
      expires_at timestamptz,
      created_at timestamptz not null,
      ledger_ref text,
      booked_at timestamptz,
      unique (source, source_ref),
      check ((kind = 'coin') = (coin_type is not null))
    );
    create index reward_grants_unbooked on reward_grants (member_id) where booked_at is null;
    create table inbox_gifts (
      id bigserial primary key,
      member_id bigint not null references members (id) on delete cascade,
      texts jsonb not null,
      kind text not null check (kind in ('coin', 'ticket')),
      coin_type text check (coin_type in ('free', 'bonus')),
      amount integer not null check (amount > 0),
      content_id bigint references contents (id) on delete set null,
      grant_valid_days integer,
      created_at timestamptz not null,
      expires_at timestamptz,
      claimed_at timestamptz
    );
    create index inbox_gifts_member on inbox_gifts (member_id, created_at desc);
    create table inbox_messages (
      id bigserial primary key,
      member_id bigint not null references members (id) on delete cascade,
      texts jsonb not null,
      link_url text,
      created_at timestamptz not null,
      read_at timestamptz
    );
    create index inbox_messages_member on inbox_messages (member_id, created_at desc);
    create table coupons (
      code text primary key,
      texts jsonb not null,
      kind text not null check (kind in ('coin', 'ticket')),
      coin_type text check (coin_type in ('free', 'bonus')),
      amount integer not null check (amount > 0),
      content_id bigint references contents (id) on delete set null,
      grant_valid_days integer,
      starts_at timestamptz not null,
      ends_at timestamptz,
      max_redemptions integer,
      redeemed_count integer not null default 0
    );
    create table coupon_redemptions (
      code text not null references coupons (code) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      grant_id bigint not null references reward_grants (id) on delete cascade,
      redeemed_at timestamptz not null,
      primary key (code, member_id)
    );
    create table daily_bonus_claims (
      member_id bigint not null references members (id) on delete cascade,
      day text not null,
      grant_id bigint not null references reward_grants (id) on delete cascade,
      claimed_at timestamptz not null,
      primary key (member_id, day)
    );
    create table inquiries (
      id bigserial primary key,
      member_id bigint references members (id) on delete set null,
      email text not null,
      category text not null,
      body text not null,
      locale text not null,
      created_at timestamptz not null
    );
    create table inquiry_uploads (
      token text primary key,
      image_id bigint not null references images (id) on delete cascade,
      device_id text not null,
      inquiry_id bigint references inquiries (id) on delete cascade,
      created_at timestamptz not null
    );
    create table account_deletions (
      id bigserial primary key,
      reason text not null,
      deleted_at timestamptz not null
    );
    create table notices (
      id bigserial primary key,
      category text not null check (category in ('notice', 'event', 'maintenance', 'update')),
      pinned boolean not null default false,
      published_at timestamptz not null
    );
    create table notice_texts (
      notice_id bigint not null references notices (id) on delete cascade,
      lang text not null,
      title text not null,
      body text not null,
      primary key (notice_id, lang)
    );
    create table faqs (
      id bigserial primary key,
      category text not null,
      sort integer not null default 0
    );
    create table faq_texts (
      faq_id bigint not null references faqs (id) on delete cascade,
      lang text not null,
      question text not null,
      answer text not null,
      primary key (faq_id, lang)
    );
    create table legal_documents (
      type text not null,
      version integer not null,
      effective_at timestamptz not null,
      primary key (type, version)
    );
    create table legal_texts (
      type text not null,
      version integer not null,
      lang text not null,
      title text not null,
      body text not null,
      primary key (type, version, lang),
      foreign key (type, version) references legal_documents (type, version) on delete cascade
    );
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table if exists legal_texts, legal_documents, faq_texts, faqs, notice_texts, notices, account_deletions, inquiry_uploads, inquiries,
      daily_bonus_claims, coupon_redemptions, coupons, inbox_messages, inbox_gifts, reward_grants, certifications, sandbox_idp_grants,
      pending_social_signups, oauth_states, external_accounts, signin_failures, password_resets, email_codes, member_settings;
    drop index if exists members_guest_device;
    alter table members drop column mobile, drop column birthday, drop column marketing_agree, drop column password_changed_at,
      drop column password_postponed_at, drop column terms_version, drop column guest_device_id, drop column last_signin_at, drop column deleted_at;
    `,
  )
}
