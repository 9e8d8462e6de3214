/**
 * Fixes the reader makes to a book's own layout once its document is in a frame.
 *
 * Ordered lists: a list's markers ("10.") sit outside its items, in the list's start padding.
 * Books often leave that padding at the browser's 40 px or less, counting on a page margin to
 * catch the rest; on a phone Readium's page margin is 20 px and the column clips what goes past
 * it, so two-digit markers lose their first digit. A list whose markers need more room than its
 * padding and margin give gets that room, in em so it follows the text size.
 */

/** Room (em) an outside marker for `largest` needs: its characters, the full stop and the gap after it. */
export function markerRoomEm(largest: number, listStyleType: string): number {
  const characters = /roman/.test(listStyleType) ? 4 : String(Math.max(1, Math.floor(Math.abs(largest)))).length
  return Math.round((characters * 0.6 + 0.9) * 100) / 100
}

/** The largest number an ordered list shows (its last item's, or its first when reversed). */
export function largestMarker(start: number, items: number, reversed: boolean): number {
  return reversed ? Math.max(Math.abs(start), Math.abs(start - items + 1)) : Math.max(Math.abs(start), Math.abs(start + items - 1))
}

/** Give every ordered list of `doc` room for its markers; lists that have it are left as the book made them. */
export function fitListMarkers(doc: Document): void {
  const view = doc.defaultView
  if (!view) return
  for (const list of Array.from(doc.querySelectorAll('ol'))) {
    const items = Array.from(list.children).filter((child) => child.localName === 'li')
    const firstItem = items[0]
    if (!firstItem) continue
    const item = view.getComputedStyle(firstItem)
    const style = view.getComputedStyle(list)
    // (Inherited from the list; read on the list too where the item's style is not computed.)
    const type = item.listStyleType || style.listStyleType || 'decimal'
    if ((item.listStylePosition || style.listStylePosition || 'outside') !== 'outside' || type === 'none' || (item.display && item.display !== 'list-item'))
      continue
    const reversed = list.hasAttribute('reversed')
    const startAttribute = Number.parseInt(list.getAttribute('start') ?? '', 10)
    const start = Number.isFinite(startAttribute) ? startAttribute : reversed ? items.length : 1
    const largest = largestMarker(start, items.length, reversed)
    if (!/roman/.test(type) && String(largest).length < 2) continue
    const fontSize = Number.parseFloat(style.fontSize) || 16
    const side = style.direction === 'rtl' ? 'right' : 'left'
    const padding = style.paddingInlineStart || style.getPropertyValue(`padding-${side}`)
    const margin = style.marginInlineStart || style.getPropertyValue(`margin-${side}`)
    const room = (Number.parseFloat(padding) || 0) + Math.max(0, Number.parseFloat(margin) || 0)
    const needed = markerRoomEm(largest, type)
    if (room < needed * fontSize) list.style.setProperty('padding-inline-start', `${needed}em`)
  }
}
