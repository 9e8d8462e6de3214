import { isApiError } from '@koma/contracts'

/** A load that may meet SPEC §8's 428 (accept mature): the page then shows the mature gate. */
export type Gated<T> = { value: T; matureRequired: false } | { value: null; matureRequired: true }

export function gated<T>(promise: Promise<T>): Promise<Gated<T>> {
  return promise.then(
    (value) => ({ value, matureRequired: false as const }),
    (error: unknown) => {
      if (isApiError(error) && error.status === 428) return { value: null, matureRequired: true as const }
      throw error
    },
  )
}

/** Request policy for loads that handle 428 themselves. */
export const MATURE_POLICY = { suppress: [428] } as const
