import type { ApiErrorName } from './failures'

/** Every API response body: success carries `result`; failure carries its name, a code and a message. */
export interface SuccessBody<T> {
  result: T
}

export interface MaintenanceInfo {
  title: string
  description: string
  /** ISO date-time, or null when the end is not known. */
  endAt: string | null
}

export interface ErrorBody {
  /** Which failure this is (`api/failures.ts`): what the browser decides on. */
  name: ApiErrorName
  code: number
  message: string
  /** Set on 503: the maintenance screen's contents. */
  maintenance?: MaintenanceInfo
  /** Set on list endpoints when paging failed part-way; such failures stay silent. */
  hasNextPage?: boolean
  /** Set on a 400 from a form with several fields (the operator console): each field's problem, in the caller's language. */
  fields?: { field: string; message: string }[]
}

/** SPEC §8: status codes the client recognises. */
export const STATUS = {
  ok: 200,
  alreadyReported: 208,
  seeOther: 303,
  notModified: 304,
  badRequest: 400,
  unauthorized: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  timeout: 408,
  conflict: 409,
  dormant: 410,
  expectationFailed: 417,
  upgradeRequired: 426,
  acceptMature: 428,
  tooManyRequests: 429,
  matureVerification: 451,
  serverError: 500,
  maintenance: 503,
} as const

/** Codes the global handler does not treat as errors (SPEC §8). */
export const NON_ERROR_STATUSES: readonly number[] = [200, 208, 303, 404, 428]

/** The client's own code for a request that never got an answer. */
export const NETWORK_FAILURE_CODE = 9999
