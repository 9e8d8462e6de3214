import { isApiError, isMatureRefusal, MATURE_FAILURES, type ApiError, type FailurePolicy } from '@koma/contracts'
import { isAppWebView } from '@koma/contracts/domain'

/**
 * A load that may meet SPEC §8's 428 (accept mature) or 451 (adult verification): the page then
 * shows the mature gate, which opens the dialog for that refusal.
 */
export type Gated<T> = { value: T; matureRequired: false } | { value: null; matureRequired: true; refusal: ApiError }

export function gated<T>(promise: Promise<T>): Promise<Gated<T>> {
  return promise.then(
    (value) => ({ value, matureRequired: false as const }),
    (error: unknown) => {
      if (isApiError(error) && isMatureRefusal(error)) return { value: null, matureRequired: true as const, refusal: error }
      throw error
    },
  )
}

/** Request policy for loads that handle a mature title's refusals (428, 451) themselves. */
export const MATURE_POLICY: FailurePolicy = { suppress: MATURE_FAILURES }

/**
 * SPEC §6, §8 campaign pages (a promotion): a 400 goes to the campaign error page, a 401 signs
 * out and, in the Japanese app's web view, does nothing more (the app signs in again itself).
 */
export const campaignPolicy = (userAgent: string): FailurePolicy => ({ ...MATURE_POLICY, campaign: true, appWebView: isAppWebView(userAgent) })

/** A campaign load whose 400 the global handler turns into the campaign error page: nothing to render meanwhile. */
export type CampaignGated<T> = Gated<T> | { value: null; matureRequired: false; campaignError: true }

export function campaignGated<T>(promise: Promise<T>): Promise<CampaignGated<T>> {
  return gated(promise).catch((error: unknown) => {
    if (isApiError(error) && error.status === 400) return { value: null, matureRequired: false as const, campaignError: true as const }
    throw error
  })
}
