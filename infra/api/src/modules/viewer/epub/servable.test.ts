import { strToU8, zipSync } from 'fflate'
import { cssReferences, documentReferences, srcsetUrls } from './references'
import { isScript, packageFiles, resolveReference, trialFiles, trialOverlayFiles } from './servable'
import { guessType } from './parse'
import { ZipBook } from './zip'

describe('what a book file loads', () => {
  it('reads src, xlink:href, srcset, poster, object data, style and SVG images from XHTML, and no links or scripts', () => {
    const doc = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink"><head>
<link rel="stylesheet" href="css/a.css"/><script src="evil.js"/><style>p { background: url("img/style-bg.png") }</style></head>
<body background="img/body.png"><p style="background-image:url(img/inline.png)">Hi</p>
<img src="img/one.png" srcset="img/one-2x.png 2x, img/one-3x.png 3x"/><video poster="img/poster.jpg" src="media/clip.mp4"><source src="media/clip.webm"/></video>
<svg xmlns="http://www.w3.org/2000/svg"><image xlink:href="img/svg-image.png" width="1" height="1"/><a xlink:href="paid.xhtml"><text>go</text></a></svg>
<object data="img/object.svg"></object><a href="chapter-2.xhtml">next</a><area href="img/map.png"/></body></html>`
    expect(documentReferences(doc, true).sort()).toEqual(
      [
        'css/a.css',
        'img/body.png',
        'img/inline.png',
        'img/object.svg',
        'img/one-2x.png',
        'img/one-3x.png',
        'img/one.png',
        'img/poster.jpg',
        'img/style-bg.png',
        'img/svg-image.png',
        'media/clip.mp4',
        'media/clip.webm',
      ].sort(),
    )
  })

  it('parses HTML that is not XML, style text included', () => {
    const doc = '<html><head><style>@import url(x.css);</style><body><img src=a.png><p>unclosed<img SRC="b.png"></body>'
    expect(documentReferences(doc, false).sort()).toEqual(['a.png', 'b.png', 'x.css'])
  })

  it('reads url(), @import (string or url) and image-set from CSS, skipping comments', () => {
    const css = `@import "more.css"; @import url('print.css') print;
/* url(commented.png) */
@font-face { font-family: F; src: url(../fonts/f.woff2) format("woff2"), url("../fonts/f.ttf"); }
h1 { background: image-set("h1.png" 1x, url(h1-2x.png) 2x); content: "not-a-url.png"; }`
    expect(cssReferences(css).sort()).toEqual(['../fonts/f.ttf', '../fonts/f.woff2', 'h1-2x.png', 'h1.png', 'more.css', 'print.css'].sort())
  })

  it('splits srcset candidates, commas inside URLs included', () => {
    expect(srcsetUrls(' a.png 1x,b,c.png 2x , d.png')).toEqual(['a.png', 'b,c.png', 'd.png'])
    expect(srcsetUrls('e.png,f.png')).toEqual(['e.png,f.png'])
    expect(srcsetUrls('g.png, h.png 100w')).toEqual(['g.png', 'h.png'])
  })

  it('resolves references to zip paths: relative, percent-encoded, fragments; not other sites or absolute paths', () => {
    expect(resolveReference('OPS/xhtml/one.xhtml', '../images/a%20b.png#x')).toBe('OPS/images/a b.png')
    expect(resolveReference('OPS/xhtml/one.xhtml', './%E7%94%BB.png?v=1')).toBe('OPS/xhtml/画.png')
    expect(resolveReference('OPS/xhtml/one.xhtml', '画.png')).toBe('OPS/xhtml/画.png')
    expect(resolveReference('OPS/one.xhtml', '../../../etc/passwd')).toBe('etc/passwd')
    for (const other of [
      'https://example.com/a.png',
      'data:image/png;base64,AA',
      '//example.com/a.png',
      '/api/member/profile',
      '#top',
      'javascript:alert(1)',
      '%E0%A4%A.png',
    ]) {
      expect([other, resolveReference('OPS/one.xhtml', other)]).toEqual([other, null])
    }
  })

  it('never serves scripts, by name or by declared type', () => {
    expect(isScript('OPS/a.js', guessType('OPS/a.js'))).toBe(true)
    expect(isScript('OPS/a.png', 'application/javascript')).toBe(true)
    expect(isScript('OPS/a.mjs', 'application/octet-stream')).toBe(true)
    expect(isScript('OPS/a.png', 'image/png')).toBe(false)
  })
})

describe('a trial part', () => {
  const files = zipSync(
    Object.fromEntries(
      Object.entries({
        mimetype: 'application/epub+zip',
        'META-INF/container.xml': '<container><rootfiles><rootfile full-path="OPS/book.opf"/></rootfiles></container>',
        'OPS/book.opf':
          '<package><manifest><item id="n" href="nav.xhtml" properties="nav"/><item id="t" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest><spine toc="t"/></package>',
        'OPS/toc.ncx': '<ncx/>',
        'OPS/nav.xhtml': '<html/>',
        'OPS/one.xhtml':
          '<html xmlns="http://www.w3.org/1999/xhtml"><head><link rel="stylesheet" href="css/one.css"/><link rel="next" href="toc.ncx"/></head><body><img src="img/one.svg"/><iframe src="two.xhtml"/></body></html>',
        'OPS/two.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><body><img src="img/two.png"/></body></html>',
        'OPS/css/one.css': '@import "fonts.css"; body { background: url(../img/bg.png) }',
        'OPS/css/fonts.css': '@font-face { src: url(../fonts/a.woff2) }',
        'OPS/img/one.svg':
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="inner.png"/><use href="sprite.svg#i"/></svg>',
        'OPS/img/inner.png': 'png',
        'OPS/img/sprite.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
        'OPS/img/bg.png': 'png',
        'OPS/img/two.png': 'png',
        'OPS/fonts/a.woff2': 'font',
      }).map(([name, body]) => [name, strToU8(body)]),
    ),
  )

  it('follows its documents through stylesheets and SVG, and stops at other documents', async () => {
    const allowed = await trialFiles(await ZipBook.open(files), ['OPS/one.xhtml'], guessType)
    expect([...allowed].sort()).toEqual(
      [
        'OPS/one.xhtml',
        'OPS/css/one.css',
        'OPS/css/fonts.css',
        'OPS/fonts/a.woff2',
        'OPS/img/bg.png',
        'OPS/img/one.svg',
        'OPS/img/inner.png',
        'OPS/img/sprite.svg',
        'OPS/toc.ncx',
      ].sort(),
    )
  })

  it('names the package files: container, OPF, NCX, navigation document', async () => {
    expect([...(await packageFiles(await ZipBook.open(files), []))].sort()).toEqual(
      ['META-INF/container.xml', 'OPS/book.opf', 'OPS/nav.xhtml', 'OPS/toc.ncx', 'mimetype'].sort(),
    )
  })
})

describe('a trial part’s narration (EPUB 3 media overlays, issue 37)', () => {
  const smil = (doc: string, audio: string) =>
    `<smil xmlns="http://www.w3.org/ns/SMIL" version="3.0"><body><par><text src="${doc}#p1"/><audio src="${audio}" clipBegin="0s" clipEnd="1s"/></par></body></smil>`
  const files = zipSync(
    Object.fromEntries(
      Object.entries({
        'OPS/one.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><body><p id="p1">One</p></body></html>',
        'OPS/two.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><body><p id="p1">Two</p></body></html>',
        'OPS/three.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><body><p id="p1">Three</p></body></html>',
        'OPS/smil/one.smil': smil('../one.xhtml', '../audio/one.wav'),
        'OPS/smil/two.smil': smil('../two.xhtml', '../audio/two.wav') + '<!-- and the book-long file -->',
        'OPS/smil/three.smil': smil('../three.xhtml', '../audio/book.mp3'),
        'OPS/audio/one.wav': 'wav',
        'OPS/audio/two.wav': 'wav',
        'OPS/audio/book.mp3': 'mp3',
      }).map(([name, body]) => [name, strToU8(body)]),
    ),
  )
  const narrated = (doc: string, overlay: string) => ({
    href: doc,
    type: 'application/xhtml+xml',
    alternate: [{ href: overlay, type: 'application/smil+xml' }],
  })

  it('plays its own documents’ overlays and their audio, nothing a paid document’s overlay uses', async () => {
    const book = {
      readingOrder: [
        narrated('OPS/one.xhtml', 'OPS/smil/one.smil'),
        narrated('OPS/two.xhtml', 'OPS/smil/three.smil'),
        narrated('OPS/three.xhtml', 'OPS/smil/three.smil'),
      ],
      resources: [],
    }
    // The trial reads one and two; two's overlay is three's too (a paid document's): not served, nor its audio.
    const files1 = await trialOverlayFiles(await ZipBook.open(files), { readingOrder: book.readingOrder.slice(0, 2), book }, guessType)
    expect(files1.sort()).toEqual(['OPS/audio/one.wav', 'OPS/smil/one.smil'])
  })

  it('keeps an audio file a paid overlay also plays out of the trial', async () => {
    const book = {
      readingOrder: [
        narrated('OPS/one.xhtml', 'OPS/smil/one.smil'),
        narrated('OPS/two.xhtml', 'OPS/smil/two.smil'),
        narrated('OPS/three.xhtml', 'OPS/smil/one.smil'),
      ],
      resources: [],
    }
    expect(await trialOverlayFiles(await ZipBook.open(files), { readingOrder: book.readingOrder.slice(0, 2), book }, guessType)).toEqual([
      'OPS/smil/two.smil',
      'OPS/audio/two.wav',
    ])
  })
})
