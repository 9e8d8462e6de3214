import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Which title an image belongs to (issue 33): the image route asks, once a minute per image,
 * whether an image is a mature title's page, thumbnail or key visual (image/stored.ts
 * matureTitleImage), so only a reader who may read that title gets it. These indexes answer it
 * without reading whole tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create index chapter_pages_image on chapter_pages (image_id);
    create index chapters_thumbnail_image on chapters (thumbnail_image_id) where thumbnail_image_id is not null;
    create index content_images_image on content_images (image_id);
    create index home_elements_image on home_elements (image_id);
    create index home_elements_large_image on home_elements (large_image_id) where large_image_id is not null;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index home_elements_large_image;
    drop index home_elements_image;
    drop index content_images_image;
    drop index chapters_thumbnail_image;
    drop index chapter_pages_image;
    `,
  )
}
