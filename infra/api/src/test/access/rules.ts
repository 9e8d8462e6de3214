import type { Locale } from '@koma/contracts/server'
import type { LightMyRequestResponse } from 'fastify'
import type { Caller, Who, World } from '../world'

/**
 * The vocabulary of the access matrix: what a caller sends, and what each kind of caller must
 * get back (SPEC §6 roles, §8 statuses).
 */
export type Expected = number | readonly number[] | 'guestRefused'
/**
 * What each caller gets. The operator is left out of the reader endpoints' rules: there it is
 * just another member and must get what `member` gets (no privilege leaks through reader calls).
 */
export type Outcomes = Record<Exclude<Who, 'operator'>, Expected> & { operator?: Expected }

/** The outcome a caller must get under a rule. */
export const outcomeFor = (outcomes: Outcomes, who: Who): Expected => (who === 'operator' ? (outcomes.operator ?? outcomes.member) : outcomes[who])

export interface Request {
  /** Path parameters of the endpoint (`*` for the EPUB file path). */
  params?: Record<string, string | number>
  query?: Record<string, string>
  body?: Record<string, string | string[]>
  raw?: Buffer
  headers?: Record<string, string>
  /** Cookies besides the caller's session (a flow's state cookie). */
  cookies?: Record<string, string>
  locale?: Locale
  /** The caller's address (each call gets its own by default, so per-address limits stay out of the way). */
  ip?: string
  /** A full URL instead of the endpoint's path (signed page URLs, routes outside the table). */
  url?: string
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
}

export interface Case {
  name: string
  /** Built per caller: tokens, orders, codes and cards are each caller's own. */
  request: (w: World, caller: Caller) => Request | Promise<Request>
  expect: Outcomes
  /** Body fields that say what is asked (kept when the matrix sends a visitor an otherwise empty body). */
  selects?: string[]
  /** What else must hold for this caller's answer (data it must or must not hold). */
  check?: (response: LightMyRequestResponse, caller: Caller, w: World) => void | Promise<void>
}

export interface Expectation {
  cases: Case[]
  /** The call ends or changes the caller's session or account, or its answer depends on what the caller holds: run it with new callers. */
  fresh?: boolean
  /** Prepare the (fresh) callers: e.g. give the owner coins. */
  setup?: (w: World) => Promise<void>
}

export const OK = 200
export const GUEST: Expected = 'guestRefused'

/** Public: answers everyone, signed out included. */
export const anyone = (status: Expected = OK): Outcomes => ({ visitor: status, guest: status, member: status, owner: status })
/** Login required; a guest session counts (SPEC §4: guests have a library, inbox, settings). */
export const signedIn: Outcomes = { visitor: 401, guest: OK, member: OK, owner: OK }
/** Members only (SPEC §6): a guest gets 403 "Guest users cannot use this function.". */
export const members: Outcomes = { visitor: 401, guest: GUEST, member: OK, owner: OK }
/** Another member's resource: refused (`other`), never served; the owner gets it. */
export const ownerOnly = (other: number, guest: Expected = other): Outcomes => ({ visitor: 401, guest, member: other, owner: OK })

/** Operators only (issue 17): 401 signed out, 403 for everyone else. */
export const operators = (status: Expected = OK): Outcomes => ({ visitor: 401, guest: 403, member: 403, owner: 403, operator: status })

export const single = (name: string, request: Case['request'], expect: Outcomes, check?: Case['check']): Expectation => ({
  cases: [{ name, request, expect, check }],
})

export function expectContains(response: LightMyRequestResponse, value: string | number, present: boolean): void {
  const has = response.body.includes(String(value))
  if (has !== present) throw new Error(`expected the answer ${present ? 'to' : 'not to'} contain ${value}: ${response.body.slice(0, 300)}`)
}

/** One memo per world (helpers that make a thing once: signed page URLs, the EPUB manifest). */
export function perWorld<T>(make: (w: World) => Promise<T>): (w: World) => Promise<T> {
  const made = new WeakMap<object, Promise<T>>()
  return (w) => {
    const key = w.t
    let value = made.get(key)
    if (!value) {
      value = make(w)
      made.set(key, value)
    }
    return value
  }
}
