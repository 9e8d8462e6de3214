import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Database } from '../../../db/schema'
import { sha256Of, type ObjectStore } from '../../../storage'
import { apiError } from '../../../http/errorCatalogue'
import { EpubError, openEpubArchive, parseEpub, type ParsedEpub } from './parse'
import { ArchiveLimitError, type ZipBook } from './zip'

/**
 * Keep an EPUB once: the same file imported twice is one row. Its bytes go through the object
 * store before the row is written (a store that fails leaves no row). Returns its id.
 */
export async function storeEpub(db: Kysely<Database>, objects: ObjectStore, bytes: Uint8Array, parsed: ParsedEpub): Promise<number> {
  const existing = await db.selectFrom('epub_files').select('id').where('sha256', '=', sha256Of(bytes)).executeTakeFirst()
  if (existing) return Number(existing.id)
  const stored = await objects.put(bytes)
  const row = await db
    .insertInto('epub_files')
    .values({
      ...stored,
      layout: parsed.layout,
      reading_progression: parsed.readingProgression,
      language: parsed.language,
      manifest: JSON.stringify(parsed.manifest),
      positions: JSON.stringify(parsed.positions),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** Parse and store in one step (import command and seed): an archive past ARCHIVE_LIMITS is refused before anything is stored. */
export async function importEpubBytes(
  db: Kysely<Database>,
  objects: ObjectStore,
  bytes: Uint8Array,
): Promise<{ epubId: number; parsed: ParsedEpub & { book: ZipBook } }> {
  const parsed = await parseEpub(bytes)
  return { epubId: await storeEpub(db, objects, bytes, parsed), parsed }
}

/**
 * Books open for reading, a few at a time: a reader's frames ask for one file after another from
 * the same book. What is kept is the archive as stored (packed) and its directory, never inflated
 * files: each request inflates the one entry it asks for (zip.ts). Bounded by count and by the
 * packed bytes held; the bytes stay where the object store keeps them (the row, or the bucket).
 * A failed open is forgotten, so the next call tries again: the store down (its own error), or an
 * archive past ARCHIVE_LIMITS or no longer readable (a 404: opening it costs only its directory).
 */
const OPEN_BOOKS = new LRUCache<number, { book: Promise<ZipBook>; bytes: number }>({
  max: 16,
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.bytes),
})

export function openBook(db: Kysely<Database>, objects: ObjectStore, epubId: number): Promise<ZipBook> {
  const cached = OPEN_BOOKS.get(epubId)
  if (cached) return cached.book
  const book = db
    .selectFrom('epub_files')
    .select(['bytes', 'storage_key'])
    .where('id', '=', epubId)
    .executeTakeFirstOrThrow()
    .then((row) => objects.get(row))
    .then((bytes) => openEpubArchive(bytes))
    .catch((error: unknown) => {
      // A book stored before ARCHIVE_LIMITS that is past them, or one that no longer reads: nothing of it is served (or inflated).
      if (error instanceof ArchiveLimitError || error instanceof EpubError) throw apiError('notFound')
      throw error
    })
  const entry = { book, bytes: 1 }
  book.then(
    // Counted by its packed size, once known.
    (opened) => OPEN_BOOKS.peek(epubId) === entry && OPEN_BOOKS.set(epubId, { book, bytes: opened.packedBytes }),
    () => OPEN_BOOKS.peek(epubId) === entry && OPEN_BOOKS.delete(epubId),
  )
  OPEN_BOOKS.set(epubId, entry)
  return book
}
