import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { overlayBooks, NARRATED_PARAGRAPHS, type OverlayBookKind } from './fixtures/outsideBooks'
import { chapterOf, findTitle } from './support/api'
import { launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { violations } from './support/axe'
import { eventually } from './support/eventually'
import { type Imported } from './support/importBooks'
import { signedIn } from './support/members'
import { readSite, screenshotDir, startSite, stopSite, type SiteInfo } from './support/site'

/**
 * Read-aloud in the novel reader (issue 37), with the browser's speech stubbed (headless Chromium
 * has no voices): the stub records every utterance and ends each after a moment, as a fast voice.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function withStubbedSpeech(context: BrowserContext, voices: { lang: string; name: string }[]): Promise<void> {
  await context.addInitScript((list) => {
    const said: { text: string; lang: string; rate: number }[] = []
    Object.assign(window, { __said: said })
    class Utterance {
      lang = ''
      rate = 1
      voice: unknown = null
      onend: (() => void) | null = null
      onerror: (() => void) | null = null
      constructor(public text: string) {}
    }
    let current: ReturnType<typeof setTimeout> | null = null
    const speech = {
      getVoices: () => list,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      speak: (utterance: Utterance) => {
        said.push({ text: utterance.text, lang: utterance.lang, rate: utterance.rate })
        current = setTimeout(() => utterance.onend?.(), 40)
      },
      cancel: () => {
        if (current) clearTimeout(current)
      },
    }
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: speech })
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, value: Utterance })
  }, voices)
}

/** Opens a novel chapter and waits until the reader shows its first page. */
async function openNovel(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await eventually(
    () => page.getByTestId('epub-reader').getAttribute('data-state'),
    (state) => state === 'ready',
    30_000,
  )
}

const said = (page: Page) => page.evaluate(() => (window as unknown as { __said: { text: string; lang: string }[] }).__said)
const percent = async (page: Page) => Number(((await page.getByTestId('epub-progress').textContent()) ?? '0').replace(/\D/g, ''))

describe('read aloud (issue 37)', () => {
  it('reads a novel from the reader’s page sentence by sentence, highlighting each, and turns the pages as it goes', async () => {
    const title = await findTitle((t) => t.chapterFileFormat === 'epub' && t.readingDirection === 'ltr' && chapterOf(t, 0).salesConfig.free)
    const chapter = chapterOf(title, 0)
    const context = await newContext(browser, { viewport: PHONE })
    await withStubbedSpeech(context, [
      { lang: 'fr-FR', name: 'Thomas' },
      { lang: 'en-US', name: 'Samantha' },
    ])
    const page = await context.newPage()
    const errors = trackErrors(page)
    await openNovel(page, `/en/comic/${title.id}/chapter/${chapter.id}/product`)
    const before = await percent(page)
    await page.getByRole('button', { name: 'Read aloud' }).click()
    await page.getByTestId('read-aloud').waitFor()
    const first = await eventually(
      () => said(page),
      (list) => list.length >= 2,
    )
    // The first sentence is the book's, in the book's language, and it is marked in the page.
    expect(first[0]!.lang).toMatch(/^en/)
    // The sentence is in the book's frame on screen, and marked there.
    const marked = await eventually(
      async () => {
        for (const frame of page.frames()) {
          if (frame === page.mainFrame()) continue
          const found = await frame
            .evaluate(
              (text) =>
                (document.body?.textContent ?? '').replace(/\s+/g, ' ').includes(text) &&
                ((CSS as unknown as { highlights?: Map<string, unknown> }).highlights?.has('koma-read-aloud') ?? false),
              first[0]!.text,
            )
            .catch(() => false)
          if (found) return true
        }
        return false
      },
      (found) => found,
    )
    expect(marked).toBe(true)
    expect(first.map((utterance) => utterance.text).join(' ').length).toBeGreaterThan(20)
    fs.mkdirSync('/tmp/koma-screenshots', { recursive: true })
    await page.screenshot({ path: '/tmp/koma-screenshots/read-aloud-390-en.png' })
    expect(await violations(page, 'read-aloud bar')).toEqual([])
    // The voice moves on past the page: the reader turns it by itself, and the progress follows.
    await eventually(
      () => percent(page),
      (now) => now > before,
      30_000,
    )
    // Stopped: nothing more is said.
    await page.getByRole('button', { name: 'Stop reading aloud' }).click()
    await page.getByTestId('read-aloud').waitFor({ state: 'detached' })
    const count = (await said(page)).length
    await page.waitForFunction((n) => (window as unknown as { __said: unknown[] }).__said.length === n, count)
    expect(errors).toEqual([])
    await context.close()
  })

  it('reads a vertical Japanese book with a Japanese voice, from past its cover', async () => {
    const title = await findTitle((t) => t.chapterFileFormat === 'epub' && t.readingDirection === 'rtl' && chapterOf(t, 0).salesConfig.free)
    const chapter = chapterOf(title, 0)
    const context = await newContext(browser, { viewport: PHONE, locale: 'ja-JP' })
    await withStubbedSpeech(context, [
      { lang: 'en-US', name: 'Samantha' },
      { lang: 'ja-JP', name: 'Kyoko' },
    ])
    const page = await context.newPage()
    const errors = trackErrors(page)
    await openNovel(page, `/ja/comic/${title.id}/chapter/${chapter.id}/product`)
    await page.getByRole('button', { name: '読み上げ' }).click()
    // The cover has no text: the reader turns past it and the voice reads the first words after it.
    const spoken = await eventually(
      () => said(page),
      (list) => list.length >= 2,
      20_000,
    )
    expect(spoken[0]!.lang).toMatch(/^ja/)
    expect(spoken.map((utterance) => utterance.text).join('')).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    await page.screenshot({ path: '/tmp/koma-screenshots/read-aloud-390-ja.png' })
    await page.getByRole('button', { name: '読み上げを終了' }).click()
    expect(errors).toEqual([])
    await context.close()
  })

  it('says clearly when the browser has no voice for the book’s language (ja)', async () => {
    const title = await findTitle((t) => t.chapterFileFormat === 'epub' && t.readingDirection === 'rtl' && chapterOf(t, 0).salesConfig.free)
    const chapter = chapterOf(title, 0)
    const context = await newContext(browser, { viewport: PHONE, locale: 'ja-JP' })
    await withStubbedSpeech(context, [{ lang: 'en-US', name: 'Samantha' }])
    const page = await context.newPage()
    await openNovel(page, `/ja/comic/${title.id}/chapter/${chapter.id}/product`)
    await page.getByRole('button', { name: '読み上げ' }).click()
    const problem = page.getByTestId('read-aloud-problem')
    await problem.waitFor()
    expect(await problem.textContent()).toContain('日本語の音声がない')
    await page.screenshot({ path: '/tmp/koma-screenshots/read-aloud-no-voice-390-ja.png' })
    expect(await violations(page, 'read-aloud without a voice')).toEqual([])
    expect((await said(page)).length).toBe(0)
    await context.close()
  })
})

/**
 * Audio stubbed for the books' narration (EPUB 3 media overlays): the element loads its file for
 * real (its metadata, or a 404's error), but play() moves its time on by itself, as fast as it
 * would play, with time updates, instead of sounding; each play is recorded. The test holds the
 * time still (`__audioHeld`) while it looks at a screen.
 */
async function withStubbedAudio(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const plays: { src: string; at: number; rate: number }[] = []
    Object.assign(window, { __plays: plays })
    const times = new WeakMap<HTMLMediaElement, number>()
    const timers = new WeakMap<HTMLMediaElement, ReturnType<typeof setInterval>>()
    const playing = new WeakSet<HTMLMediaElement>()
    Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return times.get(this) ?? 0
      },
      set(this: HTMLMediaElement, value: number) {
        times.set(this, value)
      },
    })
    Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return !playing.has(this)
      },
    })
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      plays.push({ src: this.src, at: times.get(this) ?? 0, rate: this.playbackRate })
      clearInterval(timers.get(this))
      playing.add(this)
      timers.set(
        this,
        setInterval(() => {
          if ((window as unknown as { __audioHeld?: boolean }).__audioHeld) return
          times.set(this, (times.get(this) ?? 0) + 0.05 * this.playbackRate)
          this.dispatchEvent(new Event('timeupdate'))
        }, 50),
      )
      return Promise.resolve()
    }
    HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
      clearInterval(timers.get(this))
      playing.delete(this)
    }
  })
}

/** The id of the fragment marked as read in the book's frames (the book's active class, or ours), if any. */
async function markedFragment(page: Page, className: string): Promise<string | null> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue
    const id = await frame.evaluate((name) => document.getElementsByClassName(name)[0]?.id ?? null, className).catch(() => null)
    if (id) return id
  }
  return null
}

/** Holds the narration's time still (the screen stays as it is while the test looks at it), or lets it run. */
const holdAudio = (page: Page, held: boolean) => page.evaluate((value) => Object.assign(window, { __audioHeld: value }), held)

/** Whether a book's frame paints read-aloud's highlight (the voice's, over the marked fragment too). */
async function highlighted(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue
    const found = await frame
      .evaluate(() => (CSS as unknown as { highlights?: Map<string, unknown> }).highlights?.has('koma-read-aloud') ?? false)
      .catch(() => false)
    if (found) return true
  }
  return false
}

const audioState = (page: Page) =>
  page.getByTestId('read-aloud-audio').evaluate((audio: HTMLAudioElement) => ({ src: audio.src, time: audio.currentTime, paused: audio.paused }))

describe('read aloud with the book’s own narration (EPUB 3 media overlays)', () => {
  let site: SiteInfo | null = null
  const books = new Map<OverlayBookKind, Imported>()

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-e2e-overlays-'))
    const written = overlayBooks().map(({ kind, bytes }) => {
      const file = path.join(dataDir, `${kind}.epub`)
      fs.writeFileSync(file, bytes)
      return { kind, file }
    })
    const started = await startSite({ dataDir, edgeFrom: readSite(), books: written.map((book) => book.file) })
    site = started
    written.forEach((book, index) => books.set(book.kind, started.imported[index]!))
  }, 300_000)

  afterAll(async () => {
    if (site) await stopSite(site)
  })

  async function openOverlayBook(
    kind: OverlayBookKind,
    { viewport = PHONE, language = 'en' }: { viewport?: { width: number; height: number }; language?: 'en' | 'ja' | 'fr' } = {},
  ): Promise<{ page: Page; context: BrowserContext }> {
    const book = books.get(kind)!
    const locale = { en: 'en-US', ja: 'ja-JP', fr: 'fr-FR' }[language]
    const context = await newContext(browser, { viewport, baseURL: site!.baseURL, locale })
    await withStubbedSpeech(context, [{ lang: 'en-US', name: 'Samantha' }])
    await withStubbedAudio(context)
    const page = await signedIn(context, `/${language}/comic/${book.contentId}/chapter/${book.chapterId}/product`)
    await eventually(
      () => page.getByTestId('epub-reader').getAttribute('data-state'),
      (state) => state === 'ready',
      30_000,
    )
    await page.getByTestId('reading-guide').waitFor({ state: 'detached', timeout: 10_000 })
    return { page, context }
  }

  it('pauses and resumes the narration, at the chosen speed; at 1280 px, in Japanese', async () => {
    // First of the two on this book: the reader's place is still its start (the next one reads on from where this one paused).
    const { page, context } = await openOverlayBook('narrated', { viewport: { width: 1280, height: 800 }, language: 'ja' })
    await page.getByRole('button', { name: '読み上げ' }).click()
    await eventually(
      () => audioState(page),
      (audio) => audio.time > 0,
    )
    await holdAudio(page, true)
    await page.getByRole('combobox', { name: '速さ' }).selectOption('1.5')
    expect(await page.getByTestId('read-aloud-audio').evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(1.5)
    expect(await page.getByTestId('read-aloud-status').textContent()).toBe('本の朗読音声を再生中')
    await page.screenshot({ path: path.join(screenshotDir(), 'read-aloud-narration-1280-ja.png') })
    await page.getByRole('button', { name: '一時停止' }).click()
    expect(await page.getByTestId('read-aloud-status').textContent()).toBe('一時停止中')
    expect((await audioState(page)).paused).toBe(true)
    const marked = await markedFragment(page, '-epub-media-overlay-active')
    await page.getByRole('button', { name: '再開' }).click()
    const resumed = await page.evaluate(() => (window as unknown as { __plays: { at: number; rate: number }[] }).__plays.at(-1)!)
    // Resumed at the start of the paragraph's clip, at the chosen speed.
    expect(resumed.rate).toBe(1.5)
    expect(resumed.at).toBeCloseTo((Number(marked!.slice(1)) - 1) * 0.5, 3)
    expect(await said(page)).toEqual([])
    await page.getByRole('button', { name: '読み上げを終了' }).click()
    await context.close()
  })

  it('plays the narration clip by clip, marking each paragraph read and turning the pages, with no speech synthesis; the next chapter, not narrated, is read by the voice', async () => {
    const { page, context } = await openOverlayBook('narrated')
    const errors = trackErrors(page)
    const place = () => page.getByTestId('epub-reader').getAttribute('data-place')
    const before = await place()
    await page.getByRole('button', { name: 'Read aloud' }).click()
    const bar = page.getByTestId('read-aloud')
    await bar.waitFor()
    expect(await bar.getAttribute('data-mode')).toBe('narration')
    // The book's audio plays from the first narrated paragraph, and that paragraph is marked with the book's active class.
    const first = await eventually(
      () => audioState(page),
      (audio) => audio.src.endsWith('/OPS/audio/chapter-1.wav') && audio.time > 0,
    )
    await holdAudio(page, true)
    expect(first.paused).toBe(false)
    expect(await markedFragment(page, '-epub-media-overlay-active')).toMatch(/^p\d+$/)
    expect(await highlighted(page)).toBe(true)
    expect(await page.getByTestId('read-aloud-status').textContent()).toBe('Playing the book’s narration')
    await page.screenshot({ path: path.join(screenshotDir(), 'read-aloud-narration-390-en.png') })
    expect(await violations(page, 'read-aloud bar playing a narration')).toEqual([])
    await holdAudio(page, false)
    // The mark follows the narration down the chapter, and the page turns with it (the place saved moves on).
    let furthest = 0
    await eventually(
      async () => {
        const id = await markedFragment(page, '-epub-media-overlay-active')
        furthest = Math.max(furthest, id ? Number(id.slice(1)) : 0)
        return furthest
      },
      (reached) => reached >= NARRATED_PARAGRAPHS - 2,
      20_000,
    )
    expect(await place()).not.toBe(before)
    const plays = await page.evaluate(() => (window as unknown as { __plays: { src: string; at: number }[] }).__plays)
    // The first play starts at a paragraph's clip (the first on the reader's page), from the chapter's one file.
    expect(plays[0]!.at % 0.5).toBe(0)
    expect(plays.every((play) => play.src.endsWith('/OPS/audio/chapter-1.wav'))).toBe(true)
    expect(await said(page)).toEqual([])
    // Chapter 2 has no overlay: past chapter 1's narration, the browser's voice reads it.
    const spoken = await eventually(
      () => said(page),
      (list) => list.length > 0,
      20_000,
    )
    expect(spoken[0]!.lang).toMatch(/^en/)
    expect(await bar.getAttribute('data-mode')).toBe('speech')
    await page.getByRole('button', { name: 'Stop reading aloud' }).click()
    await bar.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('a book whose narration audio is missing (404) is read by the browser’s voice instead, and says so (in French)', async () => {
    const { page, context } = await openOverlayBook('narration-missing', { language: 'fr' })
    const errors = trackErrors(page)
    await page.getByRole('button', { name: 'Lecture à voix haute' }).click()
    const notice = page.getByTestId('read-aloud-notice')
    await notice.waitFor()
    expect(await notice.textContent()).toBe('La narration du livre ne peut pas être lue : la voix du navigateur la remplace.')
    const spoken = await eventually(
      () => said(page),
      (list) => list.length >= 2,
    )
    expect(spoken.map((utterance) => utterance.text).join(' ')).toMatch(/library|book|rain|shopkeeper|paper|train/i)
    expect(await page.getByTestId('read-aloud').getAttribute('data-mode')).toBe('speech')
    await page.screenshot({ path: path.join(screenshotDir(), 'read-aloud-narration-missing-390-fr.png') })
    expect(errors).toEqual([])
    await context.close()
  })
})
