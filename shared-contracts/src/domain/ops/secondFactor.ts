/** Body code of the 403 an operator gets before confirming the second factor in this session. */
export const OPERATOR_STEP_UP_CODE = 4035

/** How long a confirmed second factor holds for an operator's session (real time, not faketime). */
export const OPERATOR_STEP_UP_MS = 8 * 60 * 60 * 1000

/** TOTP as authenticator apps expect it (RFC 6238 defaults): 6 digits, 30 s steps, SHA-1. */
export const TOTP = { digits: 6, periodSeconds: 30, issuer: 'Koma', toleranceSteps: 1 } as const

/** A code as typed: six digits, spaces allowed between groups ("123 456"). */
export function normaliseTotpCode(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const digits = value.replace(/[\s-]/g, '')
  return /^\d{6}$/.test(digits) ? digits : null
}

/**
 * The one-time set-up code `npm run operator -- grant` prints for an operator's first
 * authenticator (issue 33): 20 characters of an alphabet without look-alikes (no I, O, 0, 1),
 * 100 random bits, shown in groups of four.
 */
export const ENROLMENT_CODE = { length: 20, group: 4, alphabet: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' } as const

/** A set-up code as typed: case, spaces and dashes do not matter; null when it cannot be one. */
export function normaliseEnrolmentCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64) return null
  const plain = value.replace(/[\s-]/g, '').toUpperCase()
  return plain.length === ENROLMENT_CODE.length && [...plain].every((char) => ENROLMENT_CODE.alphabet.includes(char)) ? plain : null
}

/** A set-up code as the command prints it: groups of four joined by dashes. */
export const formatEnrolmentCode = (code: string): string => code.match(new RegExp(`.{1,${ENROLMENT_CODE.group}}`, 'g'))?.join('-') ?? code
