import type { DialogKind, DialogProps, DialogResult } from '@koma/contracts'
import { makeAutoObservable } from 'mobx'

export interface OpenDialog {
  id: number
  kind: DialogKind
  props: DialogProps<DialogKind>
  resolve: (result: unknown) => void
}

/** The stack of open dialogs. openDialog() resolves when that dialog closes with its result. */
export class DialogStore {
  stack: OpenDialog[] = []
  private nextId = 1

  constructor() {
    makeAutoObservable(this)
  }

  open = <K extends DialogKind>(kind: K, props: DialogProps<K>): Promise<DialogResult<K>> =>
    new Promise((resolve) => {
      this.stack.push({ id: this.nextId++, kind, props, resolve: resolve as (result: unknown) => void })
    })

  close = (id: number, result: unknown): void => {
    const dialog = this.stack.find((candidate) => candidate.id === id)
    if (!dialog) return
    this.stack = this.stack.filter((candidate) => candidate.id !== id)
    dialog.resolve(result)
  }

  /** Close everything without results (navigation away, tests). */
  clear = (): void => {
    for (const dialog of this.stack) dialog.resolve(undefined)
    this.stack = []
  }

  get anyOpen(): boolean {
    return this.stack.length > 0
  }

  /** SPEC §8: one error dialog at a time. */
  get errorOpen(): boolean {
    return this.stack.some((dialog) => dialog.kind === 'error')
  }
}

export const dialogStore = new DialogStore()
