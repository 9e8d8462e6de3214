import type { FailureAction, ApiError } from '../api/errors'
import type { ForegroundState } from '../domain/account-types'
import type { Locale } from '../i18n/locales'

/** Everything that crosses remotes, as one typed map. */
export interface EventMap {
  'auth:changed': { signedIn: boolean }
  'locale:changed': { locale: Locale }
  'api:failure': { action: FailureAction; error: ApiError }
  /**
   * The reader's coins, tickets or free reads changed (coins bought, a chapter bought or rented):
   * `contentId` when it was for one title, null for coins alone. Owners forget what shows them.
   */
  'inventory:changed': { contentId: number | null }
  /** Chapters became readable to the reader (bought, rented, or a pending purchase replayed). */
  'access:changed': { contentId: number; chapterIds: number[] }
  /** The page came back to the front and POST /app/foregrounded answered (SPEC §7): badges refresh from it. */
  'app:foregrounded': ForegroundState
  navigate: { to: string; replace?: boolean }
}

type Handler<T> = (payload: T) => void

export class EventBus<M extends object = EventMap> {
  private readonly handlers = new Map<keyof M, Set<Handler<never>>>()

  /** Subscribe; the returned function unsubscribes. */
  on<K extends keyof M>(name: K, handler: Handler<M[K]>): () => void {
    let set = this.handlers.get(name)
    if (!set) {
      set = new Set()
      this.handlers.set(name, set)
    }
    set.add(handler as Handler<never>)
    return () => {
      set.delete(handler as Handler<never>)
    }
  }

  emit<K extends keyof M>(name: K, payload: M[K]): void {
    for (const handler of [...(this.handlers.get(name) ?? [])]) {
      try {
        ;(handler as Handler<M[K]>)(payload)
      } catch (error) {
        // One broken listener must not stop the others.
        console.error(`[events] ${String(name)} handler failed`, error)
      }
    }
  }

  listenerCount(name: keyof M): number {
    return this.handlers.get(name)?.size ?? 0
  }
}

/** The page's one bus (contracts is a federation singleton, so host and remotes share it). */
export const events = new EventBus<EventMap>()
