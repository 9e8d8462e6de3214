import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Described comic pages (issue 37): a page image's text description (who, what happens, the
 * dialogue) in each language, read by screen readers as the image's text. Kept per image, so a
 * trial page and its product page (the same image) share it; operators write them in the console,
 * imports take them from EPUB `alt` text or ComicInfo, the seed describes its own artwork.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `create table page_descriptions (
       image_id bigint not null references images (id) on delete cascade,
       lang text not null check (lang in ('ja', 'en', 'fr')),
       description text not null check (char_length(description) between 1 and 2000),
       primary key (image_id, lang)
     );`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `drop table page_descriptions;`)
}
