import {
  routePath,
  viewerPath,
  type AccessOption,
  type AccessOptionKind,
  type ChapterSummary,
  type ContentDetail,
  type ContentType,
  type Locale,
} from '@koma/contracts'
import { spendsCoins, type AccessAction, type AccessRequest } from './actions'

/** The viewer of a chapter (SPEC §2 viewer route, full file), without the locale prefix. */
export const viewerPathOf = (contentType: ContentType, contentId: number, chapterId: number): string => viewerPath({ contentType, contentId, chapterId })

/** Where a purchase replayed after buying coins returns: its (first) chapter's viewer, else the title's episode list. */
export function returnPathOf(request: Pick<AccessRequest, 'contentType' | 'contentId' | 'chapterIds'>): string {
  const chapterId = request.chapterIds[0]
  if (chapterId === undefined) return routePath('catalog.episodes', { contentType: request.contentType, contentId: String(request.contentId) })
  return viewerPathOf(request.contentType, request.contentId, chapterId)
}

/** Which access call an access button makes; null for buttons that are not purchases (preview, waiting). */
export function actionOf(kind: AccessOptionKind): AccessAction | null {
  switch (kind) {
    case 'freeRead':
      return 'rentWithGauge'
    case 'ticket':
      return 'rentWithTicket'
    case 'subscribe':
      return 'rentWithSubscribe'
    case 'rentWithCoin':
      return 'rentWithCoin'
    case 'buyWithCoin':
      return 'unlock'
    default:
      return null
  }
}

/** The request an access button makes for a chapter, at the price the reader sees. */
export function requestFor(
  option: AccessOption,
  content: Pick<ContentDetail, 'type' | 'id'>,
  chapter: Pick<ChapterSummary, 'id' | 'salesConfig'>,
): AccessRequest | null {
  const action = actionOf(option.kind)
  if (!action) return null
  const price = action === 'unlock' ? chapter.salesConfig.price : action === 'rentWithCoin' ? chapter.salesConfig.rentalPrice : 0
  return {
    action,
    contentType: content.type,
    contentId: content.id,
    chapterIds: [chapter.id],
    price,
    coinBackPrice: action === 'unlock' ? chapter.salesConfig.coinBackPrice : 0,
  }
}

/** SPEC §4: Japanese shows the use-coin confirm before an unlock or a coin rental; other languages proceed. */
export const needsCoinConfirm = (locale: Locale, request: Pick<AccessRequest, 'action' | 'price'>): boolean =>
  locale === 'ja' && (request.action === 'unlock' || request.action === 'unlockAll' || request.action === 'rentWithCoin') && request.price > 0

/** What the purchase dialog does when an access call failed with a status (SPEC §8). */
export type AccessFailureStep = 'coinShop' | 'close' | 'callback' | 'message'

/**
 * SPEC §8 after a failed access call: 402 on a coin spend goes to the coin shop (the purchase
 * saved); 401 closes (the global handler signs out); a rent-with-subscribe on a page out of
 * date (304; this API's 409 "already used / no longer available") or a title gone (404) closes
 * for the error with callback, whose OK reloads (home on 404); any other failure is said in the
 * dialog (the alert).
 */
export function afterAccessFailure(action: AccessAction, status: number): AccessFailureStep {
  if (status === 402 && spendsCoins(action)) return 'coinShop'
  if (status === 401) return 'close'
  if (action === 'rentWithSubscribe' && (status === 304 || status === 409 || status === 404)) return 'callback'
  return 'message'
}
