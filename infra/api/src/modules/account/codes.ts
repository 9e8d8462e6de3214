import { codeExpiresAt, codeIsValid, codeRequestAllowed, ACCOUNT_LIMITS, type CodePurpose, type Locale } from '@koma/contracts/server'
import { randomInt } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/schema'
import { apiError, tooManyRequests } from '../../http/errorCatalogue'
import { sendMail } from '../mail/send'
import { sha256 } from '../../http/tokens'

const HOUR_MS = 60 * 60 * 1000
const normal = (email: string): string => email.trim().toLowerCase()
const codeHash = (email: string, code: string): string => sha256(`${normal(email)}|${code}`)

/** SPEC §4: request a 6-digit code by e-mail (valid 10 minutes, re-requestable, rate-limited). */
export async function sendCode(
  deps: AppDeps,
  input: { email: string; purpose: CodePurpose; memberId: number | null; locale: Locale },
): Promise<{ expiresAt: Date }> {
  const now = deps.clock.now()
  const recent = await deps.db
    .selectFrom('email_codes')
    .select('created_at')
    .where(sql<string>`lower(email)`, '=', normal(input.email))
    .where('purpose', '=', input.purpose)
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
    .execute()
  const sentAt = recent.map((row) => new Date(row.created_at))
  if (!codeRequestAllowed(sentAt, now)) throw tooManyRequests(nextCodeInSeconds(sentAt, now), 'codeTooSoon')
  const code = String(randomInt(0, 1_000_000)).padStart(ACCOUNT_LIMITS.codeDigits, '0')
  const expiresAt = codeExpiresAt(now)
  await deps.db.transaction().execute(async (trx) => {
    // A new code replaces the ones sent before.
    await trx
      .updateTable('email_codes')
      .set({ used_at: now })
      .where(sql<string>`lower(email)`, '=', normal(input.email))
      .where('purpose', '=', input.purpose)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('email_codes')
      .values({
        email: normal(input.email),
        purpose: input.purpose,
        code_hash: codeHash(input.email, code),
        member_id: input.memberId,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute()
  })
  await sendMail(deps, input.email.trim(), 'code', input.locale, { code })
  return { expiresAt }
}

/** When the next code may be sent: a minute after the last one, or when the hour's fifth leaves the hour. */
function nextCodeInSeconds(sentAt: readonly Date[], now: Date): number {
  const times = sentAt.map((date) => date.getTime()).sort((a, b) => b - a)
  const afterResend = (times[0] ?? 0) + ACCOUNT_LIMITS.codeResendMs
  const inHour = times.filter((time) => now.getTime() - time < HOUR_MS)
  // The hour's quota is used up while its oldest counted code is in the hour (none yet: no wait).
  const oldestCounted = inHour[ACCOUNT_LIMITS.codesPerHour - 1]
  const afterHour = oldestCounted === undefined ? 0 : oldestCounted + HOUR_MS
  return (Math.max(afterResend, afterHour) - now.getTime()) / 1000
}

async function latestCode(db: Kysely<Database>, email: string, purpose: CodePurpose) {
  return db
    .selectFrom('email_codes')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', normal(email))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Check a code: five guesses per code, an expired code says so. Each guess is counted in one
 * conditional update BEFORE the comparison, so parallel guesses get five comparisons at most;
 * a right code gives its count back (only wrong guesses use a code up).
 */
export async function checkCode(deps: AppDeps, input: { email: string; purpose: CodePurpose; token: string; memberId?: number | null }): Promise<void> {
  const now = deps.clock.now()
  const code = await latestCode(deps.db, input.email, input.purpose)
  if (!code || (input.memberId !== undefined && code.member_id !== input.memberId)) throw apiError('codeIncorrect')
  if (!codeIsValid(new Date(code.created_at), now)) throw apiError('certificateExpired')
  const counted = await deps.db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', code.id)
    .where('attempts', '<', ACCOUNT_LIMITS.codeMaxAttempts)
    .returning('attempts')
    .executeTakeFirst()
  // A new code may be asked for within a minute.
  if (!counted) throw tooManyRequests(ACCOUNT_LIMITS.codeResendMs / 1000, 'codeAttemptsExceeded')
  if (code.code_hash !== codeHash(input.email, input.token.trim())) throw apiError('codeIncorrect')
  await deps.db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1), verified_at: eb.fn.coalesce('verified_at', eb.val(now)) }))
    .where('id', '=', code.id)
    .execute()
}

/** Spend the verified code of an address (sign-up): refused when none was verified recently. */
export async function consumeVerifiedCode(db: Kysely<Database>, now: Date, email: string, purpose: CodePurpose): Promise<void> {
  const code = await latestCode(db, email, purpose)
  const usable = code?.verified_at && now.getTime() - new Date(code.verified_at).getTime() <= ACCOUNT_LIMITS.verifiedCodeUsableMs
  if (!code || !usable) throw apiError('codeNotVerified')
  const spent = await db.updateTable('email_codes').set({ used_at: now }).where('id', '=', code.id).where('used_at', 'is', null).executeTakeFirst()
  if (Number(spent.numUpdatedRows) !== 1) throw apiError('codeNotVerified')
}

/** Whether an address belongs to a member (guests and deleted accounts have none). */
export async function emailTaken(db: Kysely<Database>, email: string, exceptMemberId: number | null = null): Promise<boolean> {
  let query = db
    .selectFrom('members')
    .select('id')
    .where(sql<string>`lower(email)`, '=', normal(email))
  if (exceptMemberId !== null) query = query.where('id', '!=', exceptMemberId)
  return (await query.executeTakeFirst()) !== undefined
}
