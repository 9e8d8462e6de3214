import { sql, type Insertable, type Kysely } from 'kysely'
import type { Database, ImagesTable } from '../../db/schema'
import type { ObjectStore } from '../../storage'

/** An image row's own fields: its bytes are the object store's to place. */
export type ImageFields = Omit<Insertable<ImagesTable>, 'bytes' | 'sha256' | 'storage_key'>

/**
 * Keep an image (avatars, inquiry attachments, imported pages and covers): its bytes through the
 * object store first, then its row. A store that fails leaves no row; a row never names an object
 * that was not stored. Answers the new image id.
 */
export async function insertImage(db: Kysely<Database>, objects: ObjectStore, image: ImageFields, bytes: Buffer): Promise<number> {
  const stored = await objects.put(bytes)
  const row = await db
    .insertInto('images')
    .values({ ...image, ...stored })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** The columns the image routes render from: the bytes come through `objects.get` (this row's own, or its object). */
export const imageSource = (db: Kysely<Database>, id: number) =>
  db.selectFrom('images').select(['bytes', 'storage_key', 'sha256', 'mime', 'width', 'height']).where('id', '=', id).executeTakeFirst()

/**
 * Is this image a mature title's own: one of its chapters' pages or thumbnails, or its key visual
 * (issue 33)? Covers and banners are not: lists show them to readers who accepted mature content.
 * An image that is also any title's cover or banner, or a home element's, stays with the lists.
 */
export async function matureTitleImage(db: Kysely<Database>, id: number): Promise<boolean> {
  const { exists } = await sql<{ exists: boolean }>`
    select (
      exists (select 1 from chapter_pages cp join chapters ch on ch.id = cp.chapter_id join contents c on c.id = ch.content_id where cp.image_id = ${id} and c.mature)
      or exists (select 1 from chapters ch join contents c on c.id = ch.content_id where ch.thumbnail_image_id = ${id} and c.mature)
      or exists (select 1 from content_images ci join contents c on c.id = ci.content_id where ci.image_id = ${id} and ci.type = 'key_visual' and c.mature)
    ) and not exists (select 1 from content_images ci where ci.image_id = ${id} and ci.type <> 'key_visual')
      and not exists (select 1 from home_elements he where he.image_id = ${id} or he.large_image_id = ${id}) as exists
  `
    .execute(db)
    .then((result) => result.rows[0] ?? { exists: false })
  return exists === true
}
