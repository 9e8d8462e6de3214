import { analytics, ApiError, api, openDialog, type PurchaseInfo } from '@koma/contracts'
import { purchaseFailTarget, purchaseResultTarget, safeReturnPath } from '@koma/contracts/domain'
import { reportCoinsBought } from '../cache'
import { peekPendingPurchase, replayPendingPurchase } from '../purchase'

/**
 * What happens around a purchase, whatever the method: the stored redirect (where the reader
 * came from), the SPEC §2 purchase result and purchase fail dialogs, and the pending purchase
 * (issue 6a) replayed once after a success.
 */
const REDIRECT_KEY = 'koma.payment.redirect'

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

export function storeRedirect(path: string | null): void {
  const safe = safeReturnPath(path)
  try {
    if (safe) session()?.setItem(REDIRECT_KEY, safe)
  } catch {
    /* storage unavailable */
  }
}

export function storedRedirect(): string | null {
  try {
    return safeReturnPath(session()?.getItem(REDIRECT_KEY) ?? null)
  } catch {
    return null
  }
}

export function clearRedirect(): void {
  try {
    session()?.removeItem(REDIRECT_KEY)
  } catch {
    /* storage unavailable */
  }
}

/**
 * Replay the pending purchase once (issue 6a, SPEC §4): the chapter it unlocked (its viewer), or
 * the episode list it came from when it could still not be bought; null when nothing was pending.
 */
async function replayPending(): Promise<string | null> {
  const outcome = await replayPendingPurchase(api)
  return outcome.kind === 'none' ? null : outcome.path
}

/**
 * A purchase finished: refresh balances, show the purchase result dialog, then replay the
 * pending purchase once; open the chapter it unlocked, else go to the stored redirect or home.
 */
export async function purchaseSucceeded(info: PurchaseInfo, go: (path: string) => void): Promise<void> {
  await openDialog('purchaseResult', { purchasedAmount: info.purchasedAmount, freeAmount: info.freeAmount, price: info.price, unit: info.unit })
  // Balances shown anywhere (the shop, the purchase dialog, the profile, episode lists) reload.
  reportCoinsBought()
  analytics.track('purchase', { coins: info.purchasedAmount, free_coins: info.freeAmount, price: info.price, unit: info.unit })
  const target = purchaseResultTarget(storedRedirect())
  let replayed: string | null = null
  try {
    replayed = await replayPending()
  } catch {
    replayed = null
  }
  clearRedirect()
  go(replayed ?? target)
}

/** A purchase failed: the purchase fail dialog, then the stored redirect, the pending cancel-redirect, or home. */
export async function purchaseFailed(go: (path: string) => void, message?: string, title?: string): Promise<void> {
  await openDialog('purchaseFail', { message, title })
  const target = purchaseFailTarget(storedRedirect(), peekPendingPurchase()?.cancelRedirect)
  clearRedirect()
  go(target)
}

/** The message of a refused purchase call, when the API sent one. */
export const failureMessage = (error: unknown): string | undefined => (error instanceof ApiError && error.message ? error.message : undefined)

/** Statuses the shop handles itself (the fail dialog or an inline message) instead of the global error dialog. */
export const SHOP_SUPPRESS = [400, 402, 404, 409] as const
