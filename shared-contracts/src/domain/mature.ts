import { splitLocalePrefix } from '../i18n/locales'

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
