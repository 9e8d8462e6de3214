import type { Insertable, Kysely } from 'kysely'
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
