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
 * An account for trying the operator console on a demo site: a plain member (never an operator
 * by itself, issue 33) until the team runs `npm run operator -- grant ops@koma.example`, which
 * prints the one-time set-up code its first authenticator needs. Seeded in the demo profile only:
 * production (even with KOMA_DEMO=1) has no such account, and the command refuses to grant any
 * account below in production.
 */
export const DEMO_OPERATOR = { email: 'ops@koma.example', password: 'koma-operator-1', nickname: 'Koma Ops' } as const

/** The seeded accounts whose passwords are published (README, tests): never operators in production. */
export const PUBLISHED_ACCOUNTS: readonly string[] = [SEEDED_MEMBER.email, SECOND_MEMBER.email, DEMO_OPERATOR.email]

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
    // Hashed in production too (unused there): one shape, and hashing runs while the artwork is drawn.
    hash(DEMO_OPERATOR.password),
    hash(randomBytes(24).toString('base64url')),
  ]).then(([seeded, second, operator, others]) => ({ seeded, second, operator, others }))
}

/**
 * Inserts the seeded member, then the readers; an address that is already registered is kept
 * as it is. Returns the ids, the readers' in READERS order. `operatorAccount`: the demo profile's
 * DEMO_OPERATOR account too (a plain member; never in production).
 */
export async function insertMembers(
  db: Kysely<Database>,
  hashes: PasswordHashes,
  now: Date,
  options: { operatorAccount: boolean },
): Promise<{ seededId: number; secondId: number; operatorId: number | undefined; readerIds: number[]; inserted: number }> {
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
    ...(options.operatorAccount
      ? [
          {
            email: DEMO_OPERATOR.email,
            password_hash: hashes.operator,
            nickname: DEMO_OPERATOR.nickname,
            guest: false,
            email_notify: false,
            accept_mature: false,
            created_at: daysAgo(60),
          },
        ]
      : []),
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
    operatorId: options.operatorAccount ? idOf(DEMO_OPERATOR.email) : undefined,
    readerIds: READERS.map((reader) => idOf(reader.email)),
    inserted: missing.length,
  }
}
