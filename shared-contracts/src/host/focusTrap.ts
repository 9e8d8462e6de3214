import { useEffect, useRef, type RefObject } from 'react'

/** What Tab can land on inside a dialog or menu. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/** The tabbable elements of `root`, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getAttribute('aria-hidden') !== 'true',
  )
}

/** Open traps, innermost last: only the top one answers keys and keeps focus. */
const traps: HTMLElement[] = []

/**
 * A modal's keyboard contract (issue 14; WAI-ARIA dialog pattern): focus moves into `ref` when it
 * mounts (its first tabbable element, else the container itself), Tab and Shift+Tab cycle inside it,
 * focus that escapes (a click behind, a script) is brought back, Escape calls `onEscape` (nothing when
 * undefined: alerts), and on unmount focus returns to the element that had it before, if still there.
 * Stacked traps nest: only the innermost one acts.
 *
 * Written here rather than taken from focus-trap/focus-trap-react: the frame already owned focus-in,
 * focus-back and Escape, and what remains (cycle Tab, nest) is a few lines; a library would add a
 * second notion of "active trap" beside the host's dialog stack.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  const escape = useRef(onEscape)
  escape.current = onEscape
  useEffect(() => {
    const root = ref.current
    if (!root) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    traps.push(root)
    const first = () => focusableIn(root)[0]
    const enter = () => {
      const target = first()
      if (target) target.focus()
      else {
        if (!root.hasAttribute('tabindex')) root.setAttribute('tabindex', '-1')
        root.focus()
      }
    }
    if (!root.contains(document.activeElement)) enter()
    const top = () => traps[traps.length - 1] === root
    // The app's own mount node: only the page behind the dialog is kept out. An overlay a payment
    // provider appends to <body> (PayPal's approval sheet, a 3-D Secure check) keeps its own focus.
    let app: HTMLElement = root
    while (app.parentElement && app.parentElement !== document.body) app = app.parentElement
    const foreign = (node: EventTarget | null) => node instanceof Node && node !== document.body && !app.contains(node)
    const onKey = (event: KeyboardEvent) => {
      if (!top() || foreign(event.target)) return
      if (event.key === 'Escape') {
        if (escape.current) {
          event.preventDefault()
          event.stopPropagation()
          escape.current()
        }
        return
      }
      if (event.key !== 'Tab') return
      const items = focusableIn(root)
      if (items.length === 0) {
        event.preventDefault()
        return
      }
      const active = document.activeElement
      const firstItem = items[0]!
      const lastItem = items[items.length - 1]!
      if (!root.contains(active)) {
        event.preventDefault()
        ;(event.shiftKey ? lastItem : firstItem).focus()
      } else if (event.shiftKey && (active === firstItem || active === root)) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault()
        firstItem.focus()
      }
    }
    const onFocusIn = (event: FocusEvent) => {
      if (top() && event.target instanceof Node && !root.contains(event.target) && !foreign(event.target)) enter()
    }
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('focusin', onFocusIn)
      const index = traps.lastIndexOf(root)
      if (index >= 0) traps.splice(index, 1)
      // Back to the opener, unless focus has already been put somewhere on purpose (outside any dialog).
      if (previous?.isConnected && (root.contains(document.activeElement) || document.activeElement === document.body || document.activeElement === null))
        previous.focus()
    }
  }, [ref])
}

/**
 * A menu button's keyboard (WAI-ARIA menu button pattern), for the wrapper holding the button and
 * its `role="menu"`: when the menu opens, focus goes to its first item; ArrowDown/ArrowUp (wrapping),
 * Home and End move between items; Escape closes it and puts focus back on the button; Tab closes it
 * and lets focus move on. Returns the wrapper's keydown handler.
 */
export function useMenuKeys(open: boolean, close: () => void, button: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [open, menu])
  return (event: { key: string; preventDefault(): void; stopPropagation(): void }) => {
    if (!open) return
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const at = items.indexOf(document.activeElement as HTMLElement)
    const move = (index: number) => {
      event.preventDefault()
      items[(index + items.length) % items.length]?.focus()
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close()
      button.current?.focus()
    } else if (event.key === 'Tab') close()
    else if (event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowUp') move(at < 0 ? -1 : at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(-1)
  }
}
