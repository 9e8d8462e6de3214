import type { Insertable, Kysely } from 'kysely'
import type { Database } from '../db/schema'

/** Rows per INSERT: big enough to be quick on PGlite, small enough to stay under parameter limits. */
export const BATCH = 400

type TableWithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database]

/** Insert in batches, in order; returns the new ids in the order of `rows`. */
export async function insertReturningIds<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  size = BATCH,
): Promise<number[]> {
  const ids: number[] = []
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size)
    // RETURNING gives rows in VALUES order for a plain multi-row insert.
    const result = await db
      .insertInto(table)
      .values(chunk as never)
      .returning('id' as never)
      .execute()
    for (const row of result as unknown as { id: number | string }[]) ids.push(Number(row.id))
  }
  if (ids.length !== rows.length) throw new Error(`Seed: ${table} returned ${ids.length} ids for ${rows.length} rows`)
  return ids
}

/** Insert in batches, in order, for tables whose keys we already know. */
export async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[], size = BATCH): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size) as never)
      .execute()
  }
}
