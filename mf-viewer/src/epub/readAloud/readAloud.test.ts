import { Narrator, type NarratorHost, type NarratorStatus } from './narrator'
import { sentencesOf, splitSentences } from './pageText'
import { pickVoice, primaryLanguage } from './voices'

const docOf = (html: string): Document => new DOMParser().parseFromString(`<html><body>${html}</body></html>`, 'text/html')

describe('the text read aloud (issue 37)', () => {
  it('splits sentences by the language’s rules, and at the end of each block', () => {
    const text = 'Call me Ishmael. Some years ago, never mind how long precisely! Why?\nA new paragraph'
    expect(splitSentences(text, 'en').map((span) => text.slice(span.start, span.end))).toEqual([
      'Call me Ishmael.',
      'Some years ago, never mind how long precisely!',
      'Why?',
      'A new paragraph',
    ])
    const ja = '吾輩は猫である。名前はまだ無い。'
    expect(splitSentences(ja, 'ja').map((span) => ja.slice(span.start, span.end))).toEqual(['吾輩は猫である。', '名前はまだ無い。'])
  })

  it('ties each sentence to its range in the document, across inline elements and paragraphs', () => {
    const doc = docOf('<h1>Loomings</h1><p>Call me <em>Ishmael</em>. Some years ago.</p><script>var x = 1</script>')
    const sentences = sentencesOf(doc, 'en')
    expect(sentences.map((sentence) => sentence.text)).toEqual(['Loomings', 'Call me Ishmael.', 'Some years ago.'])
    expect(sentences[1]!.range.toString()).toBe('Call me Ishmael.')
  })

  it('reads a ruby once: the base text, or the reading above it, never both', () => {
    const doc = docOf('<p><ruby>吾輩<rp>（</rp><rt>わがはい</rt><rp>）</rp></ruby>は猫である。</p>')
    expect(sentencesOf(doc, 'ja', 'base').map((sentence) => sentence.text)).toEqual(['吾輩は猫である。'])
    const ruby = sentencesOf(doc, 'ja', 'ruby')
    expect(ruby.map((sentence) => sentence.text)).toEqual(['わがはいは猫である。'])
    // The highlight covers the whole ruby (base and reading) and the rest of the sentence.
    expect(ruby[0]!.range.toString()).toBe('吾輩（わがはい）は猫である。')
  })
})

describe('the voice for a book', () => {
  const voices = [
    { lang: 'en-GB', name: 'Daniel', localService: true },
    { lang: 'en-US', name: 'Samantha', localService: false, default: true },
    { lang: 'fr-FR', name: 'Thomas', localService: true },
    { lang: 'ja-JP', name: 'Kyoko', localService: true },
  ]
  it('speaks the book’s language, its region first', () => {
    expect(pickVoice(voices, 'en-US')?.name).toBe('Samantha')
    expect(pickVoice(voices, 'en')?.name).toBe('Daniel')
    expect(pickVoice(voices, 'ja')?.name).toBe('Kyoko')
    expect(pickVoice(voices, 'fr-CA')?.name).toBe('Thomas')
  })
  it('has none for a language no voice speaks', () => {
    expect(pickVoice(voices, 'de')).toBeNull()
    expect(pickVoice([], 'en')).toBeNull()
    expect(primaryLanguage(undefined)).toBe('en')
  })
})

/** A stand-in for speechSynthesis: records what is said; the test ends each utterance. */
function fakeSpeech() {
  const said: SpeechSynthesisUtterance[] = []
  return {
    said,
    speak: jest.fn((utterance: SpeechSynthesisUtterance) => said.push(utterance)),
    cancel: jest.fn(),
    /** The voice finishes the last utterance. */
    finish: async () => {
      said.at(-1)?.onend?.(new Event('end') as SpeechSynthesisEvent)
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
}

class FakeUtterance {
  lang = ''
  rate = 1
  voice: unknown = null
  onend: ((event: Event) => void) | null = null
  onerror: ((event: { error: string }) => void) | null = null
  constructor(public text: string) {}
}

/**
 * A book of two documents whose pages show `perPage` sentences each; `turn` shows the next page
 * (then the next document).
 */
function bookHost(docs: Document[], perPage: number) {
  let docIndex = 0
  let page = 0
  const host: NarratorHost & { turns: number } = {
    turns: 0,
    documents: () => [docs[docIndex]!],
    visible: (range) => {
      const doc = docs[docIndex]!
      const all = sentencesOf(doc, 'en').map((sentence) => sentence.range.toString())
      const at = all.indexOf(range.toString())
      return range.startContainer.ownerDocument === doc && at >= page * perPage && at < (page + 1) * perPage
    },
    turn: () => {
      host.turns += 1
      const count = sentencesOf(docs[docIndex]!, 'en').length
      if ((page + 1) * perPage < count) page += 1
      else if (docIndex < docs.length - 1) {
        docIndex += 1
        page = 0
      }
    },
  }
  return host
}

const narratorFor = (host: NarratorHost, speech: ReturnType<typeof fakeSpeech>, statuses: NarratorStatus[] = []) =>
  new Narrator(host, speech, {
    language: 'en-US',
    voice: null,
    rate: 1.25,
    ruby: 'base',
    onSentence: () => undefined,
    onStatus: (status) => statuses.push(status),
    utterance: (text) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance,
    frame: () => Promise.resolve(),
  })

describe('the narrator', () => {
  const book = [docOf('<p>One. Two. Three.</p>'), docOf('<p>Four. Five.</p>')]

  it('reads sentence by sentence from the reader’s page, turning pages and documents, to the end', async () => {
    const speech = fakeSpeech()
    const host = bookHost(book, 2)
    host.turn() // the reader is on the second page: "Three."
    const statuses: NarratorStatus[] = []
    const narrator = narratorFor(host, speech, statuses)
    await narrator.start()
    expect(speech.said.map((utterance) => utterance.text)).toEqual(['Three.'])
    expect(speech.said[0]).toMatchObject({ lang: 'en-US', rate: 1.25 })
    for (let i = 0; i < 2; i++) await speech.finish()
    expect(speech.said.map((utterance) => utterance.text)).toEqual(['Three.', 'Four.', 'Five.'])
    // The reader's own turn, then one into the second document.
    expect(host.turns).toBe(2)
    await speech.finish()
    // Past the last sentence a turn shows nothing new: the book has ended.
    expect(host.turns).toBe(3)
    expect(statuses.at(-1)).toBe('ended')
  })

  it('pauses and resumes at the sentence it was on; stop ends it and a late end does nothing', async () => {
    const speech = fakeSpeech()
    const narrator = narratorFor(bookHost(book, 3), speech)
    await narrator.start()
    await speech.finish()
    narrator.pause()
    expect(narrator.status).toBe('paused')
    expect(speech.cancel).toHaveBeenCalled()
    narrator.resume()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(speech.said.map((utterance) => utterance.text)).toEqual(['One.', 'Two.', 'Two.'])
    narrator.stop()
    await speech.finish()
    expect(speech.said).toHaveLength(3)
    expect(narrator.status).toBe('stopped')
  })

  it('a new speed applies from the sentence being said', async () => {
    const speech = fakeSpeech()
    const narrator = narratorFor(bookHost(book, 3), speech)
    await narrator.start()
    narrator.update({ rate: 2 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(speech.said.map((utterance) => [utterance.text, utterance.rate])).toEqual([
      ['One.', 1.25],
      ['One.', 2],
    ])
  })

  it('stops for a document the book narrates itself (media overlay), handing it over', async () => {
    const speech = fakeSpeech()
    const host = bookHost(book, 3)
    const statuses: NarratorStatus[] = []
    const handOver = jest.fn((documents: Document[]) => documents[0] === book[1])
    const narrator = new Narrator(host, speech, {
      language: 'en-US',
      voice: null,
      rate: 1,
      ruby: 'base',
      onSentence: () => undefined,
      onStatus: (status) => statuses.push(status),
      utterance: (text) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance,
      frame: () => Promise.resolve(),
      handOver,
    })
    await narrator.start()
    for (let i = 0; i < 3; i++) await speech.finish()
    expect(speech.said.map((utterance) => utterance.text)).toEqual(['One.', 'Two.', 'Three.'])
    expect(handOver).toHaveBeenCalledWith([book[1]])
    expect(statuses.at(-1)).toBe('stopped')
  })
})
