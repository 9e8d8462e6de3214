import { sql, type Kysely } from 'kysely'

/**
 * Run a block of DDL one statement at a time: PGlite's extended protocol takes one statement
 * per query. Statements are split at semicolons that end a line, which our migrations keep to.
 */
export async function runStatements(db: Kysely<unknown>, block: string): Promise<void> {
  const statements = block
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean)
  for (const statement of statements) await sql.raw(statement).execute(db)
}
