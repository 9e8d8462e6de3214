import { sql, type Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Discovery (mf-catalog): home popups, curated collections (promotions, content catalogs,
 * events, book fairs), library subscriptions and hidden titles, and release notifications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table home_popups (
      id bigserial primary key,
      sort integer not null default 0,
      area text not null default 'home',
      page text not null default 'main',
      ui_type text not null check (ui_type in ('image', 'content')),
      category text check (category in ('free', 'event', 'notice')),
      theme_color text not null default '#111111',
      image_id bigint references images (id),
      html_url text,
      repeatable boolean not null default true,
      repeat_interval integer not null default 86400,
      app_link_url text,
      web_link_url text,
      mature boolean not null default false,
      start_at timestamptz,
      end_at timestamptz
    );
    create table home_popup_texts (
      popup_id bigint not null references home_popups (id) on delete cascade,
      lang text not null,
      title text not null,
      description text not null default '',
      primary key (popup_id, lang)
    );
    create table collections (
      id bigserial primary key,
      kind text not null check (kind in ('promotion', 'catalog', 'event', 'book_fair')),
      sort integer not null default 0,
      theme_color text not null default '#333333',
      image_id bigint references images (id),
      large_image_id bigint references images (id),
      mature boolean not null default false,
      menu_code text,
      start_at timestamptz,
      end_at timestamptz
    );
    create index collections_kind on collections (kind, sort);
    create table collection_texts (
      collection_id bigint not null references collections (id) on delete cascade,
      lang text not null,
      title text not null,
      description text not null default '',
      primary key (collection_id, lang)
    );
    create table collection_items (
      collection_id bigint not null references collections (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      sort integer not null default 0,
      primary key (collection_id, content_id)
    );
    create index collection_items_sort on collection_items (collection_id, sort);
    create table library_subscriptions (
      member_id bigint not null references members (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (member_id, content_id)
    );
    create index library_subscriptions_recent on library_subscriptions (member_id, created_at desc);
    create table library_hidden (
      member_id bigint not null references members (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (member_id, content_id)
    );
    create table release_notifications (
      member_id bigint not null references members (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (member_id, content_id)
    );
    create index contents_views on contents (total_views desc);
    create index contents_published on contents (published_at desc);
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists release_notifications, library_hidden, library_subscriptions, collection_items,
      collection_texts, collections, home_popup_texts, home_popups cascade
  `.execute(db)
  await sql`drop index if exists contents_views`.execute(db)
  await sql`drop index if exists contents_published`.execute(db)
}
