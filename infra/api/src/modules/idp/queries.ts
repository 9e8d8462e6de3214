import type { SocialProvider } from '@koma/contracts/server'
import type { Insertable, Kysely } from 'kysely'
import type { Database, OauthStatesTable, PendingSocialSignupsTable } from '../../db/schema'

/** The SQL of social sign-in: one-time states, pending sign-ups and the linked accounts. */
type Db = Kysely<Database>

/** Spend a one-time state (whatever the outcome of the callback that brought it). */
export const takeOauthState = (db: Db, state: string, provider: SocialProvider) =>
  db.deleteFrom('oauth_states').where('state', '=', state).where('provider', '=', provider).returningAll().executeTakeFirst()

export async function saveOauthState(db: Db, row: Insertable<OauthStatesTable>, now: Date): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute()
  await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute()
}

export const linkedAccountsOf = (db: Db, memberId: number) =>
  db.selectFrom('external_accounts').selectAll().where('member_id', '=', memberId).orderBy('linked_at').execute()

/** The live member an identity is linked to, if any. */
export const memberOfIdentity = (db: Db, provider: SocialProvider, subject: string) =>
  db
    .selectFrom('external_accounts')
    .innerJoin('members', 'members.id', 'external_accounts.member_id')
    .select('members.id')
    .where('external_accounts.provider', '=', provider)
    .where('external_accounts.subject', '=', subject)
    .where('members.deleted_at', 'is', null)
    .executeTakeFirst()

/** Who holds an identity (deleted members included: an identity is never linked twice). */
export const identityOwner = (db: Db, provider: string, subject: string) =>
  db.selectFrom('external_accounts').select('member_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst()

export const memberLinkTo = (db: Db, memberId: number, provider: SocialProvider) =>
  db.selectFrom('external_accounts').select('subject').where('member_id', '=', memberId).where('provider', '=', provider).executeTakeFirst()

export async function linkIdentity(db: Db, row: { memberId: number; provider: string; subject: string; email: string | null; now: Date }): Promise<void> {
  await db
    .insertInto('external_accounts')
    .values({ member_id: row.memberId, provider: row.provider, subject: row.subject, email: row.email, linked_at: row.now })
    .execute()
}

export async function unlinkIdentity(db: Db, memberId: number, provider: SocialProvider): Promise<void> {
  await db.deleteFrom('external_accounts').where('member_id', '=', memberId).where('provider', '=', provider).execute()
}

/** Whether the member can still sign in another way (a password and an e-mail). */
export const passwordSignIn = (db: Db, memberId: number) =>
  db.selectFrom('members').select(['password_hash', 'email']).where('id', '=', memberId).executeTakeFirstOrThrow()

export async function savePendingSignup(db: Db, row: Insertable<PendingSocialSignupsTable>): Promise<void> {
  await db.insertInto('pending_social_signups').values(row).execute()
}

/** Spend a pending social sign-up by its token's hash, if it has not expired. */
export const takePendingSignup = (db: Db, tokenHash: string, now: Date) =>
  db.deleteFrom('pending_social_signups').where('token_hash', '=', tokenHash).where('expires_at', '>', now).returningAll().executeTakeFirst()

export async function touchSignIn(db: Db, memberId: number, now: Date): Promise<void> {
  await db.updateTable('members').set({ last_signin_at: now }).where('id', '=', memberId).execute()
}
