import { useCallback, useState } from 'react'

/**
 * A home row draws only what its first screen can show (a wide desktop row shows 8 cards);
 * the rest is drawn the moment the reader scrolls the row, focuses into it or points at it.
 * A long home is ~870 cards: drawing them all at once kept a phone's main thread busy for
 * most of a second. The row keeps its height: the cards drawn later sit beside, not below.
 */
export function useRowWindow(total: number, initial: number): { count: number; expand: () => void } {
  const [expanded, setExpanded] = useState(total <= initial)
  const expand = useCallback(() => setExpanded(true), [])
  return { count: expanded ? total : Math.min(total, initial), expand }
}
