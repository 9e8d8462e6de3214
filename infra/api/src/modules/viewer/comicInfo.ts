import { LOCALES, PAGE_DESCRIPTION_MAX, type Locale } from '@koma/contracts/server'

/**
 * Page descriptions from a comic folder's ComicInfo.xml (issue 37), the metadata file comic
 * readers and taggers write. ComicInfo has no field for them, so Koma reads an attribute on each
 * `<Page Image="n">` (n: the page's 0-based place in file-name order, as ComicInfo counts):
 * `Description` in the book's `<LanguageISO>` (English when it names none), and `DescriptionJa`,
 * `DescriptionEn`, `DescriptionFr` for each language. Anything else in the file is left alone;
 * a text that is empty, past PAGE_DESCRIPTION_MAX characters or holds control characters is skipped.
 */
export function comicInfoDescriptions(xml: string, pageCount: number): Map<number, Partial<Record<Locale, string>>> {
  const out = new Map<number, Partial<Record<Locale, string>>>()
  const iso = /<LanguageISO>\s*([A-Za-z]{2})(?:[-_][A-Za-z0-9]+)?\s*<\/LanguageISO>/.exec(xml)?.[1]?.toLowerCase()
  const bookLanguage: Locale | null = iso === undefined ? 'en' : (LOCALES as readonly string[]).includes(iso) ? (iso as Locale) : null
  for (const page of xml.matchAll(/<Page\b([^>]*?)\/?>/g)) {
    const attributes = new Map<string, string>()
    for (const attribute of (page[1] ?? '').matchAll(/(?<![\w.-])([A-Za-z_][\w.-]{0,40})=(?:"([^"]*)"|'([^']*)')/g))
      attributes.set(attribute[1] ?? '', decode(attribute[2] ?? attribute[3] ?? ''))
    const image = attributes.get('Image')
    if (image === undefined || !/^\d{1,5}$/.test(image) || Number(image) >= pageCount) continue
    const texts: Partial<Record<Locale, string>> = {}
    const plain = attributes.get('Description')
    if (plain !== undefined && bookLanguage) texts[bookLanguage] = plain
    for (const locale of LOCALES) {
      const own = attributes.get(`Description${locale.charAt(0).toUpperCase()}${locale.slice(1)}`)
      if (own !== undefined) texts[locale] = own
    }
    const kept = Object.fromEntries(Object.entries(texts).flatMap(([locale, text]) => (usable(text) ? [[locale, text.trim()]] : [])))
    if (Object.keys(kept).length) out.set(Number(image), kept)
  }
  return out
}

const usable = (text: string | undefined): text is string => {
  const trimmed = (text ?? '').trim()
  return trimmed.length > 0 && Array.from(trimmed).length <= PAGE_DESCRIPTION_MAX && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(trimmed)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,4});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}
