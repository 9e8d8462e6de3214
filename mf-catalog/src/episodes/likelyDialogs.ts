import type { ContentDetail, DialogKind } from '@koma/contracts'
import { purchaseDecision } from '@koma/contracts/domain'

/**
 * The dialogs a tap on this episode list is likely to open (issue 34), preloaded once the list is
 * idle: for a reader (member or guest) with a chapter still to unlock, the purchase dialog
 * (mf-payments; the access sheet itself is this remote's); for a visitor, whose tap on a paid
 * chapter asks them to sign in first, the host's sign-in dialog, never mf-payments. Null when
 * every chapter opens straight in the viewer.
 */
export function likelyDialogs(content: Pick<ContentDetail, 'chapters' | 'inventory' | 'rentalConfig' | 'adsEnabled'>, reader: boolean): DialogKind[] | null {
  const locked = content.chapters.some(
    (chapter) =>
      purchaseDecision({ chapter, signedIn: reader, inventory: content.inventory, rentalConfig: content.rentalConfig, adsEnabled: content.adsEnabled }).kind !==
      'viewer',
  )
  if (!locked) return null
  return reader ? ['purchase'] : ['loginConfirm']
}
