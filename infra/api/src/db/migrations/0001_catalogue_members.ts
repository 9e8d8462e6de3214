import { sql, type Kysely } from 'kysely'
import { runStatements } from '../statements'

/** The platform's first schema: catalogue, home, members and sessions, coin products, comments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table contents (
      id bigserial primary key,
      type text not null check (type in ('comic', 'magazine_comic')),
      orientation text not null check (orientation in ('vertical', 'paged')),
      reading_direction text not null default 'ltr' check (reading_direction in ('ltr', 'rtl', 'ttb')),
      chapter_unit text not null default 'chapter' check (chapter_unit in ('chapter', 'volume')),
      chapter_file_format text not null default 'image' check (chapter_file_format in ('image', 'epub')),
      status text not null check (status in ('ongoing', 'completed', 'hiatus', 'coming_soon')),
      badge text,
      mature boolean not null default false,
      original boolean not null default false,
      exclusive boolean not null default false,
      theme_color text not null,
      total_views bigint not null default 0,
      restricted_age integer not null default 0,
      publish_days integer[] not null default '{}',
      publisher_name text not null default '',
      comment_enabled boolean not null default true,
      ads_enabled boolean not null default false,
      gauge_usable boolean not null default false,
      recover_interval integer not null default 82800,
      rental_period integer not null default 259200,
      chapter_thumbnail_aspect real not null default 1,
      published_at timestamptz not null default now(),
      last_chapter_published_at timestamptz,
      created_at timestamptz not null default now()
    );
    create table content_texts (
      content_id bigint not null references contents (id) on delete cascade,
      lang text not null,
      name text not null,
      description text not null default '',
      search_keyword text not null default '',
      sns_text text not null default '',
      primary key (content_id, lang)
    );
    create table authors (id bigserial primary key);
    create table author_texts (
      author_id bigint not null references authors (id) on delete cascade,
      lang text not null,
      name text not null,
      primary key (author_id, lang)
    );
    create table content_authors (
      content_id bigint not null references contents (id) on delete cascade,
      author_id bigint not null references authors (id),
      role text not null,
      sort integer not null default 0,
      primary key (content_id, author_id, role)
    );
    create table genres (id bigserial primary key, code text not null unique);
    create table genre_texts (
      genre_id bigint not null references genres (id) on delete cascade,
      lang text not null,
      name text not null,
      primary key (genre_id, lang)
    );
    create table content_genres (
      content_id bigint not null references contents (id) on delete cascade,
      genre_id bigint not null references genres (id),
      primary key (content_id, genre_id)
    );
    create table images (
      id bigserial primary key,
      width integer not null,
      height integer not null,
      mime text not null,
      bytes bytea not null,
      created_at timestamptz not null default now()
    );
    create table content_images (
      content_id bigint not null references contents (id) on delete cascade,
      type text not null,
      image_id bigint not null references images (id),
      sort integer not null default 0,
      primary key (content_id, type, sort)
    );
    create table chapters (
      id bigserial primary key,
      content_id bigint not null references contents (id) on delete cascade,
      volume_id integer,
      sort integer not null,
      published_at timestamptz not null,
      has_trial boolean not null default false,
      aborted boolean not null default false,
      free boolean not null default false,
      price integer not null default -1,
      original_price integer not null default -1,
      coin_back_price integer not null default 0,
      rental_price integer not null default -1,
      original_rental_price integer not null default -1,
      rent_allowed_with text[] not null default '{}',
      purchase_allowed_with text[] not null default '{}',
      thumbnail_image_id bigint references images (id)
    );
    create index chapters_content_sort on chapters (content_id, sort);
    create table chapter_texts (
      chapter_id bigint not null references chapters (id) on delete cascade,
      lang text not null,
      name text not null,
      author_comment text,
      primary key (chapter_id, lang)
    );
    create table chapter_pages (
      chapter_id bigint not null references chapters (id) on delete cascade,
      sales_type text not null check (sales_type in ('product', 'trial')),
      sort integer not null,
      image_id bigint not null references images (id),
      primary key (chapter_id, sales_type, sort)
    );
    create table home_sections (
      id bigserial primary key,
      sort integer not null,
      section_ui_type text,
      element_ui_type text,
      shuffle_group text,
      mature boolean not null default false,
      url_http text not null default '',
      top_banner boolean not null default false
    );
    create table home_section_texts (
      section_id bigint not null references home_sections (id) on delete cascade,
      lang text not null,
      title text not null,
      additional_text text not null default '',
      primary key (section_id, lang)
    );
    create table home_elements (
      id bigserial primary key,
      section_id bigint not null references home_sections (id) on delete cascade,
      sort integer not null,
      content_id bigint references contents (id) on delete cascade,
      image_id bigint not null references images (id),
      large_image_id bigint references images (id),
      badge text,
      badge_expire_at timestamptz,
      url_http text not null default ''
    );
    create index home_elements_section on home_elements (section_id, sort);
    create table home_element_texts (
      element_id bigint not null references home_elements (id) on delete cascade,
      lang text not null,
      title text not null,
      additional_text text not null default '',
      label text,
      primary key (element_id, lang)
    );
    create table menu_items (
      code text primary key,
      sort integer not null,
      api_path text not null,
      list_ui_type text not null
    );
    create table menu_item_texts (
      code text not null references menu_items (code) on delete cascade,
      lang text not null,
      label text not null,
      primary key (code, lang)
    );
    create table members (
      id bigserial primary key,
      email text,
      password_hash text,
      nickname text not null,
      guest boolean not null default false,
      email_notify boolean not null default false,
      avatar_image_id bigint references images (id),
      accept_mature boolean not null default false,
      adult_verified_at timestamptz,
      created_at timestamptz not null default now()
    );
    create unique index members_email on members (lower(email)) where email is not null;
    create table sessions (
      id bigserial primary key,
      token_hash text not null unique,
      member_id bigint not null references members (id) on delete cascade,
      device_id text,
      user_agent text not null default '',
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      last_seen_at timestamptz not null default now()
    );
    create index sessions_member on sessions (member_id);
    create table rsa_keys (
      id bigserial primary key,
      private_pem text not null,
      public_spki text not null,
      created_at timestamptz not null default now()
    );
    create table signin_nonces (
      session_key text primary key,
      key_id bigint not null references rsa_keys (id) on delete cascade,
      expires_at timestamptz not null
    );
    create table coin_products (
      seq bigserial primary key,
      currency text not null check (currency in ('USD', 'JPY')),
      purchased_amount integer not null check (purchased_amount > 0),
      free_amount integer not null default 0 check (free_amount >= 0),
      price integer not null check (price > 0),
      sort integer not null default 0,
      active boolean not null default true
    );
    create table comments (
      id bigserial primary key,
      content_id bigint not null references contents (id) on delete cascade,
      chapter_id bigint not null references chapters (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      body text not null,
      like_count integer not null default 0,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index comments_chapter on comments (chapter_id, created_at desc) where deleted_at is null;
  `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists comments, coin_products, signin_nonces, rsa_keys, sessions, members,
      menu_item_texts, menu_items, home_element_texts, home_elements, home_section_texts, home_sections,
      chapter_pages, chapter_texts, chapters, content_images, images, content_genres, genre_texts, genres,
      content_authors, author_texts, authors, content_texts, contents cascade
  `.execute(db)
}
