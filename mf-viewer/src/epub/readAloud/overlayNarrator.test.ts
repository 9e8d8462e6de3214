import type { NarratorStatus } from './narrator'
import { OverlayNarrator, type AudioLike, type OverlayFallback, type OverlayHost } from './overlayNarrator'

type Event = 'timeupdate' | 'ended' | 'error' | 'loadedmetadata'

/** An audio element stand-in: the test loads it, moves its time and ends it. */
class FakeAudio implements AudioLike {
  private source = ''
  currentTime = 0
  playbackRate = 1
  readyState = 0
  playing = false
  plays: { src: string; at: number; rate: number }[] = []
  private listeners = new Map<Event, Set<() => void>>()
  get src() {
    return this.source
  }
  set src(value: string) {
    this.source = value
    this.readyState = 0
    this.currentTime = 0
  }
  play() {
    this.playing = true
    this.plays.push({ src: this.source, at: this.currentTime, rate: this.playbackRate })
    return Promise.resolve()
  }
  pause() {
    this.playing = false
  }
  addEventListener(type: Event, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set())
    this.listeners.get(type)!.add(listener)
  }
  removeEventListener(type: Event, listener: () => void) {
    this.listeners.get(type)?.delete(listener)
  }
  emit(type: Event) {
    if (type === 'loadedmetadata') this.readyState = 1
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener()
  }
  /** Plays on to `time`. */
  reach(time: number) {
    this.currentTime = time
    this.emit('timeupdate')
  }
}

const BASE = 'https://koma.test/api/epub/1/OPS/'

/** A document of the book as Readium shows it (its <base> is its own URL), with paragraphs a, b, c. */
const chapter = (name: string, ids: string[]): Document =>
  new DOMParser().parseFromString(
    `<html><head><base href="${BASE}${name}.xhtml"/></head><body>${ids.map((id) => `<p id="${id}">Paragraph ${id}.</p>`).join('')}</body></html>`,
    'text/html',
  )

const smilOf = (name: string, clips: [string, string, string, string][]) =>
  `<smil xmlns="http://www.w3.org/ns/SMIL" version="3.0"><body><seq>${clips
    .map(([id, audio, begin, end]) => `<par><text src="../${name}.xhtml#${id}"/><audio src="../audio/${audio}" clipBegin="${begin}" clipEnd="${end}"/></par>`)
    .join('')}</seq></body></smil>`

/** The reader: the documents shown, the paragraphs on the page shown, and a turn showing the next ones. */
function reader(pages: { doc: Document; shows: string[] }[], overlays: Record<string, string>) {
  let page = 0
  const host: OverlayHost & { turns: number } = {
    turns: 0,
    documents: () => [pages[page]!.doc],
    visible: (range) => {
      const element = range.commonAncestorContainer as Element
      const shown = pages[page]!
      return element.ownerDocument === shown.doc && shown.shows.includes(element.id)
    },
    turn: () => {
      host.turns++
      if (page < pages.length - 1) page++
    },
    overlay: (doc) => overlays[doc.baseURI] ?? null,
  }
  return host
}

function narrate(host: OverlayHost, smil: Record<string, string | null>) {
  const audio = new FakeAudio()
  const read: (string | null)[] = []
  const statuses: NarratorStatus[] = []
  const fallbacks: OverlayFallback[] = []
  const narrator = new OverlayNarrator(host, audio, {
    rate: 1,
    onFragment: (element) => read.push(element ? element.id : null),
    onStatus: (status) => statuses.push(status),
    onFallback: (why) => fallbacks.push(why),
    fetchText: (url) => (smil[url] ? Promise.resolve(smil[url]) : Promise.reject(new Error('404'))),
    frame: () => Promise.resolve(),
  })
  return { audio, read, statuses, fallbacks, narrator }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const one = chapter('c1', ['a', 'b', 'c'])
const SMIL_1 = `${BASE}smil/c1.smil`
const CLIPS_1 = smilOf('c1', [
  ['a', 'c1.wav', '0s', '1.5s'],
  ['b', 'c1.wav', '0:00:01.500', '0:00:03'],
  ['c', 'c1.wav', '3000ms', '4.5s'],
])

describe('the book’s narration (EPUB 3 media overlays, issue 37)', () => {
  it('plays each clip in turn from the fragment on the page, marks it, and turns the page when the narration moves past it', async () => {
    const host = reader(
      [
        { doc: one, shows: ['a', 'b'] },
        { doc: one, shows: ['c'] },
      ],
      { [`${BASE}c1.xhtml`]: SMIL_1 },
    )
    const { audio, read, statuses, narrator } = narrate(host, { [SMIL_1]: CLIPS_1 })
    void narrator.start()
    await settle()
    expect(audio.src).toBe(`${BASE}audio/c1.wav`)
    audio.emit('loadedmetadata')
    await settle()
    expect(audio.plays).toEqual([{ src: `${BASE}audio/c1.wav`, at: 0, rate: 1 }])
    expect(read).toEqual(['a'])
    expect(statuses).toEqual(['speaking'])
    // b follows a in the same file: it plays on, no seek.
    audio.reach(1.5)
    await settle()
    expect(read).toEqual(['a', 'b'])
    expect(audio.plays).toHaveLength(1)
    // c is on the next page: the page turns and the narration goes on there.
    audio.reach(3)
    await settle()
    expect(host.turns).toBe(1)
    expect(read).toEqual(['a', 'b', 'c'])
    expect(audio.plays).toHaveLength(1)
    // The last clip ends and no page follows: the end.
    audio.reach(4.5)
    await settle()
    await settle()
    expect(statuses.at(-1)).toBe('ended')
    expect(read.at(-1)).toBeNull()
    expect(audio.playing).toBe(false)
  })

  it('starts from the first fragment on the reader’s page, seeking the audio to its clip', async () => {
    const host = reader([{ doc: one, shows: ['b', 'c'] }], { [`${BASE}c1.xhtml`]: SMIL_1 })
    const { audio, read, narrator } = narrate(host, { [SMIL_1]: CLIPS_1 })
    void narrator.start()
    await settle()
    audio.emit('loadedmetadata')
    await settle()
    expect(read).toEqual(['b'])
    expect(audio.plays).toEqual([{ src: `${BASE}audio/c1.wav`, at: 1.5, rate: 1 }])
    narrator.stop()
  })

  it('seeks between clips that are not contiguous, and loads the next file when the audio changes', async () => {
    const doc = chapter('c2', ['a', 'b', 'c'])
    const smil = `${BASE}smil/c2.smil`
    const host = reader([{ doc, shows: ['a', 'b', 'c'] }], { [`${BASE}c2.xhtml`]: smil })
    const { audio, read, narrator } = narrate(host, {
      [smil]: smilOf('c2', [
        ['a', 'one.wav', '0s', '1s'],
        ['b', 'one.wav', '5s', '6s'],
        ['c', 'two.wav', '0s', '1s'],
      ]),
    })
    void narrator.start()
    await settle()
    audio.emit('loadedmetadata')
    await settle()
    audio.reach(1)
    await settle()
    expect(read).toEqual(['a', 'b'])
    expect(audio.plays.map((play) => play.at)).toEqual([0, 5])
    audio.reach(6)
    await settle()
    expect(audio.src).toBe(`${BASE}audio/two.wav`)
    expect(audio.plays).toHaveLength(2)
    audio.emit('loadedmetadata')
    await settle()
    expect(audio.plays.at(-1)).toEqual({ src: `${BASE}audio/two.wav`, at: 0, rate: 1 })
    expect(read).toEqual(['a', 'b', 'c'])
    narrator.stop()
  })

  it('pauses, resumes at the fragment’s clip, plays at the chosen rate, and stops', async () => {
    const host = reader([{ doc: one, shows: ['a', 'b', 'c'] }], { [`${BASE}c1.xhtml`]: SMIL_1 })
    const { audio, read, statuses, narrator } = narrate(host, { [SMIL_1]: CLIPS_1 })
    void narrator.start()
    await settle()
    audio.emit('loadedmetadata')
    await settle()
    audio.reach(2)
    narrator.update({ rate: 1.5 })
    expect(audio.playbackRate).toBe(1.5)
    narrator.pause()
    expect(audio.playing).toBe(false)
    expect(statuses.at(-1)).toBe('paused')
    // Time moves no further while paused: a late time update reads nothing new.
    audio.reach(3.2)
    expect(read).toEqual(['a', 'b'])
    narrator.resume()
    await settle()
    expect(audio.plays.at(-1)).toEqual({ src: `${BASE}audio/c1.wav`, at: 1.5, rate: 1.5 })
    expect(statuses.at(-1)).toBe('speaking')
    narrator.stop()
    expect(statuses.at(-1)).toBe('stopped')
    expect(read.at(-1)).toBeNull()
    expect(audio.playing).toBe(false)
  })

  it('gives way to the browser’s voice when the audio is missing (404), the SMIL is missing, or the page has no overlay', async () => {
    const missingAudio = narrate(reader([{ doc: one, shows: ['a'] }], { [`${BASE}c1.xhtml`]: SMIL_1 }), { [SMIL_1]: CLIPS_1 })
    void missingAudio.narrator.start()
    await settle()
    missingAudio.audio.emit('error')
    await settle()
    expect(missingAudio.fallbacks).toEqual(['missing'])
    expect(missingAudio.audio.plays).toEqual([])

    const missingSmil = narrate(reader([{ doc: one, shows: ['a'] }], { [`${BASE}c1.xhtml`]: SMIL_1 }), {})
    await missingSmil.narrator.start()
    expect(missingSmil.fallbacks).toEqual(['missing'])

    const none = narrate(reader([{ doc: one, shows: ['a'] }], {}), {})
    await none.narrator.start()
    expect(none.fallbacks).toEqual(['none'])
  })

  it('hands over to the browser’s voice when the narration reaches a document without an overlay', async () => {
    const plain = chapter('c3', ['x'])
    const host = reader(
      [
        { doc: one, shows: ['a', 'b', 'c'] },
        { doc: plain, shows: ['x'] },
      ],
      { [`${BASE}c1.xhtml`]: SMIL_1 },
    )
    const { audio, fallbacks, narrator } = narrate(host, { [SMIL_1]: CLIPS_1 })
    void narrator.start()
    await settle()
    audio.emit('loadedmetadata')
    await settle()
    for (const time of [1.5, 3, 4.5]) {
      audio.reach(time)
      await settle()
    }
    expect(host.turns).toBe(1)
    expect(fallbacks).toEqual(['none'])
    expect(audio.playing).toBe(false)
  })
})
