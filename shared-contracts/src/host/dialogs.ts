import type { ContentType } from '../routes/params'
import type { ScreenOwner } from '../remotes'

/**
 * Every dialog one area may open in another's name. The host owns the generic ones; a remote
 * that owns a dialog exposes it in its `./dialogs` module under the same kind.
 */
export interface DialogMap {
  alert: { props: { title?: string; message: string }; result: void }
  confirm: { props: { title?: string; message: string; okLabel?: string; cancelLabel?: string }; result: boolean }
  error: { props: { title: string; message: string; code?: number }; result: void }
  loginConfirm: { props: { redirect: string }; result: boolean }
  /** SPEC §4 adult check: yes sets the accept-mature cookie for a day; resolves true to go on. */
  adultCheck: { props: { target: string }; result: boolean }
  purchase: { props: { contentType: ContentType; contentId: number; chapterId: number }; result: { unlocked: boolean } }
  /** SPEC §4: an aborted chapter the reader neither owns nor rents; resolves when dismissed. */
  chapterAborted: { props: { chapterName?: string }; result: void }
}

export type DialogKind = keyof DialogMap
export type DialogProps<K extends DialogKind> = DialogMap[K]['props']
export type DialogResult<K extends DialogKind> = DialogMap[K]['result']

export const DIALOG_OWNERS: Record<DialogKind, ScreenOwner> = {
  alert: 'host',
  confirm: 'host',
  error: 'host',
  loginConfirm: 'host',
  adultCheck: 'host',
  purchase: 'mf_payments',
  chapterAborted: 'mf_viewer',
}

/** What a dialog component receives: its props and a way to close with a result. */
export type DialogComponentProps<K extends DialogKind> = DialogProps<K> & {
  close: (result: DialogResult<K>) => void
}
