/**
 * Which database the API tests run on: PGlite by default; PostgreSQL when KOMA_TEST_DB=postgres
 * (the test command runs that lane too when a server answers on 127.0.0.1:5432).
 */
export type TestLane = 'pglite' | 'postgres'

export const testLane = (): TestLane => (process.env.KOMA_TEST_DB === 'postgres' ? 'postgres' : 'pglite')

/**
 * KOMA_TEST_CLUSTER=1 on the PostgreSQL lane (issue 18): every test app is two API instances on
 * one database, each with its own caches, cache-bus connection and pool, abuse limits in Redis,
 * and the test's calls take turns over them (testApp.ts). `npm test` runs its PostgreSQL lane so.
 */
export const clusterTestLane = (): boolean => testLane() === 'postgres' && process.env.KOMA_TEST_CLUSTER === '1'

export const postgresAdminUrl = (): string => process.env.KOMA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
