import type { ApiError } from '../api/errors'
import type { ApiErrorName } from '../api/failures'
import { openDialog } from './bridge'

/**
 * The refusals of SPEC §8 a mature title answers (issue 33): 428 accept mature, 451 verify (a
 * member) or sign in to be verified (a visitor or a guest).
 */
export const MATURE_FAILURES: readonly ApiErrorName[] = ['matureNotAccepted', 'adultVerificationRequired', 'adultSignInRequired']

/** The failure is one of a mature title's steps (the mature gate, the accept-mature dialog). */
export const isMatureRefusal = (error: ApiError): boolean => error.failure !== null && (MATURE_FAILURES as readonly string[]).includes(error.failure)

/**
 * The SPEC §4 dialogs that lead a reader past a mature title's refusal; resolves true once the
 * reader may go on (the caller loads again), false when they turned back.
 *
 * - 451 (verification): the accept-mature dialog in its verification step, saying the API's
 *   reason; a member goes to verify their age (the settings page comes back here), a visitor or
 *   a guest to sign in first (only a member can be verified). A signed-out reader who has not
 *   answered the adult check yet answers it first (its yes keeps mature titles in lists a day).
 * - 428 (accept mature): a member turns mature content on; a signed-out reader on a list says
 *   they are an adult (the adult check's cookie, which lists alone honour).
 */
export async function openMatureDialog(
  error: ApiError,
  target: string,
  options: { signedIn: boolean; saidAdult: boolean; navigate?: boolean },
): Promise<boolean> {
  const navigate = options.navigate ?? true
  if (error.failure === 'adultVerificationRequired' || error.failure === 'adultSignInRequired') {
    if (!options.signedIn && !options.saidAdult && !(await openDialog('adultCheck', { target, navigate }))) return false
    return openDialog('acceptMature', { target, navigate, verification: error.message })
  }
  return options.signedIn ? openDialog('acceptMature', { target, navigate }) : openDialog('adultCheck', { target, navigate })
}
