import { strToU8, zipSync, type Zippable } from 'fflate'

/** A small EPUB 3 writer for generated books (the seed's novels, tests): real files, any reader opens them. */
export interface BookInput {
  identifier: string
  title: string
  author: string
  /** A BCP 47 tag: the seed's ja, en, fr; test books also he, ar. */
  language: string
  /** Japanese novels: vertical writing, pages turn right to left. */
  vertical: boolean
  /** Horizontal right-to-left text (Hebrew, Arabic): pages turn right to left. */
  rtl?: boolean
  sections: BookSection[]
  /** An SVG cover, shown as the first page. */
  coverSvg?: string
  modified: Date
  /** rendition:flow: the book asks to be read scrolled (a manga strip, a web-like document). */
  flow?: 'scrolled-doc' | 'scrolled-continuous'
  /** Fixed layout (rendition:layout pre-paginated): test books of SVG pages. */
  prePaginated?: boolean
  /** More files beside the documents (fonts, images), listed in the manifest; `href` is relative to the package. */
  resources?: { href: string; mediaType: string; bytes: Uint8Array }[]
  /** Resources the book obfuscated (their bytes above already are): written to META-INF/encryption.xml. */
  obfuscated?: { href: string; algorithm: string }[]
  /** Appended to the book's stylesheet. */
  style?: string
}

/**
 * A document of the reading order: paragraphs (text, escaped, or `{ html }` given as XHTML: images,
 * MathML), or an SVG page (`svg`, the spine item is then the SVG file itself). A section without
 * a title is left out of the table of contents.
 */
export interface BookSection {
  title: string
  paragraphs: (string | { html: string })[]
  svg?: string
  /** Leave out of the navigation document (a page inside a chapter). */
  untitled?: boolean
}

const escape = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const STYLE_HORIZONTAL = `body { margin: 0 5%; line-height: 1.75; font-family: serif; }
h1 { font-size: 1.4em; margin: 2em 0 1.2em; text-align: center; }
p { margin: 0; text-indent: 1em; }
p + p { margin-top: 0.35em; }
.cover { margin: 0; padding: 0; height: 100vh; display: flex; align-items: center; justify-content: center; }
.cover img { height: 96vh; width: auto; max-width: 100%; object-fit: contain; }
`
const STYLE_VERTICAL = `html { writing-mode: vertical-rl; -webkit-writing-mode: vertical-rl; }
body { margin: 5% 0; line-height: 1.8; font-family: serif; }
h1 { font-size: 1.3em; margin: 0 1.5em 0 1em; }
p { margin: 0; text-indent: 1em; }
.cover { margin: 0; padding: 0; height: 100vh; display: flex; align-items: center; justify-content: center; writing-mode: horizontal-tb; }
.cover img { height: 96vh; width: auto; max-width: 100%; object-fit: contain; }
`

function xhtml(lang: string, title: string, body: string, vertical: boolean, rtl = false): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}"${vertical ? ' class="vrtl"' : ''}${rtl ? ' dir="rtl"' : ''}>
<head><meta charset="UTF-8"/><title>${escape(title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body${rtl ? ' dir="rtl"' : ''}>
${body}
</body>
</html>
`
}

/** Build the EPUB file's bytes: mimetype first and stored, container, package, navigation, documents. */
export function buildEpub(book: BookInput): Uint8Array {
  const files: Zippable = {}
  files.mimetype = [strToU8('application/epub+zip'), { level: 0 }]
  files['META-INF/container.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`)
  const items: string[] = [
    '<item id="style" href="style.css" media-type="text/css"/>',
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
  ]
  const spine: string[] = []
  files['OEBPS/style.css'] = strToU8(book.vertical ? STYLE_VERTICAL : STYLE_HORIZONTAL)
  if (book.coverSvg) {
    files['OEBPS/cover.svg'] = strToU8(book.coverSvg)
    items.push('<item id="cover-image" href="cover.svg" media-type="image/svg+xml" properties="cover-image"/>')
    files['OEBPS/cover.xhtml'] = strToU8(
      xhtml(book.language, book.title, `<div class="cover"><img src="cover.svg" alt="${escape(book.title)}"/></div>`, book.vertical),
    )
    items.push('<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>')
    spine.push('<itemref idref="cover"/>')
  }
  const navItems: string[] = []
  book.sections.forEach((section, index) => {
    if (section.svg !== undefined) {
      const name = `page-${index + 1}.svg`
      files[`OEBPS/${name}`] = strToU8(section.svg)
      items.push(`<item id="s${index + 1}" href="${name}" media-type="image/svg+xml"/>`)
      spine.push(`<itemref idref="s${index + 1}"/>`)
      if (!section.untitled) navItems.push(`<li><a href="${name}">${escape(section.title)}</a></li>`)
      return
    }
    const name = `section-${index + 1}.xhtml`
    const paragraphs = section.paragraphs.map((p) => (typeof p === 'string' ? `<p>${escape(p)}</p>` : p.html))
    const body = `<section epub:type="chapter"><h1>${escape(section.title)}</h1>\n${paragraphs.join('\n')}\n</section>`
    const mathml = paragraphs.some((p) => p.includes('<math'))
    files[`OEBPS/${name}`] = strToU8(xhtml(book.language, section.title, body, book.vertical, book.rtl))
    items.push(`<item id="s${index + 1}" href="${name}" media-type="application/xhtml+xml"${mathml ? ' properties="mathml"' : ''}/>`)
    spine.push(`<itemref idref="s${index + 1}"/>`)
    if (!section.untitled) navItems.push(`<li><a href="${name}">${escape(section.title)}</a></li>`)
  })
  ;(book.resources ?? []).forEach((resource, index) => {
    files[`OEBPS/${resource.href}`] = resource.bytes
    items.push(`<item id="r${index + 1}" href="${escape(resource.href)}" media-type="${escape(resource.mediaType)}"/>`)
  })
  if (book.style) files['OEBPS/style.css'] = strToU8((book.vertical ? STYLE_VERTICAL : STYLE_HORIZONTAL) + book.style)
  if (book.obfuscated?.length) {
    files['META-INF/encryption.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
${book.obfuscated.map((file) => `  <enc:EncryptedData><enc:EncryptionMethod Algorithm="${escape(file.algorithm)}"/><enc:CipherData><enc:CipherReference URI="OEBPS/${escape(file.href)}"/></enc:CipherData></enc:EncryptedData>`).join('\n')}
</encryption>
`)
  }
  const renditions = [
    book.flow ? `<meta property="rendition:flow">${book.flow}</meta>` : '',
    book.prePaginated ? '<meta property="rendition:layout">pre-paginated</meta>' : '',
  ].filter(Boolean)
  files['OEBPS/nav.xhtml'] = strToU8(
    xhtml(book.language, book.title, `<nav epub:type="toc" id="toc"><h1>${escape(book.title)}</h1><ol>${navItems.join('')}</ol></nav>`, book.vertical),
  )
  files['OEBPS/package.opf'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="pub-id" xml:lang="${book.language}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="pub-id">${escape(book.identifier)}</dc:identifier>
    <dc:title>${escape(book.title)}</dc:title>
    <dc:creator>${escape(book.author)}</dc:creator>
    <dc:language>${book.language}</dc:language>
    <meta property="dcterms:modified">${book.modified.toISOString().replace(/\.\d{3}Z$/, 'Z')}</meta>${renditions.map((meta) => `\n    ${meta}`).join('')}
  </metadata>
  <manifest>
    ${items.join('\n    ')}
  </manifest>
  <spine${book.vertical || book.rtl ? ' page-progression-direction="rtl"' : ''}>
    ${spine.join('\n    ')}
  </spine>
</package>
`)
  return zipSync(files, { level: 6, mtime: book.modified })
}
