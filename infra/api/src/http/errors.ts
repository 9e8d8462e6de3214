import type { ErrorBody, TextKey } from '@koma/contracts/server'

/**
 * A failure the API answers on purpose: a SPEC §8 status, a code, and a message chosen from the
 * shared text catalogue (translated per request) or given literally (validation messages).
 * Made only by the error catalogue (`http/errorCatalogue.ts`): call sites throw by name.
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
