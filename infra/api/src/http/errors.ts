import type { ErrorBody, TextKey } from '@koma/contracts/server'

/**
 * A failure the API answers on purpose: a SPEC §8 status, a code, and a message chosen from the
 * shared text catalogue (translated per request) or given literally (validation messages).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly textKey: TextKey | null,
    readonly values: Record<string, string | number> = {},
    readonly literalMessage: string | null = null,
    readonly extra: Partial<ErrorBody> = {},
    readonly code: number = status,
  ) {
    super(literalMessage ?? textKey ?? `HTTP ${status}`)
    this.name = 'HttpError'
  }

  /** Response headers that go with the refusal (e.g. retry-after on a 429). */
  headers: Record<string, string> = {}
}

/** 429 with retry-after: `key`'s message, else one that says how long to wait. */
export function tooManyRequests(retryAfterSeconds: number, key: TextKey | null = null): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  const error =
    key !== null
      ? new HttpError(429, key)
      : seconds > 60
        ? new HttpError(429, 'tooManyRequestsMinutes', { minutes: Math.ceil(seconds / 60) })
        : new HttpError(429, 'tooManyRequests')
  error.headers['retry-after'] = String(seconds)
  return error
}

export const badRequest = (message: string): HttpError => new HttpError(400, null, {}, message)
export const badRequestText = (key: TextKey, values: Record<string, string | number> = {}): HttpError => new HttpError(400, key, values)
export const unauthorized = (): HttpError => new HttpError(401, 'authenticationError')
export const forbidden = (key: TextKey): HttpError => new HttpError(403, key)
export const notFound = (key: TextKey = 'notFound'): HttpError => new HttpError(404, key)
export const acceptMatureRequired = (): HttpError => new HttpError(428, 'matureNotAccepted')
