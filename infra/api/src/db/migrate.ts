import { Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import { migrations } from './migrations'

/** Bring the schema up to date. Safe to run on every start, from several replicas at once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, upTo?: string): Promise<string[]> {
  // Areas land in any order, each with its own number range (see migrations/index.ts), so a
  // database may already hold a later-numbered migration than one that arrives afterwards.
  // `upTo` (tests of a migration): only those named before it, the schema a database had then.
  const chosen = upTo === undefined ? migrations : Object.fromEntries(Object.entries(migrations).filter(([name]) => name < upTo))
  const migrator = new Migrator({ db, provider: { getMigrations: async () => chosen }, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
