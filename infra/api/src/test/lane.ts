/**
 * Which database the API tests run on: PGlite by default; PostgreSQL when KOMA_TEST_DB=postgres
 * (the test command runs that lane too when a server answers on 127.0.0.1:5432).
 */
export type TestLane = 'pglite' | 'postgres'

export const testLane = (): TestLane => (process.env.KOMA_TEST_DB === 'postgres' ? 'postgres' : 'pglite')

export const postgresAdminUrl = (): string => process.env.KOMA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
