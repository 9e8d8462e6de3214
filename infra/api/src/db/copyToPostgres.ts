import { sql, type Kysely } from 'kysely'
import { migrateToLatest } from './migrate'

/**
 * Move a PGlite database (the zero-setup default) into PostgreSQL (issue 18): the target gets the
 * same migrations, then every table's rows in foreign-key order, then its sequences moved past the
 * copied ids. The target must be empty; the source is only read. `npm run migrate -- --from-pglite`
 * (cli/migrate.ts) runs it; docs/architecture.md ("Moving to PostgreSQL") says when.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- copies any table of the schema
type AnyDb = Kysely<any>

export interface CopyReport {
  tables: { name: string; rows: number }[]
  rows: number
}

export interface CopyOptions {
  /** Progress lines (a table copied), e.g. console.log. */
  log?: (line: string) => void
  /** Rows per insert; tables with binary columns (images, EPUB files) go by fewer. */
  batchRows?: number
}

/** Tables the migrator keeps for itself: the target's own are written by its migration run. */
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock'])

interface Column {
  name: string
  type: string
}

async function tablesOf(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)
  return rows.map((row) => row.name).filter((name) => !SKIPPED.has(name))
}

async function columnsOf(db: AnyDb, table: string): Promise<Column[]> {
  const { rows } = await sql<Column>`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`.execute(db)
  return rows
}

/** Each table's parents (the tables its foreign keys point to), from the catalogue. */
async function parentsOf(db: AnyDb): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`.execute(db)
  const parents = new Map<string, Set<string>>()
  for (const row of rows) {
    if (row.child === row.parent) continue
    parents.set(row.child, (parents.get(row.child) ?? new Set()).add(row.parent))
  }
  return parents
}

/** Parents before children; a cycle (none in the schema today) is refused rather than half copied. */
export function insertOrder(tables: string[], parents: Map<string, Set<string>>): string[] {
  const order: string[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (table: string, path: string[]) => {
    if (state.get(table) === 'done') return
    if (state.get(table) === 'visiting') throw new Error(`foreign keys form a cycle: ${[...path, table].join(' → ')}`)
    state.set(table, 'visiting')
    for (const parent of [...(parents.get(table) ?? [])].sort()) if (tables.includes(parent)) visit(parent, [...path, table])
    state.set(table, 'done')
    order.push(table)
  }
  for (const table of tables) visit(table, [])
  return order
}

/** A row as PostgreSQL's driver takes it: JSON as text (an array would become a SQL array), bytes as a Buffer. */
function forTarget(row: Record<string, unknown>, columns: Column[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const column of columns) {
    const value = row[column.name]
    if (value === null || value === undefined) out[column.name] = value ?? null
    else if (column.type === 'json' || column.type === 'jsonb') out[column.name] = typeof value === 'string' ? value : JSON.stringify(value)
    else if (value instanceof Uint8Array && !Buffer.isBuffer(value)) out[column.name] = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    else out[column.name] = value
  }
  return out
}

async function primaryKeyOf(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_index i
    join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where i.indisprimary and n.nspname = 'public' and c.relname = ${table}
    order by array_position(i.indkey, a.attnum)`.execute(db)
  return rows.map((row) => row.name)
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** Move each sequence owned by a column past the highest copied value. */
async function advanceSequences(target: AnyDb): Promise<void> {
  const { rows } = await sql<{ seq: string; tbl: string; col: string }>`
    select s.relname as seq, t.relname as tbl, a.attname as col from pg_class s
    join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    join pg_namespace n on n.oid = s.relnamespace
    where s.relkind = 'S' and n.nspname = 'public'`.execute(target)
  for (const row of rows) {
    if (SKIPPED.has(row.tbl)) continue
    await sql`select setval(${row.seq}::regclass, coalesce((select max(${sql.ref(row.col)}) from ${sql.table(row.tbl)}), 0) + 1, false)`.execute(target)
  }
}

export class TargetNotEmptyError extends Error {
  constructor(readonly table: string) {
    super(`The PostgreSQL database already holds data (table ${table}). Copy into an empty database (createdb a new one), so nothing is mixed or overwritten.`)
    this.name = 'TargetNotEmptyError'
  }
}

/** Copy every row of `source` (PGlite) into the empty `target` (PostgreSQL), in one target transaction. */
export async function copyDatabase(source: AnyDb, target: AnyDb, options: CopyOptions = {}): Promise<CopyReport> {
  const log = options.log ?? (() => undefined)
  await migrateToLatest(source)
  await migrateToLatest(target)
  const tables = await tablesOf(source)
  const targetTables = new Set(await tablesOf(target))
  for (const table of tables) {
    if (!targetTables.has(table)) throw new Error(`table ${table} is missing on the target after its migrations`)
    if ((await countRows(target, table)) > 0) throw new TargetNotEmptyError(table)
  }
  const order = insertOrder(tables, await parentsOf(source))
  const report: CopyReport = { tables: [], rows: 0 }
  await target.transaction().execute(async (trx) => {
    for (const table of order) {
      const columns = await columnsOf(source, table)
      const binary = columns.some((column) => column.type === 'bytea')
      const size = binary ? Math.min(options.batchRows ?? 500, 20) : (options.batchRows ?? 500)
      // In key order, so a table that points at itself (a reply to a comment) gets its parents first.
      const key = await primaryKeyOf(source, table)
      const orderBy = key.length ? key : columns.map((column) => column.name)
      let copied = 0
      for (;;) {
        let query = source.selectFrom(table).selectAll()
        for (const name of orderBy) query = query.orderBy(sql.ref(name))
        const rows = (await query.limit(size).offset(copied).execute()) as Record<string, unknown>[]
        if (!rows.length) break
        await trx
          .insertInto(table)
          .values(rows.map((row) => forTarget(row, columns)))
          .execute()
        copied += rows.length
        if (rows.length < size) break
      }
      report.tables.push({ name: table, rows: copied })
      report.rows += copied
      if (copied) log(`${table}: ${copied} rows`)
    }
    await advanceSequences(trx)
  })
  // What arrived is what was there.
  for (const { name, rows } of report.tables) {
    const found = await countRows(target, name)
    if (found !== rows) throw new Error(`table ${name}: ${rows} rows copied, ${found} on the target`)
  }
  return report
}
