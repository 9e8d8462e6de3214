import { ACCOUNT_LIMITS, signinLocked, type Locale } from '@koma/contracts/server'
import { currentPasswordSchema } from '@koma/contracts/validation'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { passwordMatches } from '../member/service'
import { checked, fail, sealed } from './common'

/**
 * The current password, asked again before what would hand the account to someone else or end
 * it (password change, e-mail change, deletion) for members who have one. It travels sealed like
 * every password (RSA, one-time session key).
 */

/** The sealed payload of a request, or null when the caller sent none (a member without a password). */
export async function sealedIfSent<T extends Record<string, unknown>>(deps: AppDeps, body: { sessionKey?: unknown; rsaEncryptedString?: unknown }): Promise<(T & { sessionKey: string }) | null> {
  if (body.sessionKey === undefined && body.rsaEncryptedString === undefined) return null
  return sealed<T>(deps, body)
}

/**
 * Check the member's current password: missing is "Please input your current password.", wrong
 * is "Your current password is incorrect.". A wrong one counts as a failed sign-in of the
 * member's address, and the sign-in lock applies here too, so this is no side door for guessing.
 *
 * HOOK (issue 11, rate limits): this reads and writes the same `signin_failures` rows as
 * POST /member/signin (member/routes.ts). When sign-in moves to the shared limiter (atomic
 * counters, per address and per account), call the same limiter here with the member's address
 * and `req.ip`, and drop the two queries below.
 */
export async function requireCurrentPassword(
  deps: AppDeps,
  req: FastifyRequest,
  member: { email: string | null; passwordHash: string },
  currentPassword: unknown,
  locale: Locale,
): Promise<void> {
  const checkedPassword = checked(currentPasswordSchema, { currentPassword }, locale).currentPassword as string
  const email = member.email?.trim().toLowerCase() ?? null
  const now = deps.clock.now()
  if (email) {
    const failures = await deps.db
      .selectFrom('signin_failures')
      .select('created_at')
      .where('email', '=', email)
      .where('created_at', '>', new Date(now.getTime() - ACCOUNT_LIMITS.signinFailureWindowMs))
      .execute()
    if (signinLocked(failures.map((row) => new Date(row.created_at)), now)) throw fail(429, 'signinLocked')
  }
  if (await passwordMatches(member.passwordHash, checkedPassword)) return
  if (email) await deps.db.insertInto('signin_failures').values({ email, ip: req.ip, created_at: now }).execute()
  throw fail(400, 'currentPasswordIncorrect')
}
