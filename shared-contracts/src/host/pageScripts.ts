import type { PageDocument } from '../browser/pageDocument'

/**
 * A page the edge drew (issue 13) names the scripts its app will need in
 * `<script type="application/json" id="koma-scripts">["/host/…/470.….js", …]</script>` instead of
 * preloading them in its head: the reader already sees the page, so its largest image goes
 * first and the scripts are fetched right after it is painted, all at once (host/src/platform/firstPaint.ts).
 * Data, not code: the Content-Security-Policy runs no inline script.
 */
export const PAGE_SCRIPTS_ID = 'koma-scripts'

/** The script URLs the page names (same-origin paths only), or none. */
export function readPageScripts(doc: Pick<PageDocument, 'getElementById'>): string[] {
  const element = doc.getElementById(PAGE_SCRIPTS_ID)
  if (!element?.textContent) return []
  try {
    const list: unknown = JSON.parse(element.textContent)
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string' && item.startsWith('/') && !item.startsWith('//')) : []
  } catch {
    return []
  }
}
