import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Images and EPUB files in an object store (issue 18, storage/): a row holds its bytes (the
 * database store, the default) or the key of the object that holds them (an S3-compatible
 * bucket), exactly one of the two. Images get the content hash EPUB files already had; rows
 * written before this migration have none until `npm run objects -- --to-store` moves them (their
 * bytes are hashed as they are read meanwhile). Nothing is rewritten: existing rows keep their
 * bytes and read as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table images add column sha256 text;
    alter table images add column storage_key text;
    alter table images alter column bytes drop not null;
    alter table images add constraint images_bytes_or_key check ((bytes is null) <> (storage_key is null));
    alter table epub_files add column storage_key text;
    alter table epub_files alter column bytes drop not null;
    alter table epub_files add constraint epub_files_bytes_or_key check ((bytes is null) <> (storage_key is null));
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table epub_files drop constraint epub_files_bytes_or_key;
    alter table epub_files alter column bytes set not null;
    alter table epub_files drop column storage_key;
    alter table images drop constraint images_bytes_or_key;
    alter table images alter column bytes set not null;
    alter table images drop column storage_key;
    alter table images drop column sha256;
    `,
  )
}
