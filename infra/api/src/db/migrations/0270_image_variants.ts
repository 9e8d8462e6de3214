import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * AVIF page and cover images (issue 34): the job queue encodes them at import and publish time and
 * a resumable backfill encodes the older ones; a reader's request never does. Each encoded variant
 * is kept like an image's own bytes (in the row, or in the object store by its key: storage/), so
 * every API process finds what any one of them encoded. `variant` names the format and rendered
 * width (`avif:w768`, a tall strip's band `avif:t0of2:w768`).
 *
 * `image_backfill` is the backfill's progress, one row per backfill: whether it runs, the last image
 * id it has finished (it resumes after it) and its counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table image_variants (
      id bigserial primary key,
      image_id bigint not null references images (id) on delete cascade,
      variant text not null,
      mime text not null,
      sha256 text not null,
      bytes bytea,
      storage_key text,
      size integer not null,
      created_at timestamptz not null default now(),
      constraint image_variants_bytes_or_key check ((bytes is null) <> (storage_key is null)),
      unique (image_id, variant)
    );
    create table image_backfill (
      name text primary key,
      state text not null check (state in ('running', 'stopped', 'done')),
      last_image_id bigint not null default 0,
      images integer not null default 0,
      variants integer not null default 0,
      failures integer not null default 0,
      updated_at timestamptz not null default now()
    );
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop table image_backfill;
    drop table image_variants;
    `,
  )
}
