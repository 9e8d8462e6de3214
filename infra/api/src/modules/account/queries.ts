import type { Kysely, Updateable } from 'kysely'
import type { Database, MembersTable } from '../../db/schema'
import type { ObjectStore } from '../../storage'
import { insertImage } from '../image/stored'

/** The SQL of the account pages: profile fields, settings, devices, deletion, mature content and adult verification. */
type Db = Kysely<Database>

export async function updateMember(db: Db, memberId: number, changes: Updateable<MembersTable>): Promise<void> {
  await db.updateTable('members').set(changes).where('id', '=', memberId).execute()
}

export const settingsRow = (db: Db, memberId: number) => db.selectFrom('member_settings').selectAll().where('member_id', '=', memberId).executeTakeFirst()

export async function saveSettings(db: Db, memberId: number, changes: Record<string, boolean | string | number>, now: Date): Promise<void> {
  await db
    .insertInto('member_settings')
    .values({ member_id: memberId, ...(changes as object), updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...(changes as object), updated_at: now }))
    .execute()
}

export const matureRow = (db: Db, memberId: number) =>
  db.selectFrom('members').select(['accept_mature', 'adult_verified_at']).where('id', '=', memberId).executeTakeFirstOrThrow()

export const passwordOf = (db: Db, memberId: number) =>
  db.selectFrom('members').select(['email', 'password_hash']).where('id', '=', memberId).executeTakeFirstOrThrow()

/** A new avatar (public image, its bytes through the object store) set on the member; answers its image id. */
export async function saveAvatar(db: Db, objects: ObjectStore, memberId: number, image: { size: number; bytes: Buffer }): Promise<number> {
  const id = await insertImage(db, objects, { width: image.size, height: image.size, mime: 'image/webp', access: 'public' }, image.bytes)
  await updateMember(db, memberId, { avatar_image_id: id })
  return id
}

/** The member's live sessions that carry a device id, most recently seen first. */
export const deviceSessions = (db: Db, memberId: number, now: Date) =>
  db
    .selectFrom('sessions')
    .select(['device_id', 'user_agent', 'last_seen_at', 'created_at', 'id'])
    .where('member_id', '=', memberId)
    .where('device_id', 'is not', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute()

/** Sign a device out (its sessions gone); answers how many sessions it had. */
export async function removeDeviceSessions(db: Db, memberId: number, deviceId: string): Promise<number> {
  const removed = await db.deleteFrom('sessions').where('member_id', '=', memberId).where('device_id', '=', deviceId).executeTakeFirst()
  return Number(removed.numDeletedRows)
}

/** Delete an account: the row stays, anonymous, and every way back in is gone. */
export async function eraseMember(db: Db, memberId: number, reason: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Kept as an anonymous row (comments and purchases keep pointing somewhere); nothing personal remains.
    await trx
      .updateTable('members')
      .set({
        email: null,
        password_hash: null,
        nickname: 'Deleted member',
        avatar_image_id: null,
        mobile: null,
        birthday: null,
        guest_token_hash: null,
        email_notify: false,
        marketing_agree: false,
        accept_mature: false,
        deleted_at: now,
      })
      .where('id', '=', memberId)
      .execute()
    await trx.deleteFrom('sessions').where('member_id', '=', memberId).execute()
    await trx.deleteFrom('external_accounts').where('member_id', '=', memberId).execute()
    await trx.deleteFrom('email_codes').where('member_id', '=', memberId).execute()
    await trx.deleteFrom('password_resets').where('member_id', '=', memberId).execute()
    // What they read (issue 37 item 6, "Your reading"): goes with the account.
    await trx.deleteFrom('read_progress').where('member_id', '=', memberId).execute()
    await trx.deleteFrom('reading_sittings').where('member_id', '=', memberId).execute()
    await trx.insertInto('account_deletions').values({ reason, deleted_at: now }).execute()
  })
}

export async function startCertification(
  db: Db,
  row: { tradeId: string; memberId: number; sessionId: string; redirect: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('certifications')
    .values({
      trade_id: row.tradeId,
      member_id: row.memberId,
      session_id: row.sessionId,
      redirect: row.redirect,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute()
}

/** Spend a certification's code (this member's, not expired); answers its result. */
export const completeCertification = (db: Db, memberId: number, code: string, now: Date) =>
  db
    .updateTable('certifications')
    .set({ code: null, completed_at: now })
    .where('code', '=', code)
    .where('member_id', '=', memberId)
    .where('expires_at', '>', now)
    .returning(['result'])
    .executeTakeFirst()
