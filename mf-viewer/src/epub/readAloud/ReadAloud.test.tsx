import { LocaleContext } from '@koma/contracts'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { ViewerIntl } from '../../i18n/ViewerIntl'
import type { OverlayHost } from './overlayNarrator'
import ReadAloud from './ReadAloud'

const docOf = (html: string): Document => new DOMParser().parseFromString(`<html><body>${html}</body></html>`, 'text/html')

class FakeUtterance {
  lang = ''
  rate = 1
  voice: unknown = null
  onend: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor(public text: string) {}
}

/** The browser's speech, stubbed: the voices it lists and what it was asked to say. */
function stubSpeech(voices: { lang: string; name: string }[]) {
  const said: FakeUtterance[] = []
  const speech = {
    getVoices: () => voices,
    speak: jest.fn((utterance: FakeUtterance) => said.push(utterance)),
    cancel: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: speech })
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, value: FakeUtterance })
  return said
}

afterEach(() => {
  delete (window as { speechSynthesis?: unknown }).speechSynthesis
  delete (window as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance
})

const book = docOf('<p>Call me Ishmael. Some years ago.</p>')
const host: OverlayHost = { documents: () => [book], visible: () => true, turn: () => undefined, overlay: () => null }

async function show(language: string, locale: 'en' | 'ja' | 'fr' = 'en', on: OverlayHost = host) {
  const close = jest.fn()
  await act(async () => {
    render(
      <LocaleContext.Provider value={{ locale, prefix: null }}>
        <Suspense fallback={null}>
          <ViewerIntl>
            <ReadAloud host={on} language={language} onClose={close} />
          </ViewerIntl>
        </Suspense>
      </LocaleContext.Provider>,
    )
  })
  return close
}

describe('read-aloud bar (issue 37)', () => {
  it('says so when the browser cannot speak', async () => {
    await show('en')
    expect(screen.getByRole('alert')).toHaveTextContent('This browser cannot read aloud.')
  })

  it('names the language no voice speaks, in the reader’s language', async () => {
    stubSpeech([{ lang: 'fr-FR', name: 'Thomas' }])
    await show('ja', 'fr')
    expect(await screen.findByRole('alert')).toHaveTextContent('Votre navigateur n’a pas de voix en japonais')
  })

  it('reads from the page with the book’s voice, at the chosen speed, and closes', async () => {
    const said = stubSpeech([
      { lang: 'fr-FR', name: 'Thomas' },
      { lang: 'en-US', name: 'Samantha' },
    ])
    const close = await show('en-US')
    await act(async () => undefined)
    expect(said.map((utterance) => utterance.text)).toEqual(['Call me Ishmael.'])
    expect(said[0]).toMatchObject({ lang: 'en-US', voice: { name: 'Samantha' } })
    expect(screen.getByTestId('read-aloud-status')).toHaveTextContent('Reading aloud')
    fireEvent.change(screen.getByRole('combobox', { name: 'Reading speed' }), { target: { value: '1.5' } })
    await act(async () => undefined)
    expect(said.at(-1)).toMatchObject({ text: 'Call me Ishmael.', rate: 1.5 })
    await act(async () => {
      said.at(-1)?.onend?.()
    })
    expect(said.at(-1)).toMatchObject({ text: 'Some years ago.', rate: 1.5 })
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    expect(screen.getByTestId('read-aloud-status')).toHaveTextContent('Paused')
    fireEvent.click(screen.getByRole('button', { name: 'Stop reading aloud' }))
    expect(close).toHaveBeenCalled()
  })
})

describe('read-aloud of a book with its own narration (EPUB 3 media overlays)', () => {
  const narrated = new DOMParser().parseFromString(
    '<html><head><base href="https://koma.test/OPS/c1.xhtml"/></head><body><p id="p1">Call me Ishmael.</p></body></html>',
    'text/html',
  )
  const overlayHost: OverlayHost = { documents: () => [narrated], visible: () => true, turn: () => undefined, overlay: () => 'https://koma.test/OPS/c1.smil' }
  const smil =
    '<smil xmlns="http://www.w3.org/ns/SMIL"><body><par><text src="c1.xhtml#p1"/><audio src="c1.wav" clipBegin="0s" clipEnd="1s"/></par></body></smil>'
  let played: jest.SpyInstance
  beforeEach(() => {
    played = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  })
  afterEach(() => {
    // Unmounted (the narration stops its audio) before the audio element's stand-ins go.
    cleanup()
    jest.restoreAllMocks()
    delete (window as { fetch?: unknown }).fetch
  })

  it('plays the narration, not the browser’s voice, and marks the fragment read', async () => {
    const said = stubSpeech([{ lang: 'en-US', name: 'Samantha' }])
    Object.assign(window, { fetch: jest.fn(async () => ({ ok: true, text: async () => smil })) })
    await show('en', 'en', overlayHost)
    const audio = screen.getByTestId('read-aloud-audio') as HTMLAudioElement
    expect(audio.src).toBe('https://koma.test/OPS/c1.wav')
    await act(async () => {
      audio.dispatchEvent(new Event('loadedmetadata'))
    })
    expect(played).toHaveBeenCalled()
    expect(screen.getByTestId('read-aloud-status')).toHaveTextContent('Playing the book’s narration')
    expect(narrated.getElementById('p1')!.classList.contains('koma-read-aloud-active')).toBe(true)
    expect(screen.queryByRole('combobox', { name: 'Ruby' })).toBeNull()
    expect(said).toEqual([])
  })

  it('reads with the browser’s voice, and says so, when the narration cannot be played', async () => {
    const said = stubSpeech([{ lang: 'fr-FR', name: 'Thomas' }])
    Object.assign(window, { fetch: jest.fn(async () => ({ ok: false, status: 404, text: async () => '' })) })
    await show('fr', 'fr', overlayHost)
    await act(async () => undefined)
    expect(screen.getByTestId('read-aloud-notice')).toHaveTextContent('La narration du livre ne peut pas être lue')
    expect(said.map((utterance) => utterance.text)).toEqual(['Call me Ishmael.'])
    expect(screen.getByTestId('read-aloud')).toHaveAttribute('data-mode', 'speech')
  })
})
