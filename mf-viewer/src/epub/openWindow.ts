import { currentLocale, notify, text } from '@koma/contracts'

/**
 * Open `url` in a new window or tab, cut off from this page (no opener). When the browser blocks
 * it, the reader is told so with SPEC §8's "popups blocked" in the shared notification. Returns
 * whether a window opened. (`noopener` in window.open's features would always return null, so
 * the opener is cleared by hand to be able to tell a blocked window.)
 */
export function openWindow(url: string): boolean {
  const opened = window.open(url, '_blank')
  if (!opened) {
    notify(text('popupsBlocked', currentLocale()))
    return false
  }
  try {
    opened.opener = null
  } catch {
    /* a window of another origin may refuse; it was opened from a user action anyway */
  }
  return true
}
