import { strToU8, zipSync } from 'fflate'
import { endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp, urlOf } from '../../../test/testApp'
import { importEpubTitle } from '../importer'
import { parseEpub } from './parse'
import { svgPage } from './publication'

/**
 * What outside EPUBs broke (issue 35 item 9), each with a small book built here: a name with
 * `%`, a truncated chapter, an EPUB 2 book with only an NCX, layout set per spine item, SVG
 * pages sized in percent.
 */
jest.setTimeout(90_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

interface Outside {
  /** Package version: 2 books usually have only an NCX. */
  version?: '2.0' | '3.0'
  metadata?: string
  /** Manifest items (id, href as written in the package, media type, properties). */
  items: { id: string; href: string; type?: string; properties?: string; mediaOverlay?: string }[]
  /** Spine itemrefs: idref and properties. */
  spine: { idref: string; properties?: string }[]
  /** Spine toc attribute (EPUB 2's NCX). */
  toc?: string
  /** Zip entries under OPS/ (decoded names). */
  files: Record<string, string>
}

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body>${body}</body></html>`

/** An EPUB written as outside tools write them (the package in OPS/). */
function outsideBook(book: Outside): Uint8Array {
  const container =
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
  const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="${book.version ?? '3.0'}" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf"><dc:identifier id="id">outside-${Math.random()}</dc:identifier><dc:title>Outside</dc:title><dc:language>en</dc:language>${book.metadata ?? ''}</metadata><manifest>${book.items
    .map(
      (item) =>
        `<item id="${item.id}" href="${item.href}" media-type="${item.type ?? 'application/xhtml+xml'}"${item.properties ? ` properties="${item.properties}"` : ''}${item.mediaOverlay ? ` media-overlay="${item.mediaOverlay}"` : ''}/>`,
    )
    .join('')}</manifest><spine${book.toc ? ` toc="${book.toc}"` : ''}>${book.spine
    .map((ref) => `<itemref idref="${ref.idref}"${ref.properties ? ` properties="${ref.properties}"` : ''}/>`)
    .join('')}</spine></package>`
  const files: Record<string, Uint8Array> = { 'META-INF/container.xml': strToU8(container), 'OPS/book.opf': strToU8(opf) }
  for (const [name, text] of Object.entries(book.files)) files[`OPS/${name}`] = strToU8(text)
  return zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], ...files })
}

async function imported(bytes: Uint8Array) {
  const title = await importEpubTitle(t.db, t.deps.objects, bytes, new Date())
  const publication = await t.call(endpoints.chapterEpub, {
    params: { type: 'comic', id: title.contentId },
    query: { chapterId: String(title.chapterId), chapterFileSalesType: 'product' },
  })
  expect(publication.statusCode).toBe(200)
  const base = urlOf(endpoints.epubResource, { type: 'comic', id: title.contentId, chapterId: title.chapterId, salesType: 'product', '*': '' })
  return { ...title, ...(publication.json().result as { manifest: Manifest; positions: { href: string }[] }), base }
}

interface Link {
  href: string
  type: string
  title?: string
  properties?: Record<string, unknown>
  children?: Link[]
  alternate?: Link[]
}
interface Manifest {
  metadata: Record<string, unknown>
  readingOrder: Link[]
  resources: Link[]
  toc: Link[]
}

describe('a file name with % in it', () => {
  it('is decoded once, end to end: the manifest href as the reader requests it answers 200, its double encoding 404', async () => {
    const book = await imported(
      outsideBook({
        items: [
          { id: 'nav', href: 'nav.xhtml', properties: 'nav' },
          { id: 'a', href: 'start.xhtml' },
          // The package writes the name as a URL (`%` is `%25`).
          { id: 'b', href: '100%25%20done.xhtml' },
          { id: 'c', href: 'caf%C3%A9.xhtml' },
          { id: 'img', href: 'images/50%25.svg', type: 'image/svg+xml' },
        ],
        spine: [{ idref: 'a' }, { idref: 'b' }, { idref: 'c' }],
        files: {
          'nav.xhtml': xhtml(
            'Contents',
            '<nav xmlns:epub="http://www.idpf.org/2007/ops" epub:type="toc"><ol><li><a href="100%25%20done.xhtml">Done</a></li></ol></nav>',
          ),
          'start.xhtml': xhtml('Start', '<p>Start</p><p><a href="100%25%20done.xhtml">next</a></p>'),
          '100% done.xhtml': xhtml('Done', '<p>One hundred percent</p><img src="images/50%25.svg" alt=""/>'),
          'café.xhtml': xhtml('Café', '<p>Café</p>'),
          'images/50%.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>',
        },
      }),
    )
    expect(book.manifest.readingOrder.map((link) => link.href)).toEqual(['OPS/start.xhtml', 'OPS/100%25%20done.xhtml', 'OPS/caf%C3%A9.xhtml'])
    expect(book.manifest.toc[0]?.href).toBe('OPS/100%25%20done.xhtml')
    // What the reader asks for: the manifest href resolved against the manifest's URL.
    const done = await t.call('GET', `${book.base}OPS/100%25%20done.xhtml`)
    expect(done.statusCode).toBe(200)
    expect(done.body).toContain('One hundred percent')
    expect((await t.call('GET', `${book.base}OPS/caf%C3%A9.xhtml`)).body).toContain('<p>Café</p>')
    expect((await t.call('GET', `${book.base}OPS/images/50%25.svg`)).statusCode).toBe(200)
    // Decoded twice was the bug: the double-encoded name is no file of the book.
    expect((await t.call('GET', `${book.base}OPS/100%2525%2520done.xhtml`)).statusCode).toBe(404)
    // A name that is no valid encoding, or a NUL: 404, never a 500.
    expect((await t.call('GET', `${book.base}OPS/100%.xhtml`)).statusCode).toBe(404)
    expect((await t.call('GET', `${book.base}OPS/%00.xhtml`)).statusCode).toBe(404)
    // A failed request poisons nothing: the book and its page still open.
    const again = await imported(outsideBook({ items: [{ id: 'a', href: 'a.xhtml' }], spine: [{ idref: 'a' }], files: { 'a.xhtml': xhtml('A', '<p>A</p>') } }))
    expect((await t.call('GET', `${again.base}OPS/a.xhtml`)).statusCode).toBe(200)
    expect((await t.call('GET', `${book.base}OPS/100%25%20done.xhtml`)).statusCode).toBe(200)
  })
})

describe('a content document that is not well-formed XML', () => {
  it('is kept and served as HTML (read leniently), and the import warns naming it', async () => {
    const truncated = xhtml('Two', '<p>Before the cut</p><p>Half a para').replace(/<\/p><\/body><\/html>$/, '')
    const bytes = outsideBook({
      items: [
        { id: 'nav', href: 'nav.xhtml', properties: 'nav' },
        { id: 'a', href: 'one.xhtml' },
        { id: 'b', href: 'two.xhtml' },
        { id: 'c', href: 'three.xhtml' },
        { id: 'd', href: 'four.xhtml' },
      ],
      spine: [{ idref: 'a' }, { idref: 'b' }, { idref: 'c' }, { idref: 'd' }],
      files: {
        'nav.xhtml': xhtml(
          'Contents',
          '<nav xmlns:epub="http://www.idpf.org/2007/ops" epub:type="toc"><ol><li><a href="one.xhtml">One</a></li><li><a href="two.xhtml#cut">Two</a></li></ol></nav>',
        ),
        'one.xhtml': xhtml('One', '<p>One</p>'),
        'two.xhtml': truncated,
        // An HTML entity without a doctype defining it stops an XML parser too.
        'three.xhtml': xhtml('Three', '<p>a&nbsp;b</p>'),
        'four.xhtml': xhtml('Four', '<p>Four &amp; more</p>'),
      },
    })
    const parsed = await parseEpub(bytes)
    expect(parsed.malformed).toEqual([expect.stringMatching(/^OPS\/two\.xhtml \(/), expect.stringMatching(/^OPS\/three\.xhtml \(undefined entity &nbsp;/)])
    const book = await imported(bytes)
    expect(book.detail).toMatch(/warning: 2 documents are not well-formed XML \(served as HTML[^)]*\): OPS\/two\.xhtml/)
    expect(book.manifest.readingOrder.map((link) => link.type)).toEqual(['application/xhtml+xml', 'text/html', 'text/html', 'application/xhtml+xml'])
    expect(book.manifest.toc.map((link) => [link.href, link.type])).toEqual([
      ['OPS/one.xhtml', 'application/xhtml+xml'],
      ['OPS/two.xhtml#cut', 'text/html'],
    ])
    const two = await t.call('GET', `${book.base}OPS/two.xhtml`)
    expect(two.statusCode).toBe(200)
    expect(two.headers['content-type']).toMatch(/^text\/html/)
    expect(two.body).toContain('Half a para')
  })
})

describe('an EPUB 2 book with only an NCX', () => {
  it('gets its table of contents from the NCX navPoints, nested, in order', async () => {
    const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="x"/></head><docTitle><text>Outside</text></docTitle>
<navMap>
  <navPoint id="n1" playOrder="1"><navLabel><text>Chapter One</text></navLabel><content src="text/one.xhtml"/>
    <navPoint id="n2" playOrder="2"><navLabel><text> A part </text></navLabel><content src="text/one.xhtml#part"/></navPoint>
  </navPoint>
  <navPoint id="n3" playOrder="3"><navLabel><text>Chapter Two</text></navLabel><content src="text/two.xhtml"/></navPoint>
</navMap></ncx>`
    const book = await imported(
      outsideBook({
        version: '2.0',
        items: [
          { id: 'ncx', href: 'toc.ncx', type: 'application/x-dtbncx+xml' },
          { id: 'a', href: 'text/one.xhtml' },
          { id: 'b', href: 'text/two.xhtml' },
        ],
        toc: 'ncx',
        spine: [{ idref: 'a' }, { idref: 'b' }],
        files: { 'toc.ncx': ncx, 'text/one.xhtml': xhtml('One', '<p>One</p><p id="part">Part</p>'), 'text/two.xhtml': xhtml('Two', '<p>Two</p>') },
      }),
    )
    expect(book.manifest.toc).toEqual([
      {
        href: 'OPS/text/one.xhtml',
        type: 'application/xhtml+xml',
        title: 'Chapter One',
        children: [{ href: 'OPS/text/one.xhtml#part', type: 'application/xhtml+xml', title: 'A part' }],
      },
      { href: 'OPS/text/two.xhtml', type: 'application/xhtml+xml', title: 'Chapter Two' },
    ])
    // The NCX itself stays a package file, not served.
    expect((await t.call('GET', `${book.base}OPS/toc.ncx`)).statusCode).toBe(404)
  })
})

describe('layout set per spine item', () => {
  const page = (n: number) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${n}</title><meta name="viewport" content="width=600, height=800"/></head><body><p>${n}</p></body></html>`

  it('a book whose itemrefs say pre-paginated is fixed layout, one position per page', async () => {
    const book = await imported(
      outsideBook({
        items: [1, 2, 3].map((n) => ({ id: `p${n}`, href: `p${n}.xhtml` })),
        spine: [1, 2, 3].map((n) => ({ idref: `p${n}`, properties: `rendition:layout-pre-paginated${n === 2 ? ' page-spread-left' : ''}` })),
        files: Object.fromEntries([1, 2, 3].map((n) => [`p${n}.xhtml`, page(n)])),
      }),
    )
    expect(book.manifest.metadata.layout).toBe('fixed')
    expect(book.positions).toHaveLength(3)
    expect(book.manifest.readingOrder[1]?.properties).toEqual({ page: 'left' })
    const chapter = (await t.call(endpoints.chapter, { params: { type: 'comic', id: book.contentId, chapterId: book.chapterId, salesType: 'product' } })).json()
      .result
    expect(chapter.epub.layout).toBe('fixed')
  })

  it('a document laid out otherwise than its book keeps its own layout as a link property', async () => {
    const parsed = await parseEpub(
      outsideBook({
        metadata: '<meta property="rendition:layout">pre-paginated</meta>',
        items: [1, 2, 3].map((n) => ({ id: `p${n}`, href: `p${n}.xhtml` })),
        spine: [{ idref: 'p1' }, { idref: 'p2', properties: 'rendition:layout-reflowable' }, { idref: 'p3' }],
        files: Object.fromEntries([1, 2, 3].map((n) => [`p${n}.xhtml`, page(n)])),
      }),
    )
    expect(parsed.layout).toBe('fixed')
    expect(parsed.manifest.readingOrder.map((link) => link.properties)).toEqual([undefined, { layout: 'reflowable' }, undefined])
  })
})

describe('SVG pages sized in percent', () => {
  it('take their viewport from the viewBox, not from `100%`', () => {
    const percent = svgPage(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 1200 1800"><rect width="10" height="10"/></svg>',
      'P',
    )
    expect(percent).toContain('<meta name="viewport" content="width=1200, height=1800"/>')
    expect(svgPage('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0,0,210,297"/>', 'P')).toContain(
      'content="width=210, height=297"',
    )
    expect(svgPage('<svg xmlns="http://www.w3.org/2000/svg" width="600px" height="800" viewBox="0 0 60 80"/>', 'P')).toContain(
      'content="width=600, height=800"',
    )
    expect(svgPage('<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%"/>', 'P')).not.toContain('name="viewport"')
  })
})

describe('a book with EPUB 3 media overlays (issue 37)', () => {
  it('names each narrated document’s SMIL as its alternate, the active class, and serves the SMIL and its audio in byte ranges', async () => {
    const book = await imported(
      outsideBook({
        metadata: '<meta property="media:active-class">-epub-media-overlay-active</meta><meta property="media:duration">0:00:02</meta>',
        items: [
          { id: 'c1', href: 'text/c1.xhtml', mediaOverlay: 'mo1' },
          { id: 'c2', href: 'text/c2.xhtml' },
          { id: 'mo1', href: 'smil/c1.smil', type: 'application/smil+xml' },
          { id: 'a1', href: 'audio/c1.wav', type: 'audio/wav' },
        ],
        spine: [{ idref: 'c1' }, { idref: 'c2' }],
        files: {
          'text/c1.xhtml': xhtml('One', '<p id="p1">Narrated.</p>'),
          'text/c2.xhtml': xhtml('Two', '<p>Not narrated.</p>'),
          'smil/c1.smil':
            '<smil xmlns="http://www.w3.org/ns/SMIL" version="3.0"><body><par><text src="../text/c1.xhtml#p1"/><audio src="../audio/c1.wav" clipBegin="0s" clipEnd="1s"/></par></body></smil>',
          'audio/c1.wav': 'RIFF0123456789',
        },
      }),
    )
    expect(book.manifest.readingOrder.map((link) => link.alternate)).toEqual([[{ href: 'OPS/smil/c1.smil', type: 'application/smil+xml' }], undefined])
    expect(book.manifest.metadata.mediaOverlay).toEqual({ activeClass: '-epub-media-overlay-active' })
    const smil = await t.call('GET', `${book.base}OPS/smil/c1.smil`)
    expect(smil.statusCode).toBe(200)
    expect(smil.headers['content-type']).toMatch(/smil/)
    const whole = await t.call('GET', `${book.base}OPS/audio/c1.wav`)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    const part = await t.call('GET', `${book.base}OPS/audio/c1.wav`, { headers: { range: 'bytes=4-7' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 4-7/14')
    expect(part.body).toBe('0123')
    expect((await t.call('GET', `${book.base}OPS/audio/c1.wav`, { headers: { range: 'bytes=99-' } })).statusCode).toBe(416)
  })
})

describe('a trial of a narrated book (issue 37)', () => {
  it('names and serves its own documents’ narration, none that a paid chapter’s narration shares', async () => {
    const smil = (doc: string, audio: string) =>
      `<smil xmlns="http://www.w3.org/ns/SMIL" version="3.0"><body><par><text src="${doc}#p1"/><audio src="${audio}" clipBegin="0s" clipEnd="1s"/></par></body></smil>`
    const book = await imported(
      outsideBook({
        items: [
          { id: 'c1', href: 'c1.xhtml', mediaOverlay: 'mo1' },
          { id: 'c2', href: 'c2.xhtml', mediaOverlay: 'mo2' },
          { id: 'c3', href: 'c3.xhtml', mediaOverlay: 'mo3' },
          { id: 'mo1', href: 'c1.smil', type: 'application/smil+xml' },
          { id: 'mo2', href: 'c2.smil', type: 'application/smil+xml' },
          { id: 'mo3', href: 'c3.smil', type: 'application/smil+xml' },
          { id: 'a1', href: 'c1.wav', type: 'audio/wav' },
          { id: 'a2', href: 'rest.wav', type: 'audio/wav' },
        ],
        spine: [{ idref: 'c1' }, { idref: 'c2' }, { idref: 'c3' }],
        files: {
          'c1.xhtml': xhtml('One', '<p id="p1">One.</p>'),
          'c2.xhtml': xhtml('Two', '<p id="p1">Two.</p>'),
          'c3.xhtml': xhtml('Three', '<p id="p1">Three.</p>'),
          'c1.smil': smil('c1.xhtml', 'c1.wav'),
          // Chapters 2 and 3 are narrated in one file: chapter 3 is paid, so chapter 2's narration is not the trial's.
          'c2.smil': smil('c2.xhtml', 'rest.wav'),
          'c3.smil': smil('c3.xhtml', 'rest.wav'),
          'c1.wav': 'RIFF-one',
          'rest.wav': 'RIFF-rest',
        },
      }),
    )
    const { epub_id } = await t.db.selectFrom('chapter_epubs').select('epub_id').where('chapter_id', '=', book.chapterId).executeTakeFirstOrThrow()
    await t.db.deleteFrom('chapter_epubs').where('chapter_id', '=', book.chapterId).where('sales_type', '=', 'trial').execute()
    await t.db.insertInto('chapter_epubs').values({ chapter_id: book.chapterId, sales_type: 'trial', epub_id, reading_order_limit: 2 }).execute()
    const trial = await t.call(endpoints.chapterEpub, {
      params: { type: 'comic', id: book.contentId },
      query: { chapterId: String(book.chapterId), chapterFileSalesType: 'trial' },
    })
    const manifest = (trial.json().result as { manifest: Manifest }).manifest
    expect(manifest.readingOrder.map((link) => link.alternate?.map((each) => each.href) ?? null)).toEqual([['OPS/c1.smil'], null])
    const base = urlOf(endpoints.epubResource, { type: 'comic', id: book.contentId, chapterId: book.chapterId, salesType: 'trial', '*': '' })
    const status = async (file: string) => (await t.call('GET', `${base}OPS/${file}`)).statusCode
    expect([await status('c1.smil'), await status('c1.wav')]).toEqual([200, 200])
    expect([await status('c2.smil'), await status('c3.smil'), await status('rest.wav')]).toEqual([404, 404, 404])
    // The whole book's part plays it all.
    expect(book.manifest.readingOrder.map((link) => link.alternate?.[0]?.href)).toEqual(['OPS/c1.smil', 'OPS/c2.smil', 'OPS/c3.smil'])
    expect((await t.call('GET', `${book.base}OPS/rest.wav`)).statusCode).toBe(200)
  })
})
