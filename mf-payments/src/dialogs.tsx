import type { RemoteDialogsModule } from '@koma/contracts'
import { PurchaseFailDialog, PurchaseResultDialog } from './shop/ResultDialogs'

/** Dialogs mf-payments owns (DIALOG_OWNERS), loaded by the host when one is opened. */
export const dialogs: RemoteDialogsModule['dialogs'] = {
  purchaseResult: PurchaseResultDialog,
  purchaseFail: PurchaseFailDialog,
}
