import type { ApiErrorName, ErrorBody, TextKey } from '@koma/contracts/server'

/** Body fields a failure may add to its name, code and message (paging's hasNextPage, a form's fields). */
export type ErrorExtra = Partial<Omit<ErrorBody, 'name'>>

/**
 * A failure the API answers on purpose: its name (the body's `name`), a SPEC §8 status, a code, and a message chosen from the
 * shared text catalogue (translated per request) or given literally (validation messages).
 * Made only by the error catalogue (`http/errorCatalogue.ts`): call sites throw by name.
 */
export class HttpError extends Error {
  constructor(
    readonly failure: ApiErrorName,
    readonly status: number,
    readonly textKey: TextKey | null,
    readonly values: Record<string, string | number> = {},
    readonly literalMessage: string | null = null,
    readonly extra: ErrorExtra = {},
    readonly code: number = status,
  ) {
    super(literalMessage ?? textKey ?? `HTTP ${status}`)
    this.name = 'HttpError'
  }

  /** Response headers that go with the refusal (e.g. retry-after on a 429). */
  headers: Record<string, string> = {}
}
