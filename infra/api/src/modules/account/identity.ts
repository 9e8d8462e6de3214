import { ACCOUNT_LIMITS, endpoints, resetLinkExpiresAt, resetLinkIsValid } from '@koma/contracts/server'
import { checkCodeSchema, emailSchema, joinSchema, passwordSchema, requestCodeSchema, changeEmailSchema, codeSchema } from '@koma/contracts/validation'
import Joi from 'joi'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'

import { route } from '../../http/route'
import { requireFullMember } from '../member/guest'
import { currentTermsVersion, hashPassword } from '../member/service'
import { clearSessionCookies, forgetSession, sessionMember } from '../session/session'
import { clearSigninAttempts } from '../member/signinLock'
import { checkCode, consumeVerifiedCode, emailTaken, sendCode } from './codes'
import { checked } from '../../http/checked'
import { localePath, publicOrigin } from '../../publicUrl'
import { mailTime, readerTimeZone, today } from '../../http/readerTime'
import { randomToken, sha256 } from '../../http/tokens'
import { sealed } from '../member/rsa'
import { sendMail } from '../mail/send'
import { requireCurrentPassword, sealedIfSent } from './reauth'
import { registerMember, signInNewMember } from './registration'
import { apiError } from '../../http/errorCatalogue'

/** Sign-up, e-mail codes, passwords and e-mail changes. */
export function registerIdentityRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(
    app,
    deps,
    endpoints.sendVerifyToken,
    async ({ body, req, locale }) => {
      const purpose = body.purpose === 'changeEmail' ? 'changeEmail' : 'signup'
      // Who is asking comes before what they sent: a visitor gets the 401 of a change of address, not a form error.
      const member = purpose === 'changeEmail' ? await requireFullMember(deps, req) : null
      const { email } = checked(requestCodeSchema, { email: body.email }, locale)
      await req.server.abuseLimits.account('codeRequest', req, email.trim().toLowerCase())
      let memberId: number | null = null
      if (member) {
        memberId = member.memberId
        const current = await deps.db.selectFrom('members').select('email').where('id', '=', memberId).executeTakeFirstOrThrow()
        checked(changeEmailSchema(current.email), { email }, locale)
        if (await emailTaken(deps.db, email, memberId)) throw apiError('emailAlreadyRegistered')
      } else if (await emailTaken(deps.db, email)) {
        throw apiError('emailAlreadyRegistered')
      }
      const { expiresAt } = await sendCode(deps, { email, purpose, memberId, locale })
      return { sent: true as const, expiresAt: expiresAt.toISOString(), resendAfterSeconds: ACCOUNT_LIMITS.codeResendMs / 1000 }
    },
    { limit: 'codeRequest' },
  )

  route(
    app,
    deps,
    endpoints.checkVerifyToken,
    async ({ body, req, locale }) => {
      const purpose = body.purpose === 'changeEmail' ? 'changeEmail' : 'signup'
      const memberId = purpose === 'changeEmail' ? (await requireFullMember(deps, req)).memberId : undefined
      const { email, token } = checked(checkCodeSchema, { email: body.email, token: body.token }, locale)
      await checkCode(deps, { email, purpose, token, memberId })
      return { verified: true as const }
    },
    { limit: 'codeCheck' },
  )

  route(
    app,
    deps,
    endpoints.signup,
    async ({ body, req, reply, locale }) => {
      const form = checked(joinSchema, body, locale, { today: today(deps, req) })
      const { password } = await sealed<{ password: string }>(deps, body)
      checked(Joi.object({ password: passwordSchema }), { password }, locale)
      if (await emailTaken(deps.db, form.email)) throw apiError('emailAlreadyRegistered')
      const now = deps.clock.now()
      const passwordHash = await hashPassword(password)
      const terms = await currentTermsVersion(deps)
      const current = await sessionMember(deps, req)
      const memberId = await deps.db.transaction().execute(async (trx) => {
        await consumeVerifiedCode(trx, now, form.email, 'signup')
        return registerMember(trx, current, {
          email: form.email.trim(),
          passwordHash,
          nickname: form.nickname,
          birthday: form.birthday,
          marketingAgree: form.marketingAgree === 'true',
          termsVersion: terms?.version ?? 0,
          now,
          timeZone: readerTimeZone(req),
        })
      })
      const authentication = await signInNewMember(deps, req, reply, current, memberId)
      await sendMail(deps, form.email.trim(), 'welcome', locale, { nickname: form.nickname })
      return authentication
    },
    { limit: 'signup' },
  )

  // Password: find (reset mail valid 10 minutes), reset, change, and "later" for the 6-month advice.
  route(
    app,
    deps,
    endpoints.passwordFind,
    async ({ query, req, locale }) => {
      const { email } = checked(Joi.object({ email: emailSchema }), { email: query.email }, locale)
      // Counted per address asked about, registered or not: the answer tells nothing either way.
      await req.server.abuseLimits.account('passwordFind', req, email.trim().toLowerCase())
      const member = await deps.db
        .selectFrom('members')
        .select(['id', 'email'])
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .where('guest', '=', false)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      // The answer is the same whether or not the address is registered, and whether or not a
      // mail went out: a repeat within the resend interval sends nothing but says the same.
      if (!member) return { sent: true as const }
      const now = deps.clock.now()
      const recent = await deps.db
        .selectFrom('password_resets')
        .select('created_at')
        .where('member_id', '=', member.id)
        .where('created_at', '>', new Date(now.getTime() - ACCOUNT_LIMITS.codeResendMs))
        .executeTakeFirst()
      if (recent) return { sent: true as const }
      const token = randomToken(32)
      await deps.db
        .insertInto('password_resets')
        .values({ token_hash: sha256(token), member_id: member.id, created_at: now, expires_at: resetLinkExpiresAt(now) })
        .execute()
      const link = `${publicOrigin(deps)}${localePath(locale, '/member/profile/password/reset')}?token=${encodeURIComponent(token)}`
      await sendMail(deps, String(member.email), 'reset', locale, { link })
      return { sent: true as const }
    },
    { limit: 'passwordFind' },
  )

  const openReset = async (token: unknown) => {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw apiError('resetLinkExpired')
    const row = await deps.db
      .selectFrom('password_resets')
      .innerJoin('members', 'members.id', 'password_resets.member_id')
      .select(['password_resets.token_hash', 'password_resets.created_at', 'password_resets.used_at', 'members.id as memberId', 'members.email'])
      .where('password_resets.token_hash', '=', sha256(token))
      .where('members.deleted_at', 'is', null)
      .executeTakeFirst()
    if (!row || row.used_at || !resetLinkIsValid(new Date(row.created_at), deps.clock.now())) throw apiError('resetLinkExpired')
    return row
  }

  route(
    app,
    deps,
    endpoints.passwordResetCheck,
    async ({ query }) => {
      const row = await openReset(query.token)
      return { email: maskEmail(String(row.email)) }
    },
    { limit: 'passwordReset' },
  )

  route(
    app,
    deps,
    endpoints.passwordReset,
    async ({ body, locale }) => {
      const row = await openReset(body.token)
      const { password } = await sealed<{ password: string }>(deps, body)
      checked(Joi.object({ password: passwordSchema }), { password }, locale)
      const now = deps.clock.now()
      const passwordHash = await hashPassword(password)
      await deps.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', row.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst()
        if (Number(used.numUpdatedRows) !== 1) throw apiError('resetLinkExpired')
        await trx
          .updateTable('members')
          .set({ password_hash: passwordHash, password_changed_at: now, password_postponed_at: null })
          .where('id', '=', row.memberId)
          .execute()
        // Every session of the account ends: whoever knew the old password is signed out.
        await trx.deleteFrom('sessions').where('member_id', '=', row.memberId).execute()
        await clearSigninAttempts({ db: trx }, String(row.email))
      })
      return { reset: true as const }
    },
    { limit: 'passwordReset' },
  )

  route(app, deps, endpoints.passwordChange, async ({ body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    const payload = await sealed<{ currentPassword: string; password: string }>(deps, body)
    checked(
      Joi.object({
        currentPassword: Joi.string().required().messages({ 'any.required': 'currentPasswordRequired', 'string.empty': 'currentPasswordRequired' }),
        password: passwordSchema,
      }),
      { currentPassword: payload.currentPassword, password: payload.password },
      locale,
    )
    const row = await deps.db.selectFrom('members').select(['password_hash', 'email']).where('id', '=', member.memberId).executeTakeFirstOrThrow()
    if (!row.password_hash) throw apiError('notSignedInWithEmail')
    await requireCurrentPassword(deps, req, { email: row.email, passwordHash: row.password_hash }, payload.currentPassword, locale)
    if (payload.currentPassword === payload.password) throw apiError('passwordSameAsCurrent')
    const now = deps.clock.now()
    await deps.db
      .updateTable('members')
      .set({ password_hash: await hashPassword(payload.password), password_changed_at: now, password_postponed_at: null })
      .where('id', '=', member.memberId)
      .execute()
    // Other devices are signed out; this one stays.
    await deps.db.deleteFrom('sessions').where('member_id', '=', member.memberId).where('id', '!=', member.sessionId).execute()
    if (row.email) await sendMail(deps, row.email, 'passwordChanged', locale)
    return { changed: true as const }
  })

  route(app, deps, endpoints.passwordExpiration, async ({ req }) => {
    const member = await requireFullMember(deps, req)
    await deps.db.updateTable('members').set({ password_postponed_at: deps.clock.now() }).where('id', '=', member.memberId).execute()
    return { postponed: true as const }
  })

  route(
    app,
    deps,
    endpoints.changeEmail,
    async ({ body, req, locale }) => {
      const member = await requireFullMember(deps, req)
      const row = await deps.db.selectFrom('members').select(['email', 'password_hash']).where('id', '=', member.memberId).executeTakeFirstOrThrow()
      const { email } = checked(changeEmailSchema(row.email), { email: body.email }, locale)
      const token = checked(codeSchema, body.token, locale)
      if (await emailTaken(deps.db, email, member.memberId)) throw apiError('emailAlreadyRegistered')
      const payload = await sealedIfSent<{ currentPassword?: unknown; password?: unknown }>(deps, body)
      // A member with a password confirms it; one without (social sign-up) chooses one with the address.
      let passwordHash: string | null = null
      if (row.password_hash) {
        await requireCurrentPassword(deps, req, { email: row.email, passwordHash: row.password_hash }, payload?.currentPassword, locale)
      } else {
        const { password } = checked(Joi.object({ password: passwordSchema }), { password: payload?.password }, locale)
        passwordHash = await hashPassword(password)
      }
      await checkCode(deps, { email, purpose: 'changeEmail', token, memberId: member.memberId })
      const now = deps.clock.now()
      await deps.db.transaction().execute(async (trx) => {
        await consumeVerifiedCode(trx, now, email, 'changeEmail')
        await trx
          .updateTable('members')
          .set({ email: email.trim(), ...(passwordHash ? { password_hash: passwordHash, password_changed_at: now } : {}) })
          .where('id', '=', member.memberId)
          .execute()
      })
      // The old address hears of it: if this was not its owner, they know at once and what to do.
      if (row.email) {
        await sendMail(deps, row.email, 'emailChanged', locale, {
          newEmail: maskEmail(email.trim()),
          when: mailTime(now, readerTimeZone(req)),
          help: `${publicOrigin(deps)}${localePath(locale, '/inquiry')}`,
        })
      }
      return { email: email.trim() }
    },
    { limit: 'codeCheck' },
  )

  route(app, deps, endpoints.termsAgree, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    const terms = await currentTermsVersion(deps)
    if (!terms || String(terms.version) !== String(body.version ?? '')) throw apiError('termsVersionOutdated')
    await deps.db.updateTable('members').set({ terms_version: terms.version }).where('id', '=', member.memberId).execute()
    return { agreedVersion: terms.version }
  })
}

/** r•••••@koma.example: enough for a reader to recognise their own address. */
export function maskEmail(email: string): string {
  const [local = '', domain] = email.split('@')
  if (!domain) return email
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(3, local.length - 1))}@${domain}`
}

export async function signOutEverywhere(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, memberId: number): Promise<void> {
  await deps.db.deleteFrom('sessions').where('member_id', '=', memberId).execute()
  forgetSession(req)
  clearSessionCookies(req, reply)
}
