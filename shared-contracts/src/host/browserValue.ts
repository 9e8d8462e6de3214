import { useSyncExternalStore } from 'react'

const noChanges = () => () => undefined

/**
 * A value only the browser knows (its storage, its screen, its clock's zone), read so that a page
 * the edge drew (issue 13) hydrates with what the edge drew it with (`drawnValue`) and shows the
 * browser's value in the render right after; a page the browser draws reads it at once. `read`
 * must give the same value (===) while nothing changed; `subscribe` tells of changes, if any.
 */
export function useBrowserValue<T>(read: () => T, drawnValue: T, subscribe: (changed: () => void) => () => void = noChanges): T {
  return useSyncExternalStore(subscribe, read, () => drawnValue)
}

/**
 * `read`, giving the same object again while its JSON is the same, as useBrowserValue needs of
 * values parsed afresh from storage on every call.
 */
export function sameWhileEqual<A extends unknown[], T>(read: (...args: A) => T): (...args: A) => T {
  let last: { key: string; json: string; value: T } | null = null
  return (...args: A) => {
    const value = read(...args)
    const key = JSON.stringify(args)
    const json = JSON.stringify(value)
    if (last && last.key === key && last.json === json) return last.value
    last = { key, json, value }
    return value
  }
}

const yes = () => true

/**
 * False while the edge draws the page and while the browser hydrates what it drew, true in every
 * render after (and at once on a page the browser draws): read browser-only state (local storage)
 * into a first value when it is true (issue 13).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, yes, () => false)
}
