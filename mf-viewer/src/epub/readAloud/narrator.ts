import { sentencesOf, type RubyReading, type Sentence } from './pageText'
import { sameDocuments, turnAndWait } from './pageTurn'

/** What the narrator needs of the reader showing the book. */
export interface NarratorHost {
  /** The documents on screen now (a fixed-layout spread shows two), in reading order. */
  documents(): Document[]
  /** Whether a range is on the page shown now. */
  visible(range: Range): boolean
  /** Turn to the next page (the narrator waits to see it change). */
  turn(): void
}

/** The Web Speech API's speech synthesis, as far as the narrator uses it. */
export interface SpeechLike {
  speak(utterance: SpeechSynthesisUtterance): void
  cancel(): void
}

export type NarratorStatus = 'speaking' | 'paused' | 'stopped' | 'ended' | 'failed'

export interface NarratorOptions {
  language: string
  voice: SpeechSynthesisVoice | null
  rate: number
  ruby: RubyReading
  /** The sentence being spoken (null: none), to highlight it. */
  onSentence(sentence: Sentence | null): void
  onStatus(status: NarratorStatus): void
  /** A new utterance (the test's or the browser's). */
  utterance?(text: string): SpeechSynthesisUtterance
  /** Waits for the next frame (tests give their own). */
  frame?(): Promise<void>
  /** The documents now shown after a turn are the book's to narrate (media overlays): true stops the voice for them. */
  handOver?(documents: Document[]): boolean
}

/** How long (and at most how many frames) a turn may take to show the next page, and how many pages without text are turned past. */
const EMPTY_PAGES = 4

/**
 * Read-aloud (issue 37): speaks the book sentence by sentence from the first sentence on the
 * page the reader is on, turning the page when the next sentence is past it (the reader's
 * progress follows the pages, as when they turn them), until stopped or the book ends.
 */
export class Narrator {
  private sentences: Sentence[] = []
  private docs: Document[] = []
  private index = 0
  /** Bumped on every stop or pause: callbacks of an older run do nothing. */
  private run = 0
  status: NarratorStatus = 'stopped'

  constructor(
    private readonly host: NarratorHost,
    private readonly speech: SpeechLike,
    private options: NarratorOptions,
  ) {}

  private set(status: NarratorStatus) {
    this.status = status
    this.options.onStatus(status)
  }

  private load(): void {
    this.docs = this.host.documents()
    this.sentences = this.docs.flatMap((doc) => sentencesOf(doc, this.options.language, this.options.ruby))
  }

  private firstVisible(from = 0): number {
    for (let i = from; i < this.sentences.length; i++) if (this.host.visible(this.sentences[i]!.range)) return i
    return -1
  }

  private sameDocuments(): boolean {
    return sameDocuments(this.host, this.docs)
  }

  /** Turns a page and waits until it shows: new documents, or `target` on screen. False when nothing changed. */
  private async turnTo(target: Sentence | null, run: number): Promise<'moved' | 'newDocuments' | 'stuck'> {
    return turnAndWait(
      this.host,
      this.docs,
      () => target !== null && this.host.visible(target.range),
      () => run !== this.run,
      this.options.frame,
    )
  }

  /** Starts (or restarts) from the first sentence on the page shown now. */
  async start(): Promise<void> {
    const run = ++this.run
    this.speech.cancel()
    this.load()
    let at = this.firstVisible()
    for (let empty = 0; at < 0 && empty < EMPTY_PAGES; empty++) {
      // A page with no text (a picture, a blank page): read from the next one.
      const turned = await this.turnTo(null, run)
      if (run !== this.run) return
      if (turned === 'stuck') break
      this.load()
      at = this.firstVisible()
    }
    if (at < 0) {
      this.set('ended')
      return
    }
    this.index = at
    await this.speakFrom(run)
  }

  private async speakFrom(run: number): Promise<void> {
    for (let empty = 0; ;) {
      if (run !== this.run) return
      const sentence = this.sentences[this.index]
      if (!sentence) {
        // Past the documents on screen: the next page starts the next document.
        const turned = await this.turnTo(null, run)
        if (run !== this.run) return
        if (turned !== 'newDocuments') {
          this.options.onSentence(null)
          this.set('ended')
          return
        }
        if (this.options.handOver?.(this.host.documents())) {
          this.stop()
          return
        }
        this.load()
        const at = this.firstVisible()
        if (at < 0 && ++empty < EMPTY_PAGES) {
          this.index = this.sentences.length
          continue
        }
        this.index = Math.max(0, at)
        continue
      }
      if (!this.host.visible(sentence.range)) {
        const turned = await this.turnTo(sentence, run)
        if (run !== this.run) return
        if (turned === 'newDocuments') {
          if (this.options.handOver?.(this.host.documents())) {
            this.stop()
            return
          }
          this.load()
          this.index = Math.max(0, this.firstVisible())
          continue
        }
        // Still not on screen (a page Readium could not show): read it all the same.
      }
      this.speak(sentence, run)
      return
    }
  }

  private speak(sentence: Sentence, run: number): void {
    const utterance = this.options.utterance?.(sentence.text) ?? new SpeechSynthesisUtterance(sentence.text)
    utterance.lang = this.options.language
    if (this.options.voice) utterance.voice = this.options.voice
    utterance.rate = this.options.rate
    utterance.onend = () => {
      if (run !== this.run) return
      this.index += 1
      void this.speakFrom(run)
    }
    utterance.onerror = (event) => {
      if (run !== this.run || event.error === 'interrupted' || event.error === 'canceled') return
      this.options.onSentence(null)
      this.set('failed')
    }
    this.options.onSentence(sentence)
    if (this.status !== 'speaking') this.set('speaking')
    this.speech.speak(utterance)
  }

  /** Stops speaking and keeps the place: resume says the sentence again. */
  pause(): void {
    if (this.status !== 'speaking') return
    this.run++
    this.speech.cancel()
    this.set('paused')
  }

  resume(): void {
    if (this.status !== 'paused') return
    const run = ++this.run
    // The reader may have turned pages meanwhile: go on from their page when the sentence is off it.
    const sentence = this.sentences[this.index]
    if (!this.sameDocuments() || !sentence || !this.host.visible(sentence.range)) {
      void this.start()
      return
    }
    void this.speakFrom(run)
  }

  stop(): void {
    this.run++
    this.speech.cancel()
    this.options.onSentence(null)
    this.set('stopped')
  }

  /** A new rate or ruby reading: from the sentence being spoken, with the new one. */
  update(change: Partial<Pick<NarratorOptions, 'rate' | 'ruby'>>): void {
    this.options = { ...this.options, ...change }
    if (this.status !== 'speaking') return
    if (change.ruby !== undefined) {
      void this.start()
      return
    }
    const run = ++this.run
    this.speech.cancel()
    void this.speakFrom(run)
  }
}
