import { randomBytes } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { Lang } from './lang'
import { insertReturningIds } from './batch'
import { withIds } from './lists'

/** The member everyone can sign in as on a seeded site. */
export const SEEDED_MEMBER = { email: 'reader@koma.example', password: 'koma-reader-1', nickname: 'Reader' } as const
/** A second member to sign in as, for what takes two (one comments, the other likes, reports, mutes). */
export const SECOND_MEMBER = { email: 'reader2@koma.example', password: 'koma-reader-2', nickname: 'Reader Two' } as const

/**
 * The demo site's operator (demo data only, never in production): the operator console at /ops
 * with a published password, so a demo or a test can open it. The second factor is still asked:
 * the first sign-in sets up an authenticator app.
 */
export const DEMO_OPERATOR = { email: 'ops@koma.example', password: 'koma-operator-1', nickname: 'Koma Ops' } as const

/** Other readers, who write the seeded comments (in their own language). Nobody knows their passwords. */
export const READERS: { email: string; nickname: string; lang: Lang; joinedDaysAgo: number }[] = [
  { email: 'mika@koma.example', nickname: 'みか', lang: 'ja', joinedDaysAgo: 412 },
  { email: 'lucas@koma.example', nickname: 'Lucas', lang: 'fr', joinedDaysAgo: 230 },
  { email: 'jade@koma.example', nickname: 'Jade_reads', lang: 'en', joinedDaysAgo: 188 },
  { email: 'hiro@koma.example', nickname: 'ひろ＠夜更かし', lang: 'ja', joinedDaysAgo: 305 },
  { email: 'camille@koma.example', nickname: 'Camille ✿', lang: 'fr', joinedDaysAgo: 96 },
  { email: 'noah@koma.example', nickname: 'Noah', lang: 'en', joinedDaysAgo: 41 },
]

export interface PasswordHashes {
  seeded: string
  second: string
  operator: string
  others: string
}

/**
 * argon2id with the library's defaults. Started before the artwork is drawn, so the hashing
 * runs on the thread pool meanwhile. The other readers share one hash of a random password.
 */
export function hashPasswords(): Promise<PasswordHashes> {
  return Promise.all([
    hash(SEEDED_MEMBER.password),
    hash(SECOND_MEMBER.password),
    hash(DEMO_OPERATOR.password),
    hash(randomBytes(24).toString('base64url')),
  ]).then(([seeded, second, operator, others]) => ({ seeded, second, operator, others }))
}

/**
 * Inserts the seeded member, then the readers; an address that is already registered is kept
 * as it is. Returns the ids, the readers' in READERS order.
 */
export async function insertMembers(
  db: Kysely<Database>,
  hashes: PasswordHashes,
  now: Date,
): Promise<{ seededId: number; secondId: number; operatorId: number; readerIds: number[]; inserted: number }> {
  const daysAgo = (days: number): Date => new Date(now.getTime() - days * 86_400_000)
  const wanted = [
    {
      email: SEEDED_MEMBER.email,
      password_hash: hashes.seeded,
      nickname: SEEDED_MEMBER.nickname,
      guest: false,
      email_notify: true,
      accept_mature: false,
      created_at: daysAgo(30),
    },
    {
      email: SECOND_MEMBER.email,
      password_hash: hashes.second,
      nickname: SECOND_MEMBER.nickname,
      guest: false,
      email_notify: true,
      accept_mature: false,
      created_at: daysAgo(20),
    },
    {
      email: DEMO_OPERATOR.email,
      password_hash: hashes.operator,
      nickname: DEMO_OPERATOR.nickname,
      guest: false,
      email_notify: false,
      accept_mature: false,
      created_at: daysAgo(60),
      role: 'operator' as const,
    },
    ...READERS.map((reader) => ({
      email: reader.email,
      password_hash: hashes.others,
      nickname: reader.nickname,
      guest: false,
      email_notify: true,
      accept_mature: false,
      created_at: daysAgo(reader.joinedDaysAgo),
    })),
  ]
  const existing = await db
    .selectFrom('members')
    .select(['id', 'email'])
    .where(
      sql<string>`lower(email)`,
      'in',
      wanted.map((row) => row.email),
    )
    .execute()
  const idByEmail = new Map(existing.map((row) => [String(row.email).toLowerCase(), Number(row.id)]))
  const missing = wanted.filter((row) => !idByEmail.has(row.email))
  const ids = await insertReturningIds(db, 'members', missing)
  for (const [row, id] of withIds(missing, ids, 'members')) idByEmail.set(row.email, id)
  const idOf = (email: string): number => idByEmail.get(email) as number
  return {
    seededId: idOf(SEEDED_MEMBER.email),
    secondId: idOf(SECOND_MEMBER.email),
    operatorId: idOf(DEMO_OPERATOR.email),
    readerIds: READERS.map((reader) => idOf(reader.email)),
    inserted: missing.length,
  }
}
