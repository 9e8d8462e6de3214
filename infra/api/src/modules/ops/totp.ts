import { randomInt } from 'node:crypto'
import { ENROLMENT_CODE, TOTP } from '@koma/contracts/server'
import { generateSecret, generateURI, verify } from 'otplib'

/**
 * TOTP (RFC 6238) through otplib: the operators' second factor. otplib is maintained, typed,
 * compares in constant time and reports the time step a code matched, which lets us accept each
 * code once. Settings are what authenticator apps assume (6 digits, 30 s, SHA-1).
 */

export const newTotpSecret = (): string => generateSecret({ length: 20 })

/** A one-time set-up code (contracts ENROLMENT_CODE): each character drawn uniformly by the CSPRNG. */
export const newEnrolmentCode = (): string =>
  Array.from({ length: ENROLMENT_CODE.length }, () => ENROLMENT_CODE.alphabet[randomInt(ENROLMENT_CODE.alphabet.length)]).join('')

export const totpUri = (secret: string, account: string): string =>
  generateURI({ issuer: TOTP.issuer, label: account, secret, digits: TOTP.digits, period: TOTP.periodSeconds })

/** The time step the code matched (one step of drift either way), or null. */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP.periodSeconds * TOTP.toleranceSteps,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  })
  if (!result.valid) return null
  return Math.floor(Math.floor(now.getTime() / 1000) / TOTP.periodSeconds) + result.delta
}
