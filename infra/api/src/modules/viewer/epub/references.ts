import { tokenize, TokenType } from '@csstools/css-tokenizer'
import { Parser } from 'htmlparser2'

/**
 * What a book's files make a browser load: the URLs written in a content document (HTML,
 * XHTML, SVG) or a stylesheet, as written (relative, maybe percent-encoded, with fragments).
 * Links the reader may follow (`<a>`, `<area>`) and scripts are not loads we serve.
 */

/** Attributes (by local name, any namespace prefix: `xlink:href` is `href`) that load a URL. */
const URL_ATTRIBUTES = new Set(['src', 'href', 'poster', 'background', 'altimg'])
/** Elements whose href is a link to follow, or that we never serve a file for. */
const NOT_LOADED = new Set(['a', 'area', 'base', 'script'])

const localName = (name: string): string => name.slice(name.lastIndexOf(':') + 1).toLowerCase()

/** The URLs of a srcset value (HTML's candidate list: URL, optional descriptors, commas). */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = []
  let i = 0
  const space = (ch: string) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f'
  while (i < value.length) {
    while (i < value.length && (space(value.charAt(i)) || value[i] === ',')) i++
    const start = i
    while (i < value.length && !space(value.charAt(i))) i++
    let url = value.slice(start, i)
    if (url.endsWith(',')) {
      let end = url.length
      while (end > 0 && url[end - 1] === ',') end--
      url = url.slice(0, end)
    } else {
      // Descriptors run to the next comma outside parentheses.
      let depth = 0
      while (i < value.length && !(value[i] === ',' && depth === 0)) {
        if (value[i] === '(') depth++
        else if (value[i] === ')') depth = Math.max(0, depth - 1)
        i++
      }
    }
    if (url) urls.push(url)
  }
  return urls
}

const URL_FUNCTIONS = new Set(['url', 'src', 'image-set', '-webkit-image-set'])

/** The URLs a stylesheet (or a style attribute) loads: url(), src(), image-set() strings and @import. */
export function cssReferences(css: string): string[] {
  const urls: string[] = []
  const functions: string[] = []
  let importing = false
  for (const token of tokenize({ css }, { onParseError: () => undefined })) {
    const type = token[0]
    if (type === TokenType.Whitespace || type === TokenType.Comment) continue
    const wasImporting = importing
    importing = false
    switch (type) {
      case TokenType.URL:
        urls.push(token[4].value)
        break
      case TokenType.String:
        if (wasImporting || URL_FUNCTIONS.has(functions.at(-1) ?? '')) urls.push(token[4].value)
        break
      case TokenType.Function:
        functions.push(token[4].value.toLowerCase())
        break
      case TokenType.OpenParen:
        functions.push('')
        break
      case TokenType.CloseParen:
        functions.pop()
        break
      case TokenType.AtKeyword:
        importing = token[4].value.toLowerCase() === 'import'
        break
      default:
        break
    }
  }
  return urls
}

/**
 * The URLs a content document loads: src, href (xlink:href), srcset, poster, object data,
 * legacy background, and what its `<style>` elements and style attributes load. `xml` parses
 * XHTML and SVG as XML (self-closing tags, CDATA); otherwise as HTML.
 */
export function documentReferences(source: string, xml: boolean): string[] {
  const urls: string[] = []
  let styleDepth = 0
  let styleText = ''
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = localName(name)
        if (element === 'style') styleDepth++
        if (NOT_LOADED.has(element)) return
        for (const [attribute, value] of Object.entries(attributes)) {
          const local = localName(attribute)
          if (URL_ATTRIBUTES.has(local) || (local === 'data' && element === 'object')) urls.push(value)
          else if (local === 'srcset' || local === 'imagesrcset') urls.push(...srcsetUrls(value))
          else if (local === 'style') urls.push(...cssReferences(value))
        }
      },
      ontext(text) {
        if (styleDepth > 0) styleText += text
      },
      onclosetag(name) {
        if (localName(name) !== 'style' || styleDepth === 0) return
        styleDepth--
        urls.push(...cssReferences(styleText))
        styleText = ''
      },
    },
    { xmlMode: xml, decodeEntities: true },
  )
  parser.write(source)
  parser.end()
  return urls
}
