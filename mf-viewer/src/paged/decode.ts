/**
 * Pages decoded ahead of time: the paged viewer turns to a spread only once its images are
 * decoded, so a page never appears half-painted. A small bounded cache keeps the decoded
 * images referenced (and so in the browser's decoded-image cache) around the reader.
 */
const LIMIT = 10
const decoded = new Map<string, { image: HTMLImageElement; ready: Promise<void> }>()

export function decodePage(url: string): Promise<void> {
  const hit = decoded.get(url)
  if (hit) {
    decoded.delete(url)
    decoded.set(url, hit)
    return hit.ready
  }
  if (typeof Image === 'undefined') return Promise.resolve()
  const image = new Image()
  image.decoding = 'async'
  image.src = url
  // A failed decode (offline, a broken file) must not block turning the page.
  const ready = (typeof image.decode === 'function' ? image.decode() : Promise.resolve()).catch(() => undefined)
  decoded.set(url, { image, ready })
  while (decoded.size > LIMIT) decoded.delete(decoded.keys().next().value as string)
  return ready
}

/** Wait for every URL, but never longer than `maxMs` (a slow network still turns the page). */
export function decodeAll(urls: string[], maxMs = 1500): Promise<void> {
  return Promise.race([Promise.all(urls.map(decodePage)).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, maxMs))])
}
