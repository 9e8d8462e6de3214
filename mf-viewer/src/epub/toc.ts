/** One entry of the book's table of contents (RWPM `toc` link). */
export interface TocEntry {
  href: string
  title?: string
  children?: TocEntry[]
}

/** The `toc` of a Readium Web Publication Manifest, keeping only well-formed entries. */
export function tocOf(manifest: Record<string, unknown>): TocEntry[] {
  const clean = (value: unknown): TocEntry[] =>
    Array.isArray(value)
      ? value.flatMap((item) => {
          if (!item || typeof item !== 'object' || typeof (item as TocEntry).href !== 'string') return []
          const entry = item as TocEntry
          return [{ href: entry.href, title: typeof entry.title === 'string' ? entry.title : undefined, children: clean(entry.children) }]
        })
      : []
  return clean(manifest.toc)
}
