import { analytics, endpoints, type AccessAction, type AccessResult, type ApiClient, type ContentType, type FailurePolicy } from '@koma/contracts'
import { COIN_SPEND_REASON } from '@koma/contracts/domain'
import { reportAccess } from '../cache'

/** The access calls of SPEC §7 that take a one-time transaction token (declared with the money words, domain/coinWords.ts). */
export type { AccessAction }

/** One access request: what to unlock or rent, at which price (coins, as shown to the reader). */
export interface AccessRequest {
  action: AccessAction
  contentType: ContentType
  contentId: number
  /** One chapter, or several for unlockAll. */
  chapterIds: number[]
  /** unlock / unlockAll: the coin price; rentWithCoin: the rental price; others: 0. */
  price: number
  coinBackPrice: number
}

/** Access actions that spend coins: only these can answer notEnoughCoins (402) and go to the coin shop. */
export const spendsCoins = (action: AccessAction): boolean => COIN_SPEND_REASON[action] !== null

/**
 * Perform one access request: a fresh one-time token, then the call; on success every area that
 * shows access states or balances hears of it (episode lists, balances). Rejects with the
 * ApiError (notEnoughCoins when coins are short, suppressed here so the caller decides what to show).
 */
export async function performAccess(api: ApiClient, request: AccessRequest, policy: FailurePolicy = { suppress: ['notEnoughCoins'] }): Promise<AccessResult> {
  const result = await callAccess(api, request, policy)
  reportAccess(result)
  // SPEC §7 Coin_Used: coins spent on chapters (tickets, the gauge and subscriptions are not coins).
  if (spendsCoins(request.action))
    analytics.track('coin_used', { content_id: request.contentId, chapters: request.chapterIds.length, coins: request.price, action: request.action })
  return result
}

async function callAccess(api: ApiClient, request: AccessRequest, policy: FailurePolicy): Promise<AccessResult> {
  const { token } = await api.request(endpoints.coinTransactionToken, { policy })
  const [chapterId] = request.chapterIds
  const params = { type: request.contentType, id: String(request.contentId), chapterId: String(chapterId) }
  switch (request.action) {
    case 'unlock':
      return api.request(endpoints.chapterUnlock, {
        params,
        body: { token, price: String(request.price), coinBackPrice: String(request.coinBackPrice) },
        policy,
      })
    case 'unlockAll':
      return api.request(endpoints.chapterUnlockAll, {
        params: { type: request.contentType, id: String(request.contentId) },
        body: { token, chapterIds: request.chapterIds.map(String), price: String(request.price), coinBackPrice: String(request.coinBackPrice) },
        policy,
      })
    case 'rentWithCoin':
      return api.request(endpoints.chapterRentWithCoin, { params, body: { token, rentalPrice: String(request.price) }, policy })
    case 'rentWithTicket':
      return api.request(endpoints.chapterRentWithTicket, { params, body: { token }, policy })
    case 'rentWithGauge':
      return api.request(endpoints.chapterRentWithGauge, { params, body: { token }, policy })
    case 'rentWithSubscribe':
      return api.request(endpoints.chapterRentWithSubscribe, { params, body: { token }, policy })
  }
}
