/**
 * The in-app route the reader came from (SPEC §4: the mature dialogs return to the previous
 * route, or home when that was the login screens). Updated by the router shell on navigation.
 */
let current: string | null = null
let previous: string | null = null

export function recordLocation(path: string): void {
  if (path === current) return
  previous = current
  current = path
}

export const previousLocation = (): string | null => previous
