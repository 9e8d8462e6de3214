import { whenIdle } from '@koma/contracts'
import { startTransition, useCallback, useEffect, useState } from 'react'

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

/**
 * A long list drawn in turns: the first screen's worth (`first` items) with the page, then one
 * more item each time the browser is idle. A page the edge draws (issue 13) carries the first
 * screen only, so the phone parses, paints and hydrates a fraction of the home (about 900
 * elements drawn at once before); what follows is below the fold, so adding it moves nothing the
 * reader sees, and each addition is a short task that never holds the main thread.
 */
export function useDrawnInTurns(total: number, first: number): number {
  const [count, setCount] = useState(() => Math.min(total, first))
  useEffect(() => {
    if (count >= total) return
    return whenIdle(() => startTransition(() => setCount((drawn) => Math.min(total, drawn + 1))), 500)
  }, [count, total])
  return Math.min(total, Math.max(count, first))
}
