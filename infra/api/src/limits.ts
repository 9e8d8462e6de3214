import { ACCOUNT_LIMITS } from '@koma/contracts/server'
import type { ObjectStoreTimeouts } from './storage/s3'

/**
 * Every abuse limit of the API in one table: request rates, the sign-in lock, body sizes, upload
 * pixels and the HTTP timeouts. docs/architecture.md ("Abuse limits") explains the numbers; the
 * per-code rules of SPEC §4 (one code a minute, five an hour, five guesses each) stay in
 * ACCOUNT_LIMITS, next to the other account rules, and are listed here where they apply.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export interface RateRule {
  max: number
  windowMs: number
}

export interface LimitRule {
  /** Per reader address (`req.ip`, IPv6 by /64): every call of the route counts. */
  address: RateRule
  /** Per account (member id, or the e-mail address the call is about) where there is one. */
  account?: RateRule
  /**
   * When the shared store (Redis) cannot answer: 'closed' refuses the call (429, retry in a
   * moment), 'open' lets it through. Closed where a guess, a mail or an account is at stake.
   */
  storeDown: 'open' | 'closed'
}

export const RATE_LIMITS = {
  /** Sign-in attempts, any e-mail. The lock per (e-mail, address) is SIGNIN_LOCK below. */
  signin: { address: { max: 30, windowMs: 15 * MINUTE }, storeDown: 'closed' },
  /** Code mails (sign-up and e-mail change); per e-mail address too (ACCOUNT_LIMITS: one a minute). */
  codeRequest: { address: { max: 20, windowMs: HOUR }, account: { max: ACCOUNT_LIMITS.codesPerHour, windowMs: HOUR }, storeDown: 'closed' },
  /** Code checks, any code; each code also takes ACCOUNT_LIMITS.codeMaxAttempts guesses at most. */
  codeCheck: { address: { max: 30, windowMs: 15 * MINUTE }, storeDown: 'closed' },
  signup: { address: { max: 20, windowMs: HOUR }, storeDown: 'closed' },
  /** Reset mails: per address, and per e-mail address asked about (registered or not: same answer). */
  passwordFind: { address: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR }, storeDown: 'closed' },
  /** Opening and using reset links (random single-use tokens: nothing to guess per account). */
  passwordReset: { address: { max: 30, windowMs: HOUR }, storeDown: 'closed' },
  /** New guest members (a browser that already has its guest gets it back without counting). */
  guestCreate: { address: { max: 5, windowMs: HOUR }, storeDown: 'closed' },
  couponRedeem: { address: { max: 30, windowMs: HOUR }, account: { max: 10, windowMs: HOUR }, storeDown: 'closed' },
  inquiry: { address: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR }, storeDown: 'closed' },
  inquiryImage: { address: { max: 30, windowMs: HOUR }, account: { max: 15, windowMs: HOUR }, storeDown: 'closed' },
  avatarUpload: { address: { max: 20, windowMs: HOUR }, account: { max: 10, windowMs: HOUR }, storeDown: 'closed' },
  /** Per address; the per-member rule (one per 10 s, ten per 10 minutes) is the community module's. */
  commentPost: { address: { max: 30, windowMs: 10 * MINUTE }, storeDown: 'open' },
  /**
   * Reading: 40 a second sustained per address. A reader racing through a 200-page chapter (and
   * the next chapter's prefetch) asks a few hundred a minute; a household or office behind one
   * address still fits.
   */
  image: { address: { max: 2400, windowMs: MINUTE }, storeDown: 'open' },
  imageTile: { address: { max: 2400, windowMs: MINUTE }, storeDown: 'open' },
  /** Analytics batches: a tab sends one every 5 s at most; several tabs behind one address fit. */
  analytics: { address: { max: 120, windowMs: MINUTE }, storeDown: 'open' },
} as const satisfies Record<string, LimitRule>

export type LimitName = keyof typeof RATE_LIMITS
export type RateLimitTable = Record<LimitName, LimitRule>

/**
 * The sign-in lock, counted in the database before the password is compared: five attempts per
 * (e-mail, address) in 15 minutes, then that address waits (the owner elsewhere is not locked
 * out). The per-e-mail ceiling across every address stops a guesser spread over many addresses;
 * it is ten times the per-address lock so locking a victim out takes ten addresses.
 */
export const SIGNIN_LOCK = {
  perEmailAndAddress: 5,
  perEmail: 50,
  windowMs: 15 * MINUTE,
} as const

/**
 * The operators' second factor (issue 33), counted in the database before a code is compared (one
 * atomic upsert per count, so parallel guesses cannot slip past) and so shared by every API
 * process. A TOTP code is 6 digits and three time steps are accepted (one of clock drift either
 * way): one guess is right with odds of about 3 in a million.
 *
 * - `perSession`: a session that typed 5 wrong codes waits `windowMs` (15 minutes). Whoever holds
 *   the password has sessions of their own: the real operator's session is never one of them.
 * - `perAddress`: 10 wrong codes per operator from one address in `windowMs`, whatever the
 *   sessions (signing in again is cheap: 30 sign-ins per 15 minutes per address, RATE_LIMITS.signin).
 *   Only that address waits; the operator elsewhere does not.
 * - `perOperator`: there is no lock per operator (that is how an attacker with the password locked
 *   the operator out). Instead, once 5 wrong codes were typed for the operator within
 *   `operatorWindowMs` (24 hours) from anywhere, every session must confirm two consecutive codes:
 *   the one the app shows, then the next one, within `secondCodeWithinMs`. A guesser spread over
 *   many addresses then needs two right guesses in a row (about 1 in 10^11 per try), while the
 *   operator waits up to 30 seconds for the next code. A confirmed code resets the count, so single
 *   guesses stay at 5 per day (or per operator sign-in), as many as the old per-operator lock gave.
 *
 * Wrong set-up codes (`npm run operator -- grant`) count per session and per address too; the
 * code is 100 random bits, so the count only keeps the endpoint quiet.
 */
export const OPERATOR_FACTOR_LOCK = {
  perSession: 5,
  perAddress: 10,
  windowMs: 15 * MINUTE,
  perOperator: 5,
  operatorWindowMs: 24 * HOUR,
  secondCodeWithinMs: 3 * MINUTE,
} as const

/** Request bodies. Form bodies are small (an inquiry of 5000 characters is under 46 kB encoded). */
export const BODY_LIMITS = {
  default: 64 * 1024,
  /** The raw upload routes: the SPEC size limit plus room for nothing else. */
  avatar: ACCOUNT_LIMITS.avatarBytes,
  inquiryImage: ACCOUNT_LIMITS.inquiryImageBytes,
} as const

/** Decoded size of an uploaded image (a 48-megapixel phone photo fits; a decompression bomb does not). */
export const UPLOAD_MAX_PIXELS = 50_000_000

export interface HttpTimeouts {
  /** Whole request headers must arrive within this (slowloris). */
  headersMs: number
  /** Whole request, body included (a 5 MB upload on a slow phone link). */
  requestMs: number
  /** A socket with no traffic at all is closed. */
  idleMs: number
  /** An idle keep-alive connection is closed (above common load balancers' 60 s). */
  keepAliveMs: number
  /** How often Node checks the header and request timeouts (its default is 30 s). */
  checkIntervalMs: number
}

export const API_TIMEOUTS: HttpTimeouts = {
  headersMs: 10 * SECOND,
  requestMs: 120 * SECOND,
  idleMs: 60 * SECOND,
  keepAliveMs: 72 * SECOND,
  checkIntervalMs: 2 * SECOND,
}

/**
 * Calls to the object store (KOMA_OBJECT_STORE=s3, storage/s3.ts): a store that is down answers a
 * reader in a few seconds with SPEC §8's "data could not be obtained", never a hung request. A
 * second try covers a dropped keep-alive connection; the worst case (a silent store) is about
 * attempts × (connectMs or requestMs). An upload's requestMs grows by a second per megabyte sent
 * (storage/s3.ts uploadTimeoutMs).
 */
export const OBJECT_STORE_TIMEOUTS: ObjectStoreTimeouts = {
  connectMs: 2 * SECOND,
  requestMs: 5 * SECOND,
  idleMs: 5 * SECOND,
  attempts: 2,
}

/**
 * Addresses that keep being refused (429 past a limit, 413 too large) are slowed down: after
 * `refusals` refusals within `windowMs`, every request from the address waits `delayMs` before it
 * is refused unread, for `penaltyMs`. A client sending megabytes it knows will be refused, as fast
 * as it can, then sends one request per `delayMs` and costs the API nearly nothing; a reader who
 * meets a limit now and then never gets here. Per API process (a cluster slows an abuser on each).
 */
export interface AbusePenalty {
  refusals: number
  windowMs: number
  penaltyMs: number
  delayMs: number
}

export const ABUSE_PENALTY: AbusePenalty = {
  refusals: 30,
  windowMs: MINUTE,
  penaltyMs: MINUTE,
  delayMs: 3 * SECOND,
}
