import type { Locale } from '@koma/contracts/server'
import { currentPasswordSchema } from '@koma/contracts/validation'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError, tooManyRequests } from '../../http/errorCatalogue'
import { readerAddress } from '../../http/rateLimit'
import { countSigninAttempt, signinSucceeded } from '../member/signinLock'
import { passwordMatches } from '../member/service'
import { checked } from '../../http/checked'
import { sealed } from '../member/rsa'

/**
 * The current password, asked again before what would hand the account to someone else or end
 * it (password change, e-mail change, deletion) for members who have one. It travels sealed like
 * every password (RSA, one-time session key).
 */

/** The sealed payload of a request, or null when the caller sent none (a member without a password). */
export async function sealedIfSent<T extends Record<string, unknown>>(
  deps: AppDeps,
  body: { sessionKey?: unknown; rsaEncryptedString?: unknown },
): Promise<(T & { sessionKey: string }) | null> {
  if (body.sessionKey === undefined && body.rsaEncryptedString === undefined) return null
  return sealed<T>(deps, body)
}

/**
 * Check the member's current password: missing is "Please input your current password.", wrong
 * is "Your current password is incorrect.". Each check is counted as a sign-in attempt of the
 * member's address from this reader's address, atomically and before the comparison
 * (member/signinLock.ts), so this is no side door for guessing: the sign-in lock applies here.
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
  const address = readerAddress(req)
  if (email) {
    const attempt = await countSigninAttempt(deps, email, address)
    if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, 'signinLocked')
  }
  if (await passwordMatches(member.passwordHash, checkedPassword)) {
    if (email) await signinSucceeded(deps, email, address)
    return
  }
  throw apiError('currentPasswordIncorrect')
}
