/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14.1.2) over a file of `size` bytes:
 * the narration of an EPUB media overlay is seeked to each clip's start, which an audio element
 * asks for as a range. Null when there is no header or it is not one satisfiable single range
 * (several ranges are answered whole, as the RFC allows); 'unsatisfiable' past the end.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/i.exec((header ?? '').replace(/\s+/g, ''))
  if (!match) return null
  const [, first, last] = match
  if (!first && !last) return null
  if (!first) {
    // The last N bytes.
    const suffix = Number(last)
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (start >= size) return 'unsatisfiable'
  const end = last ? Math.min(Number(last), size - 1) : size - 1
  if (end < start) return null
  return { start, end }
}
