import { sql, type Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Community (issue 7): likes (one per member and comment), comment reports (hidden for the
 * reporter at once, queued for moderation), mutes, content reports, and the indexes the
 * per-member lists and the posting rate limit read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table comment_likes (
      comment_id bigint not null references comments (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (comment_id, member_id)
    );
    create index comment_likes_member on comment_likes (member_id);
    create table comment_reports (
      id bigserial primary key,
      comment_id bigint not null references comments (id) on delete cascade,
      reporter_id bigint not null references members (id) on delete cascade,
      category text not null,
      message text not null default '',
      status text not null default 'queued' check (status in ('queued', 'kept', 'removed')),
      created_at timestamptz not null default now(),
      unique (comment_id, reporter_id)
    );
    create index comment_reports_reporter on comment_reports (reporter_id);
    create index comment_reports_queue on comment_reports (created_at) where status = 'queued';
    create table member_mutes (
      muter_id bigint not null references members (id) on delete cascade,
      muted_id bigint not null references members (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (muter_id, muted_id),
      check (muter_id <> muted_id)
    );
    create table content_reports (
      id bigserial primary key,
      content_id bigint not null references contents (id) on delete cascade,
      chapter_id bigint not null references chapters (id) on delete cascade,
      reporter_id bigint not null references members (id) on delete cascade,
      category text not null,
      message text not null default '',
      status text not null default 'queued' check (status in ('queued', 'resolved')),
      created_at timestamptz not null default now()
    );
    create unique index content_reports_once on content_reports (chapter_id, reporter_id, category) where status = 'queued';
    create index comments_member on comments (member_id, created_at desc);
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists comments_member`.execute(db)
  await sql`drop table if exists content_reports, member_mutes, comment_reports, comment_likes`.execute(db)
}
