import type { DialogComponentProps, Locale, RemoteDialogsModule } from '@koma/contracts'
import { PaymentsIntl } from './i18n/PaymentsIntl'
import { PurchaseDialog } from './purchase/PurchaseDialog'
import { SelectChaptersDialog } from './purchase/SelectChaptersDialog'
import { PaymentMethodDialog, PurchaseFailDialog, PurchaseResultDialog } from './shop/ResultDialogs'

function Purchase(props: DialogComponentProps<'purchase'>) {
  return (
    <PaymentsIntl>
      <PurchaseDialog {...props} />
    </PaymentsIntl>
  )
}

function SelectChapters(props: DialogComponentProps<'selectChapters'>) {
  return (
    <PaymentsIntl>
      <SelectChaptersDialog {...props} />
    </PaymentsIntl>
  )
}

/** Dialogs mf-payments owns (DIALOG_OWNERS), loaded by the host when one is opened. */
export const dialogs: RemoteDialogsModule['dialogs'] = {
  purchase: Purchase,
  selectChapters: SelectChapters,
  purchaseResult: PurchaseResultDialog,
  purchaseFail: PurchaseFailDialog,
  paymentMethod: PaymentMethodDialog,
}

/** The dialogs suspend on their messages first: the host fetches them with the module when it preloads (issue 34). */
export const prepare: NonNullable<RemoteDialogsModule['prepare']> = (locale: Locale) => PaymentsIntl.preload(locale)
