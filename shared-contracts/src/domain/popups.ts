import type { HomePopup } from './types'

/**
 * SPEC §3 home popups, shown by area and page. What the browser remembers (local storage): the
 * index of the last popup shown, when each was last shown, and which ones the reader skipped.
 */
export interface PopupMemory {
  lastIndex: number
  /** Popup id → ms when it was last shown, with the rule it was shown under. */
  lastTime: Record<string, { at: number; repeatable: boolean; repeatInterval: number }>
  /** Popup id → the rule under which the reader chose "don't show again". */
  skip: Record<string, { repeatable: boolean; repeatInterval: number }>
}

export const EMPTY_POPUP_MEMORY: PopupMemory = { lastIndex: -1, lastTime: {}, skip: {} }

/** SPEC §3: two popups are equal when repeatable and repeatInterval match. */
export const samePopupRule = (a: Pick<HomePopup, 'repeatable' | 'repeatInterval'>, b: Pick<HomePopup, 'repeatable' | 'repeatInterval'>): boolean =>
  a.repeatable === b.repeatable && a.repeatInterval === b.repeatInterval

/**
 * May this popup show now? Not when skipped under its current rule; a non-repeatable popup shows
 * once; a repeatable one again after repeatInterval seconds. A changed rule forgets the past.
 */
export function popupDue(popup: HomePopup, memory: PopupMemory, now: number): boolean {
  const skipped = memory.skip[popup.id]
  if (skipped && samePopupRule(skipped, popup)) return false
  const last = memory.lastTime[popup.id]
  if (!last || !samePopupRule(last, popup)) return true
  if (!popup.repeatable) return false
  return now - last.at >= popup.repeatInterval * 1000
}

/**
 * The next popup to show on a page: among those of this area and page that are due, the first
 * after the last one shown (rotating), so a reader with several popups sees each in turn.
 */
export function nextPopup(
  popups: readonly HomePopup[],
  where: { area: string; page: string },
  memory: PopupMemory,
  now: number,
): { popup: HomePopup; index: number } | null {
  const candidates = popups.map((popup, index) => ({ popup, index })).filter(({ popup }) => popup.area === where.area && popup.page === where.page)
  const due = candidates.filter(({ popup }) => popupDue(popup, memory, now))
  if (due.length === 0) return null
  return due.find(({ index }) => index > memory.lastIndex) ?? due[0] ?? null
}

export function rememberShown(memory: PopupMemory, popup: HomePopup, index: number, now: number): PopupMemory {
  return {
    ...memory,
    lastIndex: index,
    lastTime: { ...memory.lastTime, [popup.id]: { at: now, repeatable: popup.repeatable, repeatInterval: popup.repeatInterval } },
  }
}

export function rememberSkipped(memory: PopupMemory, popup: HomePopup): PopupMemory {
  return { ...memory, skip: { ...memory.skip, [popup.id]: { repeatable: popup.repeatable, repeatInterval: popup.repeatInterval } } }
}

/** SPEC §2: content popup categories and their colours (purple, red, black). */
export const POPUP_CATEGORY_COLORS = { free: '#7b3fe4', event: '#d23430', notice: '#111111' } as const
