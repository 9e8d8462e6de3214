/**
 * EPUB 3 media overlays (issue 37): a SMIL document pairs the book's text, fragment by fragment,
 * with clips of its recorded narration. Read here into the clips to play, in order.
 */

/** One `<par>`: the text fragment read and the clip of audio that reads it (end null: to the audio's end). */
export interface OverlayClip {
  /** The text's absolute URL without its fragment (the document). */
  document: string
  /** The id of the element read (the `#fragment`); '' when the text names a whole document. */
  fragment: string
  /** The audio's absolute URL. */
  audio: string
  begin: number
  end: number | null
}

const UNITS: Record<string, number> = { h: 3600, min: 60, s: 1, ms: 0.001 }

/**
 * A SMIL clock value in seconds: full (`0:00:01.500`) or partial (`01:02.5`) clock values,
 * timecounts (`1.5s`, `500ms`, `2min`, `1h`, a bare `1.5`), with or without `npt=`. Null when unreadable.
 */
export function parseClock(value: string | null | undefined): number | null {
  const written = (value ?? '').trim().replace(/^npt\s*=\s*/i, '')
  if (!written) return null
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(written)
  if (clock) {
    const [, hours, minutes, seconds] = clock
    return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds)
  }
  const count = /^(\d+(?:\.\d+)?|\.\d+)\s*(h|min|s|ms)?$/.exec(written)
  if (!count) return null
  return Number(count[1]) * UNITS[count[2] ?? 's']!
}

const withoutFragment = (url: URL): string => {
  const copy = new URL(url.href)
  copy.hash = ''
  return copy.href
}

/** A child element by local name (SMIL's elements are namespaced; some books leave the namespace out). */
const childNamed = (element: Element, name: string): Element | null => [...element.children].find((child) => child.localName === name) ?? null

const resolve = (reference: string | null, base: string): URL | null => {
  if (!reference) return null
  try {
    return new URL(reference, base)
  } catch {
    return null
  }
}

/**
 * The clips of a SMIL document, in playing order (each `<par>` in document order, nested `<seq>`
 * included), their text and audio resolved against the SMIL's own URL. A `<par>` without text or
 * audio, or with a clip that ends before it begins, is left out.
 */
export function parseSmil(source: string, smilUrl: string): OverlayClip[] {
  const doc = new DOMParser().parseFromString(source, 'application/xml')
  if (doc.getElementsByTagName('parsererror').length > 0) return []
  const clips: OverlayClip[] = []
  for (const par of [...doc.getElementsByTagNameNS('*', 'par')]) {
    const text = childNamed(par, 'text')
    const audio = childNamed(par, 'audio')
    const textUrl = resolve(text?.getAttribute('src') ?? null, smilUrl)
    const audioUrl = resolve(audio?.getAttribute('src') ?? null, smilUrl)
    if (!textUrl || !audioUrl || !audio) continue
    const begin = parseClock(audio.getAttribute('clipBegin') ?? audio.getAttribute('clip-begin')) ?? 0
    const end = parseClock(audio.getAttribute('clipEnd') ?? audio.getAttribute('clip-end'))
    if (end !== null && end <= begin) continue
    let fragment = ''
    try {
      fragment = decodeURIComponent(textUrl.hash.slice(1))
    } catch {
      fragment = textUrl.hash.slice(1)
    }
    audioUrl.hash = ''
    clips.push({ document: withoutFragment(textUrl), fragment, audio: audioUrl.href, begin, end })
  }
  return clips
}

/** The clips reading one document (by its absolute URL; its fragment, if any, ignored). */
export function clipsOf(clips: OverlayClip[], documentUrl: string): OverlayClip[] {
  let wanted: string
  try {
    wanted = withoutFragment(new URL(documentUrl))
  } catch {
    return []
  }
  return clips.filter((clip) => clip.document === wanted)
}
