import { TIMINGS, type NotifyOptions } from '@koma/contracts'
import { notificationDuration } from '@koma/contracts/domain'
import { makeAutoObservable } from 'mobx'

export interface ShownNotification {
  id: number
  message: string
  visible: boolean
}

/**
 * SPEC §4 transient notification: one at a time; shown for 2400 ms by default (or the caller's
 * duration, 2000 ms where SPEC says), then hidden, and its text cleared 500 ms after hiding (the
 * fade-out). A new notification replaces the one showing and restarts the timers.
 */
export class NotificationStore {
  current: ShownNotification | null = null
  private nextId = 1
  private timers: ReturnType<typeof setTimeout>[] = []

  constructor() {
    makeAutoObservable<NotificationStore, 'timers' | 'nextId'>(this, { timers: false, nextId: false })
  }

  show = (message: string, options: NotifyOptions = {}): void => {
    this.stopTimers()
    const id = this.nextId++
    this.current = { id, message, visible: true }
    this.timers.push(
      setTimeout(() => {
        this.hide(id)
        this.timers.push(setTimeout(() => this.clear(id), TIMINGS.notificationClearMs))
      }, notificationDuration(options.durationMs)),
    )
  }

  /** Tests and navigation: drop whatever is showing. */
  reset = (): void => {
    this.stopTimers()
    this.current = null
  }

  private hide(id: number): void {
    if (this.current?.id === id) this.current = { ...this.current, visible: false }
  }

  private clear(id: number): void {
    if (this.current?.id === id) this.current = null
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers = []
  }
}

export const notificationStore = new NotificationStore()
