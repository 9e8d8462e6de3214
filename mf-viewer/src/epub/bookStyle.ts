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

/** Marks a reflowable document the reader laid out as text inside a fixed-layout book's page frame. */
export const REFLOWED_ATTRIBUTE = 'data-koma-reflowed'

/**
 * A reflowable document inside a fixed-layout book (an afterword, a colophon: its itemref says
 * rendition:layout-reflowable). Readium's fixed-layout frames give every document a fixed page:
 * one without a viewport size is measured once by its body's scroll size (which leaves out the
 * body's margins, so its last line was cut) and scaled down to fit, text and all. Instead it gets
 * a page the size of its slot on screen, drawn at scale 1, its text reflowed to that width, and
 * what does not fit scrolls inside the page (a turn scrolls it first). Idempotent.
 */
export function reflowInFixedPage(frame: HTMLIFrameElement, doc: Document): boolean {
  const slot = frame.parentElement
  if (!slot || !doc.head || !doc.body) return false
  const width = Math.round(slot.clientWidth)
  const height = Math.round(slot.clientHeight)
  if (width <= 0 || height <= 0) return false
  let viewport = doc.head.querySelector('meta[name="viewport"][data-koma]') as HTMLMetaElement | null
  if (!viewport) {
    viewport = doc.createElement('meta')
    viewport.name = 'viewport'
    viewport.dataset.koma = 'true'
    doc.head.appendChild(viewport)
    const style = doc.createElement('style')
    style.dataset.koma = 'true'
    style.textContent = `html { height: 100% !important; overflow-x: hidden !important; overflow-y: auto !important; }
body { box-sizing: border-box; max-width: 40em; margin: 0 auto !important; padding: 1.5em 1.25em 2.5em !important; overflow-wrap: break-word; }
img, svg, video { max-width: 100%; height: auto; }`
    doc.head.appendChild(style)
    doc.documentElement.setAttribute(REFLOWED_ATTRIBUTE, 'true')
  }
  // Readium's fixed-layout frame sizes itself from this (on every resize too): the slot, at scale 1.
  viewport.content = `width=${width}, height=${height}`
  frame.style.width = `${width}px`
  frame.style.height = `${height}px`
  frame.style.transform = 'scale(1)'
  frame.style.top = '0px'
  frame.style.left = '0px'
  return true
}

/** Elements that show something without text: images, drawings, media, formulas, rules. */
const SHOWING = 'img, svg, video, canvas, object, embed, iframe, picture, math, hr, input, button, textarea, select'

/**
 * Whether the page (the frame's screen) shows nothing: no character and no image. A book's CSS
 * can make Readium's columns produce such a page in the middle of a chapter: two forced breaks in
 * a row with only empty blocks between them (an empty page-break <div> with
 * `break-before: column` / `-webkit-column-break-before: always` before a heading that breaks
 * before itself too), or an empty block as tall as the page. The reader turns past such a page.
 */
export function pageIsBlank(doc: Document): boolean {
  const view = doc.defaultView
  if (!view || !doc.body) return false
  const width = view.innerWidth
  const height = view.innerHeight
  if (width <= 0 || height <= 0) return false
  const onScreen = (box: DOMRect) => box.width > 0 && box.height > 0 && box.right > 1 && box.left < width - 1 && box.bottom > 1 && box.top < height - 1
  const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */)
  const range = doc.createRange()
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Readium's own filler page holds a zero-width space: nothing to read.
    if (!node.textContent?.replace(/[\s\u200b]/g, '')) continue
    range.selectNodeContents(node)
    for (const box of Array.from(range.getClientRects())) if (onScreen(box)) return false
  }
  for (const element of Array.from(doc.body.querySelectorAll(SHOWING))) {
    for (const box of Array.from(element.getClientRects())) if (onScreen(box)) return false
  }
  return true
}
