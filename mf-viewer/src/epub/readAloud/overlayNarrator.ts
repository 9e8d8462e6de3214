import type { NarratorHost, NarratorStatus } from './narrator'
import { clipsOf, parseSmil, type OverlayClip } from './smil'
import { sameDocuments, turnAndWait } from './pageTurn'

/** What the overlay narrator needs of the reader: the speech narrator's host, and each document's media overlay. */
export interface OverlayHost extends NarratorHost {
  /** The absolute URL of the SMIL narrating this document, null when it has none. */
  overlay(doc: Document): string | null
}

/** The HTMLAudioElement, as far as the overlay narrator uses it. */
export interface AudioLike {
  src: string
  currentTime: number
  playbackRate: number
  readonly readyState: number
  play(): Promise<void>
  pause(): void
  addEventListener(type: 'timeupdate' | 'ended' | 'error' | 'loadedmetadata', listener: () => void): void
  removeEventListener(type: 'timeupdate' | 'ended' | 'error' | 'loadedmetadata', listener: () => void): void
}

/** Why the book's narration gave way to the browser's voice: the page shown has none, or it could not be played. */
export type OverlayFallback = 'none' | 'missing'

export interface OverlayOptions {
  rate: number
  /** The element being read (null: none), to highlight it. */
  onFragment(element: Element | null): void
  onStatus(status: NarratorStatus): void
  /** Go on with the browser's voice from the page shown now. */
  onFallback(why: OverlayFallback): void
  /** Fetches a SMIL document's text (tests give their own). */
  fetchText?(url: string): Promise<string>
  /** Waits for the next frame (tests give their own). */
  frame?(): Promise<void>
}

/** Clips closer than this (seconds) in the same audio play on without a seek. */
const CONTIGUOUS = 0.25
const EMPTY_PAGES = 4

const fetchText = async (url: string): Promise<string> => {
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`${response.status}`)
  return response.text()
}

/** A document's own URL (Readium loads each through a <base> of its absolute URL). */
const urlOf = (doc: Document): string => doc.baseURI

/** The range an element covers (to ask whether it is on the page shown). */
const rangeOf = (element: Element): Range => {
  const range = element.ownerDocument.createRange()
  range.selectNodeContents(element)
  return range
}

interface Placed {
  clip: OverlayClip
  element: Element | null
  doc: Document
}

/**
 * EPUB 3 media overlays read aloud (issue 37): the book's own narration, clip by clip, from the
 * first narrated fragment on the page shown, each fragment marked while it is read and the pages
 * turned as the narration moves past them. A page whose document has no overlay, or whose
 * narration cannot be played (its SMIL or audio missing), goes on with the browser's voice.
 */
export class OverlayNarrator {
  private clips: Placed[] = []
  private docs: Document[] = []
  private index = 0
  private run = 0
  private readonly smil = new Map<string, Promise<OverlayClip[]>>()
  private listening: (() => void) | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  /** The clip playing now (null while a page turns or a file loads): only its end moves on. */
  private active: OverlayClip | null = null
  status: NarratorStatus = 'stopped'

  constructor(
    private readonly host: OverlayHost,
    private readonly audio: AudioLike,
    private options: OverlayOptions,
  ) {}

  private set(status: NarratorStatus) {
    this.status = status
    this.options.onStatus(status)
  }

  /** Whether the page shown now has a document with a media overlay. */
  narrated(): boolean {
    return this.host.documents().some((doc) => this.host.overlay(doc) !== null)
  }

  private clipsFor(url: string): Promise<OverlayClip[]> {
    let clips = this.smil.get(url)
    if (!clips) {
      clips = (this.options.fetchText ?? fetchText)(url).then((text) => parseSmil(text, url))
      clips.catch(() => this.smil.delete(url))
      this.smil.set(url, clips)
    }
    return clips
  }

  /** The clips of the documents shown now. Null when a SMIL could not be read. */
  private async load(): Promise<Placed[] | null> {
    this.docs = this.host.documents()
    const placed: Placed[] = []
    for (const doc of this.docs) {
      const smil = this.host.overlay(doc)
      if (!smil) continue
      let clips: OverlayClip[]
      try {
        clips = await this.clipsFor(smil)
      } catch {
        return null
      }
      for (const clip of clipsOf(clips, urlOf(doc))) placed.push({ clip, doc, element: clip.fragment ? doc.getElementById(clip.fragment) : doc.body })
    }
    return placed
  }

  private visible(placed: Placed | undefined): boolean {
    return Boolean(placed?.element && this.host.visible(rangeOf(placed.element)))
  }

  private firstVisible(): number {
    return this.clips.findIndex((placed) => this.visible(placed))
  }

  private sameDocuments(): boolean {
    return sameDocuments(this.host, this.docs)
  }

  private async turnTo(target: Placed | null, run: number): Promise<'moved' | 'newDocuments' | 'stuck'> {
    return turnAndWait(
      this.host,
      this.docs,
      () => target !== null && this.visible(target),
      () => run !== this.run,
      this.options.frame,
    )
  }

  /** Reads the documents shown now; false (after handing over) when they have no narration to play. */
  private async settle(run: number): Promise<boolean> {
    const placed = await this.load()
    if (run !== this.run) return false
    if (placed === null) {
      this.fallBack('missing')
      return false
    }
    this.clips = placed
    if (placed.length === 0) {
      this.fallBack('none')
      return false
    }
    return true
  }

  /** Starts (or restarts) from the first narrated fragment on the page shown now. */
  async start(): Promise<void> {
    const run = ++this.run
    this.quiet()
    if (!(await this.settle(run))) return
    let at = this.firstVisible()
    for (let empty = 0; at < 0 && empty < EMPTY_PAGES; empty++) {
      // Nothing narrated on this page (a picture, a heading the book does not read): from the next one.
      const turned = await this.turnTo(null, run)
      if (run !== this.run) return
      if (turned === 'stuck') break
      if (turned === 'newDocuments' && !(await this.settle(run))) return
      at = this.firstVisible()
    }
    this.index = Math.max(0, at)
    await this.playFrom(run)
  }

  private async playFrom(run: number): Promise<void> {
    for (;;) {
      if (run !== this.run) return
      const placed = this.clips[this.index]
      if (!placed) {
        // Past the documents shown: the next page starts the next document.
        const turned = await this.turnTo(null, run)
        if (run !== this.run) return
        if (turned !== 'newDocuments') {
          this.finish('ended')
          return
        }
        if (!this.host.documents().some((doc) => this.host.overlay(doc))) {
          this.fallBack('none')
          return
        }
        if (!(await this.settle(run))) return
        this.index = Math.max(0, this.firstVisible())
        continue
      }
      if (placed.element && !this.visible(placed)) {
        const turned = await this.turnTo(placed, run)
        if (run !== this.run) return
        if (turned === 'newDocuments') {
          if (!(await this.settle(run))) return
          this.index = Math.max(0, this.firstVisible())
          continue
        }
        // Still not on screen (a page Readium could not show): read it all the same.
      }
      await this.play(placed, run)
      return
    }
  }

  /** Waits for the audio's duration and size (a new file), or its failure. */
  private ready(run: number): Promise<boolean> {
    if (this.audio.readyState >= 1) return Promise.resolve(true)
    return new Promise((resolve) => {
      const done = (ok: boolean) => () => {
        this.audio.removeEventListener('loadedmetadata', loaded)
        this.audio.removeEventListener('error', failed)
        resolve(ok && run === this.run)
      }
      const loaded = done(true)
      const failed = done(false)
      this.audio.addEventListener('loadedmetadata', loaded)
      this.audio.addEventListener('error', failed)
    })
  }

  private async play(placed: Placed, run: number): Promise<void> {
    const { clip } = placed
    this.options.onFragment(placed.element)
    if (this.status !== 'speaking') this.set('speaking')
    const previous = this.clips[this.index - 1]?.clip
    const playing = this.listening !== null
    const sameFile = this.audio.src === clip.audio
    const flowing = playing && sameFile && previous?.audio === clip.audio && Math.abs(this.audio.currentTime - clip.begin) < CONTIGUOUS
    if (!flowing) {
      this.quiet()
      // A file that failed before is asked for again.
      if (!sameFile || this.audio.readyState === 0) this.audio.src = clip.audio
      if (!(await this.ready(run))) {
        if (run === this.run) this.fallBack('missing')
        return
      }
      this.audio.currentTime = clip.begin
      this.audio.playbackRate = this.options.rate
      try {
        await this.audio.play()
      } catch {
        if (run === this.run) this.fallBack('missing')
        return
      }
      if (run !== this.run) return
      this.listen(run)
    }
    this.active = clip
    this.schedule(clip, run)
  }

  /** Moves on when the clip's end is reached: by the audio's time updates, and a timer for the exact end. */
  private listen(run: number): void {
    const check = () => {
      if (run !== this.run) return
      const clip = this.active
      if (clip?.end != null && this.audio.currentTime >= clip.end - 0.01) this.next(run)
    }
    const ended = () => {
      if (run === this.run && this.active) this.next(run)
    }
    const failed = () => {
      if (run === this.run) this.fallBack('missing')
    }
    this.audio.addEventListener('timeupdate', check)
    this.audio.addEventListener('ended', ended)
    this.audio.addEventListener('error', failed)
    this.listening = () => {
      this.audio.removeEventListener('timeupdate', check)
      this.audio.removeEventListener('ended', ended)
      this.audio.removeEventListener('error', failed)
    }
  }

  private schedule(clip: OverlayClip, run: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (clip.end === null) return
    const left = ((clip.end - this.audio.currentTime) / Math.max(0.1, this.options.rate)) * 1000
    this.timer = setTimeout(
      () => {
        this.timer = null
        if (run !== this.run || this.active !== clip) return
        if (this.audio.currentTime >= clip.end! - 0.05) this.next(run)
        else this.schedule(clip, run)
      },
      Math.max(20, left),
    )
  }

  private next(run: number): void {
    const clip = this.active
    this.active = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.index += 1
    const following = this.clips[this.index]?.clip
    // The next clip is not where the audio goes on: hold it while the page turns or the file changes.
    if (!following || following.audio !== clip?.audio || Math.abs(following.begin - (clip?.end ?? following.begin)) >= CONTIGUOUS) this.quiet()
    void this.playFrom(run)
  }

  /** Stops the audio and its listeners (the clip stays chosen). */
  private quiet(): void {
    this.active = null
    this.listening?.()
    this.listening = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.audio.pause()
  }

  private finish(status: NarratorStatus): void {
    this.run++
    this.quiet()
    this.options.onFragment(null)
    this.set(status)
  }

  private fallBack(why: OverlayFallback): void {
    this.finish('stopped')
    this.options.onFallback(why)
  }

  pause(): void {
    if (this.status !== 'speaking') return
    this.run++
    this.quiet()
    this.set('paused')
  }

  resume(): void {
    if (this.status !== 'paused') return
    const run = ++this.run
    // The reader may have turned pages meanwhile: go on from their page when the fragment is off it.
    const placed = this.clips[this.index]
    if (!this.sameDocuments() || !placed || !this.visible(placed)) {
      void this.start()
      return
    }
    void this.playFrom(run)
  }

  stop(): void {
    this.finish('stopped')
  }

  /** A new rate: the narration goes on at it. */
  update(change: { rate?: number }): void {
    if (change.rate === undefined) return
    this.options = { ...this.options, rate: change.rate }
    this.audio.playbackRate = change.rate
    if (this.status === 'speaking' && this.active) this.schedule(this.active, this.run)
  }
}
