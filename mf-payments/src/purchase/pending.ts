import { isApiError, type AccessResult, type ApiClient, type ApiError } from '@koma/contracts'
import { performAccess, type AccessRequest } from './actions'

/**
 * SPEC §4 insufficient coins: the purchase the reader could not pay is kept for the session,
 * the reader goes to the coin shop, and after a successful coin purchase it is replayed once.
 */
export interface PendingPurchase extends AccessRequest {
  /** Where to go once it succeeds: the viewer of the (first) chapter, locale prefix included. */
  viewerPath: string
  /** Where a failed or cancelled purchase returns: the episode list it came from. */
  cancelRedirect: string
  savedAt: number
}

export const PENDING_PURCHASE_KEY = 'koma.pendingPurchase'

const storage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

export function savePendingPurchase(purchase: Omit<PendingPurchase, 'savedAt'> & { savedAt?: number }): void {
  try {
    storage()?.setItem(PENDING_PURCHASE_KEY, JSON.stringify({ ...purchase, savedAt: purchase.savedAt ?? Date.now() }))
  } catch {
    /* storage unavailable: nothing to replay later */
  }
}

function read(): PendingPurchase | null {
  try {
    const raw = storage()?.getItem(PENDING_PURCHASE_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as PendingPurchase
    return value && Array.isArray(value.chapterIds) && typeof value.action === 'string' ? value : null
  } catch {
    return null
  }
}

/** The saved purchase without removing it (the purchase fail dialog reads its cancelRedirect). */
export const peekPendingPurchase = (): PendingPurchase | null => read()

/** The saved purchase, removed: it is replayed at most once. */
export function takePendingPurchase(): PendingPurchase | null {
  const value = read()
  try {
    storage()?.removeItem(PENDING_PURCHASE_KEY)
  } catch {
    /* nothing to remove */
  }
  return value
}

export type ReplayOutcome =
  /** Nothing was pending. */
  | { kind: 'none' }
  /** Unlocked or rented: go to `path` (the chapter's viewer). */
  | { kind: 'done'; path: string; result: AccessResult; purchase: PendingPurchase }
  /** Still not enough coins (402): back to `path` (the episode list); nothing was charged. */
  | { kind: 'short'; path: string; error: ApiError; purchase: PendingPurchase }
  /** Refused for another reason (price changed, sales suspended…): `error.message` says why. */
  | { kind: 'failed'; path: string; error: ApiError | null; purchase: PendingPurchase }

/**
 * Replay the pending purchase once (a fresh token; the saved one is gone afterwards), typically
 * right after a successful coin purchase. Failures are returned, not shown: the caller decides.
 */
export async function replayPendingPurchase(api: ApiClient): Promise<ReplayOutcome> {
  const purchase = takePendingPurchase()
  if (!purchase) return { kind: 'none' }
  try {
    const result = await performAccess(api, purchase, { silent: true })
    return { kind: 'done', path: purchase.viewerPath, result, purchase }
  } catch (error) {
    if (isApiError(error) && error.failure === 'notEnoughCoins') return { kind: 'short', path: purchase.cancelRedirect, error, purchase }
    return { kind: 'failed', path: purchase.cancelRedirect, error: isApiError(error) ? error : null, purchase }
  }
}
