import { safeStorage, useLocale, useT } from '@koma/contracts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { readAloudMessages } from '../../i18n/messages'
import { Narrator, type NarratorStatus } from './narrator'
import { OverlayNarrator, type OverlayFallback, type OverlayHost } from './overlayNarrator'
import type { RubyReading, Sentence } from './pageText'
import { pickVoice, primaryLanguage, READ_ALOUD_RATES } from './voices'

/** The reader's read-aloud choices, kept in this browser. */
const PREFS_KEY = 'koma.readAloud'
interface ReadAloudPrefs {
  rate: number
  ruby: RubyReading
}
function loadPrefs(): ReadAloudPrefs {
  try {
    const stored = JSON.parse(safeStorage.get(PREFS_KEY) ?? '{}') as Partial<ReadAloudPrefs>
    return {
      rate: READ_ALOUD_RATES.includes(stored.rate as never) ? (stored.rate as number) : 1,
      ruby: stored.ruby === 'ruby' ? 'ruby' : 'base',
    }
  } catch {
    return { rate: 1, ruby: 'base' }
  }
}

const HIGHLIGHT = 'koma-read-aloud'

/** Marks the sentence being spoken in its document (CSS Custom Highlight API where the browser has it). */
function highlight(previous: Sentence | null, next: Sentence | null): void {
  for (const sentence of [previous, next]) {
    const doc = sentence?.range.startContainer.ownerDocument
    const view = doc?.defaultView as (Window & { CSS?: { highlights?: Map<string, unknown> }; Highlight?: new (...ranges: Range[]) => unknown }) | null
    if (!doc || !view?.CSS?.highlights || !view.Highlight) continue
    if (sentence === previous) view.CSS.highlights.delete(HIGHLIGHT)
    else {
      if (!doc.getElementById(HIGHLIGHT)) {
        const style = doc.createElement('style')
        style.id = HIGHLIGHT
        style.textContent = `::highlight(${HIGHLIGHT}) { background-color: rgba(255, 196, 0, 0.45); color: inherit; }`
        doc.head?.append(style)
      }
      view.CSS.highlights.set(HIGHLIGHT, new view.Highlight(sentence.range))
    }
  }
}

/** Our class for the fragment a media overlay reads, when the book names none (EPUB's conventional one is added too). */
const ACTIVE = 'koma-read-aloud-active'
const EPUB_ACTIVE = '-epub-media-overlay-active'

interface Marked {
  element: Element
  range: Range
}

/**
 * Marks the element the book's narration reads: it takes the book's media:active-class (else ours
 * and EPUB's conventional one), for the book's own style, and the voice's highlight over its text
 * (the reader's theme paints every background of the book over, a class's included).
 */
function markElement(previous: Marked | null, next: Element | null, activeClass: string | null): Marked | null {
  const classes = activeClass ? [activeClass] : [ACTIVE, EPUB_ACTIVE]
  previous?.element.classList.remove(...classes)
  let marked: Marked | null = null
  if (next) {
    const range = next.ownerDocument.createRange()
    range.selectNodeContents(next)
    marked = { element: next, range }
  }
  highlight(previous ? { text: '', range: previous.range } : null, marked ? { text: '', range: marked.range } : null)
  next?.classList.add(...classes)
  return marked
}

/** The voices, once the browser has listed them (Chromium lists them a moment after the page starts). */
function useVoices(): SpeechSynthesisVoice[] | null {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[] | null>(null)
  useEffect(() => {
    const speech = window.speechSynthesis
    if (!speech) return
    const read = () => {
      const list = speech.getVoices()
      if (list.length > 0) setVoices(list)
    }
    read()
    speech.addEventListener?.('voiceschanged', read)
    // A browser with no voices at all never says so: after a while, none is the answer.
    const timer = setTimeout(() => setVoices((known) => known ?? speech.getVoices()), 1500)
    return () => {
      speech.removeEventListener?.('voiceschanged', read)
      clearTimeout(timer)
    }
  }, [])
  return voices
}

const bar = {
  position: 'absolute' as const,
  left: 8,
  right: 8,
  bottom: 'calc(64px + env(safe-area-inset-bottom))',
  zIndex: 22,
  display: 'flex',
  flexWrap: 'wrap' as const,
  alignItems: 'center',
  gap: 8,
  padding: '8px 10px',
  borderRadius: 12,
  background: 'rgba(17,17,17,.94)',
  color: '#fff',
  fontSize: 13,
}
const button = {
  border: '1px solid rgba(255,255,255,.5)',
  borderRadius: 8,
  background: 'transparent',
  color: '#fff',
  padding: '6px 10px',
  fontSize: 13,
  cursor: 'pointer',
}
const select = { borderRadius: 8, padding: '4px 6px', fontSize: 13 }

/**
 * Read-aloud's bar (issue 37): starts reading from the reader's page at once, with pause/resume,
 * stop, speed and (Japanese books) which of a ruby's texts is read. A clear message when the
 * browser has no voice for the book's language, or no speech at all.
 */
export default function ReadAloud({
  host,
  language,
  activeClass = null,
  onClose,
}: {
  host: OverlayHost
  language: string
  /** The book's media:active-class (EPUB 3 media overlays), if it names one. */
  activeClass?: string | null
  onClose(): void
}) {
  const t = useT()
  const { locale } = useLocale()
  const voices = useVoices()
  const [prefs, setPrefs] = useState(loadPrefs)
  const [status, setStatus] = useState<NarratorStatus>('stopped')
  /** The book's own narration (a media overlay) for the page shown, else the browser's voice. */
  const [mode, setMode] = useState<'narration' | 'speech'>(() => (host.documents().some((doc) => host.overlay(doc) !== null) ? 'narration' : 'speech'))
  const [fallback, setFallback] = useState<OverlayFallback | null>(null)
  const narrationMissing = useRef(false)
  const narrator = useRef<Narrator | OverlayNarrator | null>(null)
  const audio = useRef<HTMLAudioElement | null>(null)
  const shown = useRef<Sentence | null>(null)
  const hasSpeech = typeof window !== 'undefined' && 'speechSynthesis' in window
  const voice = useMemo(() => (voices ? pickVoice(voices, language) : null), [voices, language])
  const languageName = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(primaryLanguage(language)) ?? language
    } catch {
      return language
    }
  }, [locale, language])

  useEffect(() => {
    if (mode !== 'narration' || !audio.current) return
    let marked: Marked | null = null
    const playing = new OverlayNarrator(host, audio.current, {
      rate: prefs.rate,
      onFragment: (element) => {
        marked = markElement(marked, element, activeClass)
      },
      onStatus: setStatus,
      onFallback: (why) => {
        if (why === 'missing') narrationMissing.current = true
        setFallback(why)
        setMode('speech')
      },
    })
    narrator.current = playing
    void playing.start()
    return () => {
      playing.stop()
      narrator.current = null
    }
    // Started once per mode; rate changes go through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host, mode, activeClass])

  useEffect(() => {
    if (mode !== 'speech' || !hasSpeech || !voice) return
    const speaking = new Narrator(host, window.speechSynthesis, {
      language,
      voice,
      rate: prefs.rate,
      ruby: prefs.ruby,
      onSentence: (sentence) => {
        highlight(shown.current, sentence)
        shown.current = sentence
      },
      onStatus: setStatus,
      // A document the book narrates itself (media overlay): its narration plays it.
      handOver: (documents) => {
        // A book whose narration could not be played once is read by the voice to the end (not handed over chapter after chapter).
        if (narrationMissing.current || !documents.some((doc) => host.overlay(doc) !== null)) return false
        setFallback(null)
        setMode('narration')
        return true
      },
    })
    narrator.current = speaking
    void speaking.start()
    return () => {
      speaking.stop()
      narrator.current = null
    }
    // Started once per voice; rate and ruby changes go through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host, voice, language, hasSpeech, mode])

  const change = (next: Partial<ReadAloudPrefs>) => {
    const merged = { ...prefs, ...next }
    setPrefs(merged)
    safeStorage.set(PREFS_KEY, JSON.stringify(merged))
    narrator.current?.update(next)
  }

  const narration = mode === 'narration'
  const problem = narration
    ? null
    : !hasSpeech
      ? t(readAloudMessages.noSpeech)
      : voices !== null && !voice
        ? t(readAloudMessages.noVoice, { language: languageName })
        : null
  const message =
    status === 'ended'
      ? t(readAloudMessages.ended)
      : status === 'failed'
        ? t(readAloudMessages.failed)
        : status === 'paused'
          ? t(readAloudMessages.paused)
          : status === 'speaking'
            ? t(narration ? readAloudMessages.narration : readAloudMessages.speaking)
            : ''
  return (
    <div
      role="region"
      aria-label={t(readAloudMessages.label)}
      data-testid="read-aloud"
      data-mode={mode}
      data-status={problem ? 'unavailable' : status}
      css={bar}
    >
      {/* The book's narration plays here (never shown: the bar is its controls). Its captions are the book's text on screen, each fragment marked as it is read. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <audio ref={audio} data-testid="read-aloud-audio" preload="auto" hidden />
      {fallback === 'missing' && !narration ? (
        <p role="status" data-testid="read-aloud-notice" css={{ margin: 0, flex: '1 1 100%', opacity: 0.85 }}>
          {t(readAloudMessages.narrationMissing)}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" data-testid="read-aloud-problem" css={{ margin: 0, flex: '1 1 200px' }}>
          {problem}
        </p>
      ) : (
        <>
          {status === 'paused' ? (
            <button type="button" data-testid="read-aloud-resume" onClick={() => narrator.current?.resume()} css={button}>
              {t(readAloudMessages.resume)}
            </button>
          ) : (
            <button type="button" data-testid="read-aloud-pause" disabled={status !== 'speaking'} onClick={() => narrator.current?.pause()} css={button}>
              {t(readAloudMessages.pause)}
            </button>
          )}
          <label css={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            {t(readAloudMessages.rate)}
            <select value={prefs.rate} onChange={(event) => change({ rate: Number(event.target.value) })} css={select}>
              {READ_ALOUD_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {`${rate}×`}
                </option>
              ))}
            </select>
          </label>
          {primaryLanguage(language) === 'ja' && !narration ? (
            <label css={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              {t(readAloudMessages.ruby)}
              <select value={prefs.ruby} onChange={(event) => change({ ruby: event.target.value === 'ruby' ? 'ruby' : 'base' })} css={select}>
                <option value="base">{t(readAloudMessages.rubyBase)}</option>
                <option value="ruby">{t(readAloudMessages.rubyReading)}</option>
              </select>
            </label>
          ) : null}
          <span role="status" data-testid="read-aloud-status" css={{ flex: 1, opacity: 0.8, minWidth: 60 }}>
            {message}
          </span>
        </>
      )}
      <button
        type="button"
        data-testid="read-aloud-stop"
        aria-label={t(readAloudMessages.stop)}
        onClick={onClose}
        css={{ ...button, border: 0, fontSize: 18, lineHeight: 1 }}
      >
        ×
      </button>
    </div>
  )
}
