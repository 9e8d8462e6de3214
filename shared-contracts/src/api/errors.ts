import type { Locale } from '../i18n/locales'
import { text } from '../i18n/texts'
import { NETWORK_FAILURE_CODE, NON_ERROR_STATUSES, type ErrorBody, type MaintenanceInfo } from './envelope'
import type { FailureName } from './failures'

/**
 * A failed API call as a value: which failure it is (`failure`, the body's name: decide on this),
 * its status (9999 for no answer), code, message and body.
 */
export class ApiError extends Error {
  /** The failure's name (`api/failures.ts`); null for an answer that named none (a proxy's error page). */
  readonly failure: FailureName | null
  readonly status: number
  readonly code: number
  readonly body: ErrorBody | null
  readonly url: string

  constructor(input: { failure?: FailureName | null; status: number; code?: number; message: string; body?: ErrorBody | null; url: string }) {
    super(input.message)
    this.name = 'ApiError'
    this.failure = input.failure ?? input.body?.name ?? null
    this.status = input.status
    this.code = input.code ?? input.status
    this.body = input.body ?? null
    this.url = input.url
  }

  get isNetworkFailure(): boolean {
    return this.status === NETWORK_FAILURE_CODE
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError

/** Options a caller sets per request to change what the global handler does with a failure. */
export interface FailurePolicy {
  /** Never show anything for this request; the caller handles its failure. */
  silent?: boolean
  /**
   * Failures the caller handles itself, by name (`'notEnoughCoins'`), or by status where every
   * failure of that status is meant (a form that shows whichever 400 it got).
   */
  suppress?: readonly (number | FailureName)[]
  /** The request is made from a campaign page (SPEC §8 campaign rules). */
  campaign?: boolean
  /** The page runs inside the Japanese app's web view. */
  appWebView?: boolean
}

export type FailureAction =
  | { kind: 'none' }
  | { kind: 'maintenance'; maintenance: MaintenanceInfo }
  | { kind: 'logout'; redirectToLogin: boolean }
  | { kind: 'campaignError' }
  | { kind: 'dialog'; title: 'networkFailure' | 'badServerResponse' | 'error'; message: string; code: number }

/**
 * SPEC §8 as a pure rule: what the global handler does with a failed call. The caller still
 * receives the ApiError; this decides only the screen-level side effect.
 */
export function classifyFailure(error: ApiError, policy: FailurePolicy = {}): FailureAction {
  const { status, body } = error
  if (status === 503) {
    return {
      kind: 'maintenance',
      maintenance: body?.maintenance ?? { title: error.message, description: '', endAt: null },
    }
  }
  if (policy.campaign) {
    if (status === 401) return policy.appWebView ? { kind: 'logout', redirectToLogin: false } : { kind: 'logout', redirectToLogin: true }
    if (status === 400) return { kind: 'campaignError' }
  }
  // A caller that handles 401 itself (the viewer's login confirm, SPEC §8 viewer errors) still
  // signs the page out, but is not taken to /login. (SPEC §8's 417 on mapping / external-idp
  // sign-in URLs is not handled: this API never answers 417, see errorCatalogue.ts ErrorStatus.)
  if (status === 401) return { kind: 'logout', redirectToLogin: !suppresses(policy, error) }
  if (NON_ERROR_STATUSES.includes(status)) return { kind: 'none' }
  if (policy.silent || suppresses(policy, error)) return { kind: 'none' }
  if (status === 400 && !body?.message) return { kind: 'none' }
  if (body?.hasNextPage || error.failure === 'invalidRequestHashToken') return { kind: 'none' }
  if (error.isNetworkFailure) return { kind: 'dialog', title: 'networkFailure', message: error.message, code: error.code }
  if (status === 500) return { kind: 'dialog', title: 'badServerResponse', message: error.message, code: error.code }
  return { kind: 'dialog', title: 'error', message: error.message, code: error.code }
}

/** The policy names this failure, or its status. */
const suppresses = (policy: FailurePolicy, error: ApiError): boolean =>
  !!policy.suppress && (policy.suppress.includes(error.status) || (error.failure !== null && policy.suppress.includes(error.failure)))

/**
 * What a failed load says (SPEC §8 "data could not be obtained"): the API's own refusal when it
 * gave one (a 4xx with a message), else that the data could not be obtained (the server, the
 * network, anything thrown on the way). In the shared barrel, not the domain rules: it says a
 * shared text, which the page's one texts registry holds (i18n/texts.ts).
 */
export function loadFailureMessage(error: unknown, locale: Locale): string {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    const { status, message } = error as { status: unknown; message: unknown }
    if (typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message) return message
  }
  return text('dataNotObtained', locale)
}
