import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * EPUB chapters (issue 4, viewer range 0200-0299): each EPUB file once (by content hash) with
 * its Readium Web Publication Manifest and positions list worked out at import, and which file
 * a chapter reads as its product and trial. A trial reads only the first reading-order items.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table epub_files (
      id bigserial primary key,
      sha256 text not null unique,
      bytes bytea not null,
      layout text not null check (layout in ('reflowable', 'fixed')),
      reading_progression text not null check (reading_progression in ('ltr', 'rtl')),
      language text not null,
      manifest text not null,
      positions text not null,
      created_at timestamptz not null default now()
    );
    create table chapter_epubs (
      chapter_id bigint not null references chapters (id) on delete cascade,
      sales_type text not null check (sales_type in ('product', 'trial')),
      epub_id bigint not null references epub_files (id),
      reading_order_limit integer,
      primary key (chapter_id, sales_type)
    );
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table if exists chapter_epubs;\ndrop table if exists epub_files;\n`)
}
