import { splitLocalePrefix } from '../i18n/locales'
import { adultVerificationValid } from './account'

/** SPEC §4 adult check and accept-mature outcomes, as where to go next. */
export type MatureChoice = 'yes' | 'no' | 'cancel'
export type MatureDestination = { kind: 'target' } | { kind: 'back' } | { kind: 'home' }

const ADULT_PATH = /^\/menu\/all_comic\/adult(\/|\?|$)/
export const isAdultPath = (path: string | null | undefined): boolean =>
  Boolean(path) && ADULT_PATH.test(splitLocalePrefix((path as string).split('#')[0] ?? '').rest)
const isLoginPath = (path: string | null | undefined): boolean =>
  Boolean(path) && /^\/(login|signup|member\/external-idp)(\/|\?|$)/.test(splitLocalePrefix((path as string).split('?')[0] ?? '').rest)

/**
 * Adult check: yes goes to the target (the cookie is set for a day); no returns to the previous
 * route, or home if that came from the login screens (or there is none); cancel goes home if the
 * target or current path is adult, else back.
 */
export function adultCheckDestination(choice: MatureChoice, where: { target: string; current: string; previous: string | null }): MatureDestination {
  if (choice === 'yes') return { kind: 'target' }
  if (choice === 'no') return !where.previous || isLoginPath(where.previous) ? { kind: 'home' } : { kind: 'back' }
  if (isAdultPath(where.target) || isAdultPath(where.current)) return { kind: 'home' }
  return where.previous ? { kind: 'back' } : { kind: 'home' }
}

/** Accept mature: yes turns it on (server for members, this session for anonymous readers) and goes to the target; no returns. */
export function acceptMatureDestination(choice: MatureChoice, where: { previous: string | null }): MatureDestination {
  if (choice === 'yes') return { kind: 'target' }
  return where.previous ? { kind: 'back' } : { kind: 'home' }
}

/**
 * Who may read a mature title (SPEC §6: adult content needs verification **and** mature turned on;
 * SPEC §9: a verification lasts a year). Lists may still show that such titles exist to a reader
 * who accepted mature content by the adult check alone (the accept-mature cookie); reading one
 * (its episode list, chapters, pages, EPUB files, comments, unlocking it) is decided here:
 *
 * - 'allowed'  a member whose verification is valid and whose mature setting is on;
 * - 'signIn'   a visitor or a guest: only a member can be verified (SPEC §8 451);
 * - 'verify'   a member without a valid verification, setting on or not (451);
 * - 'accept'   a verified member whose mature setting is off (428).
 *
 * A self-declared header or cookie never reads a mature title (issue 33).
 */
export type MatureReading = 'allowed' | 'signIn' | 'verify' | 'accept'

export interface MatureReader {
  guest: boolean
  /** The member's stored mature setting. */
  acceptMature: boolean
  adultVerifiedAt: Date | null
}

export function matureReading(reader: MatureReader | null, now: Date): MatureReading {
  if (!reader || reader.guest) return 'signIn'
  if (!adultVerificationValid(reader.adultVerifiedAt, now)) return 'verify'
  return reader.acceptMature ? 'allowed' : 'accept'
}
