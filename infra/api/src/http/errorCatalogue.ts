import { CHAPTER_ABORTED_CODE, OPERATOR_STEP_UP_CODE, text, type ApiErrorName, type ErrorBody, type Locale, type TextKey } from '@koma/contracts/server'
import { HttpError, type ErrorExtra } from './errors'

/** The statuses of SPEC §8 the API answers on purpose (200, 208, 303 and 304 are not failures). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 428 | 429 | 451 | 500 | 503

interface ErrorEntry {
  status: ErrorStatus
  /** The message, from the shared text catalogue; the error's own name when left out. */
  text?: TextKey
  /** The body's `code` when it is not the status (a client tells these refusals apart by it). */
  code?: number
}

/**
 * One entry for each name of the contracts' list (`ApiErrorName`, shared-contracts
 * `api/failures.ts`): a name missing here, or here and not there, does not compile. An entry
 * named after a text key may leave `text` out; any other name must say its text.
 */
type Entries = { [K in ApiErrorName]: K extends TextKey ? ErrorEntry : ErrorEntry & { text: TextKey } }
const declare = <T extends Entries>(entries: T & Record<Exclude<keyof T, ApiErrorName>, never>): T => entries

/**
 * Every failure the API answers on purpose, declared once: its status, its text and its code.
 * Call sites throw by name (`throw apiError('chapterNotFound')`), so one failure cannot be answered
 * with two statuses; a name whose text another entry also uses is a different failure on purpose
 * (say why beside it). Validation messages built by the shared joi schemas go through
 * `invalidInput`; limits with a retry-after through `tooManyRequests`.
 */
export const API_ERRORS = declare({
  // 400: the request itself is wrong.
  invalidParameter: { status: 400 },
  fieldInvalid: { status: 400 },
  invalidRequestHashToken: { status: 400 },
  searchQueryRequired: { status: 400 },
  deviceIdMissing: { status: 400 },
  incorrectEmailOrPassword: { status: 400 },
  socialSigninFailed: { status: 400 },
  signupSessionMissing: { status: 400 },
  codeNotVerified: { status: 400 },
  codeIncorrect: { status: 400 },
  resetLinkExpired: { status: 400 },
  certificateExpired: { status: 400 },
  currentPasswordIncorrect: { status: 400 },
  passwordSameAsCurrent: { status: 400 },
  notSignedInWithEmail: { status: 400 },
  lastSignInMethod: { status: 400 },
  uploadFormatInvalid: { status: 400 },
  /** An operator's import (SPEC §8 "upload format invalid"): neither one EPUB nor image pages. */
  importWrongKind: { status: 400 },
  adultVerificationFailed: { status: 400 },
  invalidCardDetails: { status: 400 },
  paymentMethodUnavailable: { status: 400 },
  transactionFailed: { status: 400 },
  /** Unlock-all with nothing left to unlock: the request names no chapter (409 when they cannot be sold). */
  unlockAllEmpty: { status: 400, text: 'unlockAllUnavailable' },
  muteSelf: { status: 400 },
  reportActionNotAllowed: { status: 400 },
  totpFormat: { status: 400 },
  totpWrong: { status: 400 },
  enrolmentCodeFormat: { status: 400 },
  enrolmentCodeWrong: { status: 400 },
  /** A promotion (a campaign page, SPEC §8) before its start or after its end. */
  campaignUnavailable: { status: 400 },
  /** A validation message a shared joi schema or form check wrote (`invalidInput`): the body says it as written. */
  invalidInput: { status: 400, text: 'invalidParameter' },
  /** Fastify's own refusal of a request it could not read (malformed body, unsupported media type), with Fastify's 4xx status. */
  requestRefused: { status: 400, text: 'invalidParameter' },
  /** A settings change naming a time zone the runtime does not know. */
  timeZoneUnknown: { status: 400 },
  // 401: who is asking is not known.
  authenticationError: { status: 401 },
  // 402: not enough money, or the payment was declined.
  notEnoughCoins: { status: 402 },
  transactionNotProcessed: { status: 402 },
  // 403: known, and refused.
  /** Another member's account named in the path: the same text as 401, but signing in again will not help. */
  notYourAccount: { status: 403, text: 'authenticationError' },
  guestNotAllowed: { status: 403 },
  accountSuspended: { status: 403 },
  operatorOnly: { status: 403 },
  operatorStepUp: { status: 403, code: OPERATOR_STEP_UP_CODE },
  chapterLocked: { status: 403 },
  salesSuspended: { status: 403 },
  /** A chapter withdrawn while being read: the viewer tells it from other refusals by its code. */
  chapterAborted: { status: 403, text: 'salesSuspended', code: CHAPTER_ABORTED_CODE },
  commentMuted: { status: 403 },
  commentNotYours: { status: 403 },
  commentOwnReport: { status: 403 },
  commentsDisabled: { status: 403 },
  debugUnavailable: { status: 403 },
  // 404: nothing by that name (for this reader).
  notFound: { status: 404 },
  noMorePages: { status: 404 },
  comicNotFound: { status: 404 },
  chapterNotFound: { status: 404 },
  commentNotFound: { status: 404 },
  userNotFound: { status: 404 },
  cardNotFound: { status: 404 },
  couponNotFound: { status: 404 },
  couponInvalid: { status: 404 },
  deviceNotFound: { status: 404 },
  productNotOnSale: { status: 404 },
  purchaseNotFound: { status: 404 },
  reportNotFound: { status: 404 },
  socialNotLinked: { status: 404 },
  socialProviderUnavailable: { status: 404 },
  adultVerificationUnavailable: { status: 404 },
  // 409: the state does not allow it (any more).
  alreadyOwned: { status: 409 },
  priceChanged: { status: 409 },
  rentalNotAvailable: { status: 409 },
  unlockAllUnavailable: { status: 409 },
  gaugeNotFull: { status: 409 },
  notEnoughTickets: { status: 409 },
  subscribeRentalUsed: { status: 409 },
  /** A purchase token already spent: the same text as a bad token, but the state, not the request, refuses. */
  transactionTokenUsed: { status: 409, text: 'transactionFailed' },
  purchaseInProgress: { status: 409 },
  purchaseCancelled: { status: 409 },
  releaseNotificationUnavailable: { status: 409 },
  emailAlreadyRegistered: { status: 409 },
  alreadyRegisteredSocial: { status: 409 },
  providerAlreadyLinked: { status: 409 },
  termsVersionOutdated: { status: 409 },
  couponExists: { status: 409 },
  /** A gift's request key sent again with other contents (the same contents answer the gift it made). */
  giftRequestReused: { status: 409 },
  couponUsed: { status: 409 },
  giftClaimed: { status: 409 },
  dailyBonusClaimed: { status: 409 },
  commentAlreadyLiked: { status: 409 },
  commentNotLiked: { status: 409 },
  operatorAlreadyEnrolled: { status: 409 },
  operatorEnrolFirst: { status: 409 },
  sanctionOperator: { status: 409 },
  // 410: gone for good.
  couponExpired: { status: 410 },
  giftExpired: { status: 410 },
  // 413: too big.
  /** A body over BODY_LIMITS (limits.ts), refused before any route read it. */
  requestTooLarge: { status: 413 },
  uploadTooLarge: { status: 413 },
  importTooLarge: { status: 413 },
  /** An EPUB whose zip unpacks past ARCHIVE_LIMITS (limits.ts): too many files, a file or the book too large, a zip bomb's ratio. */
  importArchiveEntries: { status: 413 },
  importArchiveEntryBytes: { status: 413 },
  importArchiveBookBytes: { status: 413 },
  importArchiveRatio: { status: 413 },
  // 428 and 451: the mature-content steps of SPEC §8.
  matureNotAccepted: { status: 428 },
  adultVerificationRequired: { status: 451 },
  /** A visitor or a guest on a mature title: only a member can be verified, so sign in first. */
  adultSignInRequired: { status: 451 },
  // 429: too many, too fast (tooManyRequests adds retry-after).
  tooManyRequests: { status: 429 },
  tooManyRequestsMinutes: { status: 429 },
  signinLocked: { status: 429 },
  codeTooSoon: { status: 429 },
  codeAttemptsExceeded: { status: 429 },
  commentTooFast: { status: 429 },
  totpTooManyGuesses: { status: 429 },
  /** Every image renderer busy with its queue full (modules/image/renderPool.ts): the reader did nothing wrong, but 503 means maintenance to the browser. */
  imageRenderBusy: { status: 429, text: 'tooManyRequests' },
  /** The account's time zone changed less than ACCOUNT_LIMITS.timeZoneChangeDays ago (issue 33). */
  timeZoneChangeTooSoon: { status: 429 },
  // 500: a payment provider failed us; the reader may try again.
  paymentProviderFailed: { status: 500, text: 'transactionNotProcessed' },
  /** PostgreSQL or the object store out of reach (db/unavailable.ts): come back in a moment (retry-after). */
  dataNotObtained: { status: 500 },
  /** Anything the API did not answer on purpose (logged). */
  undefinedError: { status: 500 },
  // 503: the site is in maintenance (modules/ops/states.ts): the message is the operators' title.
  maintenance: { status: 503, text: 'systemMaintenance' },
})

export type { ApiErrorName }
type Values = Record<string, string | number>

/** The failure `name` of the catalogue, with its text's values and any extra body fields. */
export function apiError(name: ApiErrorName, values: Values = {}, extra: ErrorExtra = {}): HttpError {
  const entry: ErrorEntry = API_ERRORS[name]
  return new HttpError(name, entry.status, entry.text ?? (name as TextKey), values, null, extra, entry.code ?? entry.status)
}

/** A 400 whose message a shared validation schema already wrote in the reader's language. */
export const invalidInput = (message: string, extra: ErrorExtra = {}): HttpError => new HttpError('invalidInput', 400, null, {}, message, extra)

/** The SPEC §8 body of a failure, in the reader's language: its name, code and message, and any extra fields. */
export function errorBody(error: HttpError, locale: Locale): ErrorBody {
  const message = error.literalMessage ?? (error.textKey ? text(error.textKey, locale, error.values) : '')
  return { name: error.failure, code: error.code, message, ...error.extra }
}

/** The 429 names: what `tooManyRequests` may answer. */
export type TooManyName = { [K in ApiErrorName]: (typeof API_ERRORS)[K]['status'] extends 429 ? K : never }[ApiErrorName]

/** 429 with retry-after: `name`'s message, else one that says how long to wait. */
export function tooManyRequests(retryAfterSeconds: number, name: TooManyName | null = null): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  const error =
    name !== null ? apiError(name) : seconds > 60 ? apiError('tooManyRequestsMinutes', { minutes: Math.ceil(seconds / 60) }) : apiError('tooManyRequests')
  error.headers['retry-after'] = String(seconds)
  return error
}
