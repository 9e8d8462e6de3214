import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Artwork } from './artwork/pages'
import type { Database, ImageAccess } from '../db/schema'
import { putAll, type ObjectStore } from '../storage'
import { describePage } from './artwork/describe'
import { insertAll, insertReturningIds } from './batch'
import { LANGS } from './lang'

export const SVG_MIME = 'image/svg+xml'

/**
 * Every image the seed makes, in the order it makes them. Plans refer to an image by its index
 * here; once inserted, `id(index)` gives its row id.
 */
export class ImageBank {
  private readonly items: (Artwork & { access: ImageAccess })[] = []
  private ids: number[] = []

  /** Chapter pages are 'page' (signed URLs only); covers, thumbnails and banners are public. */
  add(artwork: Artwork, access: ImageAccess = 'public'): number {
    this.items.push({ ...artwork, access })
    return this.items.length - 1
  }

  get size(): number {
    return this.items.length
  }

  get bytes(): number {
    return this.items.reduce((sum, item) => sum + Buffer.byteLength(item.svg), 0)
  }

  /** A hash of every file, in order: equal for equal artwork. */
  fingerprint(): string {
    const hash = createHash('sha256')
    for (const item of this.items) hash.update(`${item.width}x${item.height}:`).update(item.svg)
    return hash.digest('hex')
  }

  id(index: number): number {
    const id = this.ids[index]
    if (id === undefined) throw new Error(`image ${index} has not been inserted`)
    return id
  }

  /** Reading pages drawn from panels, with their description in every language (issue 37). */
  descriptionRows(): { image_id: number; lang: string; description: string }[] {
    return this.items.flatMap((item, index) => {
      if (!item.panels?.length) return []
      const texts = describePage(item.panels, item.height > item.width * 1.8)
      return LANGS.map((lang) => ({ image_id: this.id(index), lang, description: texts[lang] }))
    })
  }

  /** Every image's bytes through the object store first, then the rows (none names an object that was not stored). */
  async insert(db: Kysely<Database>, objects: ObjectStore, createdAt: Date): Promise<void> {
    const stored = await putAll(
      objects,
      this.items.map((item) => Buffer.from(item.svg, 'utf8')),
    )
    const rows = this.items.map((item, index) => ({
      width: item.width,
      height: item.height,
      mime: SVG_MIME,
      ...stored[index]!,
      access: item.access,
      created_at: createdAt,
    }))
    this.ids = await insertReturningIds(db, 'images', rows, 250)
    await insertAll(db, 'page_descriptions', this.descriptionRows(), 1000)
  }
}
