import type { AccessOption, AccessOptionKind, ChapterSummary, ContentDetail, ContentType, Locale } from '@koma/contracts'
import type { AccessAction, AccessRequest } from './actions'

/** The viewer of a chapter (SPEC §2 viewer route, full file), without the locale prefix. */
export const viewerPathOf = (contentType: ContentType, contentId: number, chapterId: number): string => `/${contentType}/${contentId}/chapter/${chapterId}/product`

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
export function requestFor(option: AccessOption, content: Pick<ContentDetail, 'type' | 'id'>, chapter: Pick<ChapterSummary, 'id' | 'salesConfig'>): AccessRequest | null {
  const action = actionOf(option.kind)
  if (!action) return null
  const price = action === 'unlock' ? chapter.salesConfig.price : action === 'rentWithCoin' ? chapter.salesConfig.rentalPrice : 0
  return { action, contentType: content.type, contentId: content.id, chapterIds: [chapter.id], price, coinBackPrice: action === 'unlock' ? chapter.salesConfig.coinBackPrice : 0 }
}

/** SPEC §4: Japanese shows the use-coin confirm before an unlock or a coin rental; other languages proceed. */
export const needsCoinConfirm = (locale: Locale, request: Pick<AccessRequest, 'action' | 'price'>): boolean =>
  locale === 'ja' && (request.action === 'unlock' || request.action === 'unlockAll' || request.action === 'rentWithCoin') && request.price > 0
