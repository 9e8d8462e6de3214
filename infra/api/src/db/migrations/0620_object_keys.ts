import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Which objects rows name (issue 18): `npm run objects -- --collect` asks, a page of a bucket's
 * listing at a time, which of its keys any image or EPUB row still names. Only rows kept in a
 * store have a key, so the indexes are partial and empty on a site that keeps its bytes in rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create index images_storage_key on images (storage_key) where storage_key is not null;
    create index epub_files_storage_key on epub_files (storage_key) where storage_key is not null;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index epub_files_storage_key;
    drop index images_storage_key;
    `,
  )
}
