import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Two tables several areas share: what a member may read (written by payments: purchases and
 * rentals; read by the episode list, library and viewer) and where they are in each chapter
 * (written by the viewer; read by the library's recent list and "continue reading").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table chapter_access (
      member_id bigint not null references members (id) on delete cascade,
      chapter_id bigint not null references chapters (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      kind text not null check (kind in ('owned', 'rented')),
      via text not null check (via in ('coin', 'gauge', 'ticket', 'subscribe', 'coupon', 'gift', 'free')),
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (member_id, chapter_id, kind)
    );
    create index chapter_access_member_content on chapter_access (member_id, content_id);
    create table read_progress (
      member_id bigint not null references members (id) on delete cascade,
      chapter_id bigint not null references chapters (id) on delete cascade,
      content_id bigint not null references contents (id) on delete cascade,
      href text not null default '',
      type text not null default '',
      progression double precision not null default 0,
      total_progression double precision not null default 0,
      position integer not null default 0,
      finished boolean not null default false,
      updated_at timestamptz not null default now(),
      primary key (member_id, chapter_id)
    );
    create index read_progress_member_recent on read_progress (member_id, updated_at desc);
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table if exists read_progress;\ndrop table if exists chapter_access;\n`)
}
