import {
  routePath,
  viewerPath,
  type AccessOption,
  type AccessOptionKind,
  type ChapterSummary,
  type ContentDetail,
  type ContentType,
  type FailureName,
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

/** What a purchase dialog does when an access call failed (SPEC §8). */
export type AccessFailureStep = 'coinShop' | 'close' | 'callback' | 'message'

/**
 * A rent-with-subscribe the page no longer knows about: the rental already used or no longer
 * available, the token spent (SPEC §8's 304 "page out of date": this API answers 409), or the
 * title or chapter gone (404).
 */
const SUBSCRIBE_OUT_OF_DATE: readonly FailureName[] = [
  'subscribeRentalUsed',
  'rentalNotAvailable',
  'transactionTokenUsed',
  'comicNotFound',
  'chapterNotFound',
  'notFound',
]

/**
 * SPEC §8 after a failed access call, by the failure's name: too few coins on a coin spend goes
 * to the coin shop (the purchase saved); not signed in closes (the global handler signs out); a
 * rent-with-subscribe out of date closes for the error with callback, whose OK reloads (home on
 * 404); any other failure is said in the dialog (the alert). Every purchase dialog decides here.
 */
export function afterAccessFailure(action: AccessAction, failure: FailureName | null): AccessFailureStep {
  if (failure === 'notEnoughCoins' && spendsCoins(action)) return 'coinShop'
  if (failure === 'authenticationError') return 'close'
  if (action === 'rentWithSubscribe' && failure !== null && SUBSCRIBE_OUT_OF_DATE.includes(failure)) return 'callback'
  return 'message'
}
