import type { ContentType } from '../routes/params'
import type { AccessOptionKind } from '../domain/purchase'
import type { ShareData } from '../domain/share'
import type { PurchaseInfo } from '../domain/coinshop'
import type { ScreenOwner } from '../remotes'

/**
 * Every dialog one area may open in another's name. The host owns the generic ones; a remote
 * that owns a dialog exposes it in its `./dialogs` module under the same kind.
 */
export interface DialogMap {
  alert: { props: { title?: string; message: string }; result: void }
  confirm: { props: { title?: string; message: string; okLabel?: string; cancelLabel?: string }; result: boolean }
  error: { props: { title: string; message: string; code?: number }; result: void }
  /**
   * SPEC §2/§8 error with callback: an error whose OK acts on the status it reports
   * (`errorCallbackOutcome`): 303 nothing, 404 home, 304 and the rest reload the page.
   */
  errorCallback: { props: { title?: string; message: string; status: number }; result: void }
  /**
   * SPEC §2 gauge guide: how the free-read gauge works (full = one free episode, then it empties
   * and refills over `hours`). Opened from the gauge on the episode list and the access sheet.
   */
  gaugeGuide: { props: { hours: number }; result: void }
  /**
   * SPEC §4: sign in to go on. With `guestAllowed` (the gauge, tickets, the daily bonus, the
   * library: SPEC §4) a signed-out reader may also go on as this browser's guest: the result is
   * then 'guest' and the caller retries its action. A guest asked for a member-only action
   * (SPEC §6) is told "Guest users cannot use this function." and offered sign-up.
   */
  loginConfirm: { props: { redirect: string; guestAllowed?: boolean }; result: boolean | 'guest' }
  /**
   * SPEC §4 adult check: yes sets the accept-mature cookie for a day; resolves true to go on.
   * With `navigate`, the dialog also applies the SPEC outcomes (no: back, or home after login;
   * cancel: home on adult paths, else back).
   */
  adultCheck: { props: { target: string; navigate?: boolean }; result: boolean }
  /** SPEC §4 accept mature: yes turns mature content on (profile for members, session otherwise). */
  /**
   * `verification`: the API's 451 reason (issue 33); the dialog opens at its verification step
   * (verify my age for a member, sign in for anyone else).
   */
  acceptMature: { props: { target: string; navigate?: boolean; verification?: string }; result: boolean }
  /** SPEC §2 share: copy the link, or share it to a target. */
  share: { props: ShareData & { title?: string }; result: void }
  /** `option`: the access button the reader chose on the episode list, when there was one. */
  purchase: { props: { contentType: ContentType; contentId: number; chapterId: number; option?: AccessOptionKind }; result: { unlocked: boolean } }
  /**
   * SPEC §4 select-multiple-chapters purchase: pick chapters (select all excludes disabled ones)
   * and unlock them at once; resolves with what was unlocked.
   */
  selectChapters: { props: { contentType: ContentType; contentId: number }; result: { unlocked: boolean; chapterIds: number[] } }
  /** SPEC §4: an aborted chapter the reader neither owns nor rents; resolves when dismissed. */
  chapterAborted: { props: { chapterName?: string }; result: void }
  /** SPEC §2 purchase result: coins, bonus when above 0, price; resolves when its button is pressed. */
  purchaseResult: { props: Pick<PurchaseInfo, 'purchasedAmount' | 'freeAmount' | 'price' | 'unit'>; result: void }
  /** SPEC §2 purchase fail: title and message (the standard failure message by default); resolves on its button. */
  purchaseFail: { props: { title?: string; message?: string }; result: void }
  /**
   * SPEC §2 payment method: a title and the methods (code, typeName); resolves with the chosen
   * code (a coupon choice reports its own code, ignored when 0), or null when closed.
   */
  paymentMethod: { props: { title: string; methods: { code: string | number; typeName: string }[] }; result: string | number | null }
  /**
   * SPEC §2 report: a category from configuration (required; send without one shows the 2 s
   * "select report category" notification) and an optional description. Resolves reported: true
   * once the API has it.
   */
  report: { props: ReportTarget; result: { reported: boolean } }
}

/** What a report is about (SPEC §3 report types comment and content). */
export type ReportTarget = { type: 'comment'; commentId: number } | { type: 'content'; contentType: ContentType; contentId: number; chapterId: number }

export type DialogKind = keyof DialogMap
export type DialogProps<K extends DialogKind> = DialogMap[K]['props']
export type DialogResult<K extends DialogKind> = DialogMap[K]['result']

export const DIALOG_OWNERS: Record<DialogKind, ScreenOwner> = {
  alert: 'host',
  confirm: 'host',
  error: 'host',
  errorCallback: 'host',
  gaugeGuide: 'host',
  loginConfirm: 'host',
  adultCheck: 'host',
  acceptMature: 'host',
  share: 'host',
  purchase: 'mf_payments',
  selectChapters: 'mf_payments',
  chapterAborted: 'mf_viewer',
  purchaseResult: 'mf_payments',
  purchaseFail: 'mf_payments',
  paymentMethod: 'mf_payments',
  report: 'mf_community',
}

/** What a dialog component receives: its props and a way to close with a result. */
export type DialogComponentProps<K extends DialogKind> = DialogProps<K> & {
  close: (result: DialogResult<K>) => void
}
