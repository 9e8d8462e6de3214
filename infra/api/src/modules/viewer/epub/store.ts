import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { unzipSync, type Unzipped } from 'fflate'
import type { Database } from '../../../db/schema'
import { parseEpub, type ParsedEpub } from './parse'

/** Keep an EPUB once: the same file imported twice is one row. Returns its id. */
export async function storeEpub(db: Kysely<Database>, bytes: Uint8Array, parsed: ParsedEpub): Promise<number> {
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const existing = await db.selectFrom('epub_files').select('id').where('sha256', '=', sha256).executeTakeFirst()
  if (existing) return Number(existing.id)
  const row = await db
    .insertInto('epub_files')
    .values({
      sha256,
      bytes: Buffer.from(bytes),
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
export async function importEpubBytes(db: Kysely<Database>, bytes: Uint8Array): Promise<{ epubId: number; parsed: ParsedEpub & { files: Unzipped } }> {
  const parsed = parseEpub(bytes)
  return { epubId: await storeEpub(db, bytes, parsed), parsed }
}

/**
 * Unzipped EPUBs kept in memory, a few at a time: a reader's frames ask for one file after
 * another from the same book. Bounded by count; the bytes stay in the database.
 */
const OPEN_LIMIT = 6
const open = new Map<number, Promise<Unzipped>>()

export function epubFiles(db: Kysely<Database>, epubId: number): Promise<Unzipped> {
  const cached = open.get(epubId)
  if (cached) {
    open.delete(epubId)
    open.set(epubId, cached)
    return cached
  }
  const loading = db
    .selectFrom('epub_files')
    .select('bytes')
    .where('id', '=', epubId)
    .executeTakeFirstOrThrow()
    .then((row) => unzipSync(new Uint8Array(row.bytes)))
  loading.catch(() => open.delete(epubId))
  open.set(epubId, loading)
  while (open.size > OPEN_LIMIT) open.delete(open.keys().next().value as number)
  return loading
}

/** The zip entry for a path, also under the Latin-1 spelling fflate gives names without the UTF-8 flag. */
export function entryOf(files: Unzipped, zipPath: string): Uint8Array | undefined {
  return files[zipPath] ?? files[Buffer.from(zipPath, 'utf8').toString('latin1')]
}
