import type { MaintenanceInfo } from '@koma/contracts'
import { makeAutoObservable } from 'mobx'

/** Screen-wide states the host shows instead of the page: maintenance and server error. */
export class AppState {
  maintenance: MaintenanceInfo | null = null
  serverErrorStatus: number | null = null

  constructor() {
    makeAutoObservable(this)
  }

  enterMaintenance(info: MaintenanceInfo): void {
    this.maintenance = info
  }

  clearMaintenance(): void {
    this.maintenance = null
  }

  showServerError(status: number): void {
    this.serverErrorStatus = status
  }

  /** SPEC §2: the server error screen resets the error state when the reader leaves it. */
  clearServerError(): void {
    this.serverErrorStatus = null
  }
}

export const appState = new AppState()
