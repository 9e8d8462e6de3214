/**
 * The text of a book's document as read aloud (issue 37): its text nodes in order, split into
 * sentences, each sentence tied back to the DOM range it covers (to highlight it and to know
 * which page it is on). Japanese ruby is read once: the base text, or the reading above it.
 */
export type RubyReading = 'base' | 'ruby'

export interface Sentence {
  text: string
  range: Range
}

interface Piece {
  node: Text
  /** Where the node's text starts and ends in the joined text. */
  from: number
  to: number
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE'])
const BLOCKS = /^(P|DIV|H[1-6]|LI|BLOCKQUOTE|SECTION|ARTICLE|ASIDE|HEADER|FOOTER|FIGCAPTION|DT|DD|TD|TH|PRE|BODY|TR|HR|BR)$/

const insideTag = (node: Node, tags: string[]): Element | null => {
  for (let at = node.parentElement; at; at = at.parentElement) if (tags.includes(at.tagName.toUpperCase())) return at
  return null
}

const blockOf = (node: Node): Element | null => {
  for (let at = node.parentElement; at; at = at.parentElement) if (BLOCKS.test(at.tagName.toUpperCase())) return at
  return null
}

/** Whether a text node is read in this ruby mode: `rp` never; `rt` only for 'ruby'; a ruby's base only for 'base'. */
function spoken(node: Text, ruby: RubyReading): boolean {
  if (insideTag(node, ['RP'])) return false
  const rt = insideTag(node, ['RT'])
  if (rt) return ruby === 'ruby'
  if (ruby === 'ruby' && insideTag(node, ['RUBY'])) return false
  return true
}

/** Sentences by the language's rules (Intl.Segmenter), else at ., !, ?, 。, ！, ？ and line ends. */
export function splitSentences(text: string, language: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = []
  const push = (start: number, end: number) => {
    // Trim the span to its words; a span of spaces alone is no sentence.
    while (start < end && /\s/.test(text[start]!)) start++
    while (end > start && /\s/.test(text[end - 1]!)) end--
    if (end > start) spans.push({ start, end })
  }
  const lines = text.split('\n')
  let offset = 0
  for (const line of lines) {
    if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
      const segmenter = new Intl.Segmenter(language || undefined, { granularity: 'sentence' })
      for (const part of segmenter.segment(line)) push(offset + part.index, offset + part.index + part.segment.length)
    } else {
      const pattern = /[^.!?。！？]+[.!?。！？]*/g
      for (let match = pattern.exec(line); match; match = pattern.exec(line)) push(offset + match.index, offset + match.index + match[0].length)
    }
    offset += line.length + 1
  }
  return spans
}

/** The document's readable text nodes, joined with a line break between blocks. */
function piecesOf(doc: Document, ruby: RubyReading): { text: string; pieces: Piece[] } {
  const body = doc.body
  if (!body) return { text: '', pieces: [] }
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement && insideTag(node, [...SKIPPED]) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  })
  const pieces: Piece[] = []
  let text = ''
  let block: Element | null = null
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const textNode = node as Text
    if (!spoken(textNode, ruby) || textNode.data.length === 0) continue
    const here = blockOf(textNode)
    if (pieces.length > 0 && here !== block) text += '\n'
    block = here
    const value = textNode.data.replace(/\n/g, ' ')
    pieces.push({ node: textNode, from: text.length, to: text.length + value.length })
    text += value
  }
  return { text, pieces }
}

/** Where an offset of the joined text is in the DOM: a ruby's reading is highlighted with its base. */
function pointOf(pieces: Piece[], offset: number, edge: 'start' | 'end'): { node: Node; offset: number; ruby: Element | null } | null {
  const piece = edge === 'start' ? pieces.find((each) => offset < each.to) : [...pieces].reverse().find((each) => offset > each.from)
  if (!piece) return null
  const within = Math.max(0, Math.min(piece.node.data.length, offset - piece.from))
  return { node: piece.node, offset: within, ruby: insideTag(piece.node, ['RT']) ? insideTag(piece.node, ['RUBY']) : null }
}

/** Every sentence of the document, in reading order, with its range. */
export function sentencesOf(doc: Document, language: string, ruby: RubyReading = 'base'): Sentence[] {
  const { text, pieces } = piecesOf(doc, ruby)
  const sentences: Sentence[] = []
  for (const span of splitSentences(text, language)) {
    const start = pointOf(pieces, span.start, 'start')
    const end = pointOf(pieces, span.end, 'end')
    if (!start || !end) continue
    const range = doc.createRange()
    if (start.ruby) range.setStartBefore(start.ruby)
    else range.setStart(start.node, start.offset)
    if (end.ruby) range.setEndAfter(end.ruby)
    else range.setEnd(end.node, end.offset)
    sentences.push({ text: text.slice(span.start, span.end).replace(/\s+/g, ' '), range })
  }
  return sentences
}
