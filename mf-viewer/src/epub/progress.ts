import type { ReadProgress } from '@koma/contracts'
import type { Locator as ReadiumLocator } from '@readium/shared'

/**
 * Read progress (SPEC §3) of a place in a book: of a Readium locator, and of a page our own pager
 * (pager.ts) shows.
 */

export function toProgress(locator: ReadiumLocator): ReadProgress {
  const locations = locator.locations
  return {
    href: locator.href,
    type: locator.type ?? 'application/xhtml+xml',
    progression: Math.min(1, Math.max(0, locations?.progression ?? 0)),
    totalProgression: Math.min(1, Math.max(0, locations?.totalProgression ?? 0)),
    position: Math.max(1, Math.round(locations?.position ?? 1)),
  }
}

/**
 * Read progress of a page our own pager shows: the positions of its document are spread over
 * its pages, so position and total progression move page by page.
 */
export function pagedProgress(
  href: string,
  type: string,
  progression: number,
  positions: { href: string; locations: { position?: number; totalProgression?: number } }[],
): ReadProgress {
  const own = positions.filter((position) => position.href === href)
  const total = Math.max(1, positions.length)
  const first = own[0]
  if (!first) return { href, type, progression, totalProgression: 0, position: 1 }
  const exact = progression * own.length
  const index = Math.min(own.length - 1, Math.floor(exact + 1e-9))
  const at = (own[index] ?? first).locations
  const startOfDoc = first.locations.totalProgression ?? 0
  const share = own.length / total
  const totalProgression = Math.min(1, Math.max(0, startOfDoc + progression * share, at.totalProgression ?? 0))
  return { href, type, progression, totalProgression, position: Math.max(1, Math.round(at.position ?? 1)) }
}

/**
 * Read progress of a place Readium pages (or scrolls) itself. Its locator carries the position
 * of the first position at or after the top of the screen; past a document's last position it
 * keeps whichever it had before, so a resume near a document's end read 0%. Its progression
 * within the document is right: spread the document's positions over it, as our pager does.
 */
export function readiumProgress(
  locator: ReadiumLocator,
  positions: { href: string; locations: { position?: number; totalProgression?: number } }[],
): ReadProgress {
  const base = toProgress(locator)
  if (typeof locator.locations?.progression !== 'number') return base
  return pagedProgress(base.href, base.type, base.progression, positions)
}
