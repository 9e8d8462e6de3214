import type { Authentication } from '@koma/contracts/server'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { welcomeGift } from '../inbox/service'
import { forgetGuestSecret } from '../member/guest'
import { endSession, forgetSession, startSession, type SessionMember } from '../session/session'

/** Who is joining, from the e-mail join form or the short social join form. */
export interface Joining {
  email: string | null
  passwordHash: string | null
  nickname: string
  birthday: string
  marketingAgree: boolean
  termsVersion: number
  now: Date
}

/**
 * Make the member, in the caller's transaction. SPEC §4: registering from a guest keeps its
 * history, so a guest caller's member id becomes the member; anyone else gets a new one. Their
 * notification settings follow the marketing consent, and the welcome gift waits in the inbox.
 */
export async function registerMember(trx: Kysely<Database>, current: SessionMember | null, joining: Joining): Promise<number> {
  const { now, marketingAgree } = joining
  const values = {
    email: joining.email,
    password_hash: joining.passwordHash,
    nickname: joining.nickname,
    guest: false,
    guest_token_hash: null,
    birthday: joining.birthday,
    marketing_agree: marketingAgree,
    email_notify: marketingAgree,
    terms_version: joining.termsVersion,
    password_changed_at: joining.passwordHash ? now : null,
    last_signin_at: now,
  }
  let id: number
  if (current?.guest) {
    await trx.updateTable('members').set(values).where('id', '=', current.memberId).execute()
    id = current.memberId
  } else {
    id = (
      await trx
        .insertInto('members')
        .values({ ...values, accept_mature: false, adult_verified_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  }
  await trx
    .insertInto('member_settings')
    .values({ member_id: id, notify_marketing: marketingAgree, notify_news_email: marketingAgree })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ notify_marketing: marketingAgree, notify_news_email: marketingAgree }))
    .execute()
  await welcomeGift(trx, id, now)
  return id
}

/**
 * End the caller's session and sign the new member in, staying logged in. From a guest (now this
 * member, SPEC §4), every session the guest had ends and its secret is forgotten (issue 33): only
 * this browser, just signed up, holds the account.
 */
export async function signInNewMember(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  current: SessionMember | null,
  memberId: number,
): Promise<Authentication> {
  if (current?.guest && current.memberId === memberId) await forgetGuestSecret(deps, req, reply, memberId)
  else if (current) await endSession(deps, current.sessionId)
  if (current) forgetSession(req)
  const { sessionId } = await startSession(deps, req, reply, memberId, true)
  return { sessionToken: `s${sessionId}`, userId: memberId }
}
