import type { Kysely } from 'kysely'
import { unzipSync, type Unzipped } from 'fflate'
import type { Database } from '../../../db/schema'
import { sha256Of, type ObjectStore } from '../../../storage'
import { parseEpub, type ParsedEpub } from './parse'

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

/** Parse and store in one step (import command and seed). */
export async function importEpubBytes(
  db: Kysely<Database>,
  objects: ObjectStore,
  bytes: Uint8Array,
): Promise<{ epubId: number; parsed: ParsedEpub & { files: Unzipped } }> {
  const parsed = parseEpub(bytes)
  return { epubId: await storeEpub(db, objects, bytes, parsed), parsed }
}

/**
 * Unzipped EPUBs kept in memory, a few at a time: a reader's frames ask for one file after
 * another from the same book. Bounded by count; the bytes stay where the object store keeps them
 * (the row, or the bucket). A failed read (the store down) is forgotten, so the next call tries again.
 */
const OPEN_LIMIT = 6
const open = new Map<number, Promise<Unzipped>>()

export function epubFiles(db: Kysely<Database>, objects: ObjectStore, epubId: number): Promise<Unzipped> {
  const cached = open.get(epubId)
  if (cached) {
    open.delete(epubId)
    open.set(epubId, cached)
    return cached
  }
  const loading = db
    .selectFrom('epub_files')
    .select(['bytes', 'storage_key'])
    .where('id', '=', epubId)
    .executeTakeFirstOrThrow()
    .then((row) => objects.get(row))
    .then((bytes) => unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)))
  loading.catch(() => open.delete(epubId))
  open.set(epubId, loading)
  while (open.size > OPEN_LIMIT) open.delete(open.keys().next().value as number)
  return loading
}

/** The zip entry for a path, also under the Latin-1 spelling fflate gives names without the UTF-8 flag. */
export function entryOf(files: Unzipped, zipPath: string): Uint8Array | undefined {
  return files[zipPath] ?? files[Buffer.from(zipPath, 'utf8').toString('latin1')]
}
