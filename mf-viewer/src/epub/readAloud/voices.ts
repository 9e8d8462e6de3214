/** A voice as the Web Speech API lists it (the fields the choice reads). */
export interface VoiceLike {
  lang: string
  name: string
  localService?: boolean
  default?: boolean
}

/** The book's language as a primary tag: 'ja-JP' → 'ja', '' → 'en'. */
export const primaryLanguage = (language: string | undefined): string => (language || 'en').split(/[-_]/)[0]!.toLowerCase()

/**
 * The voice for a book's language (issue 37): one speaking that language, the exact region
 * first, then a voice on this device, then the system's default; null when none speaks it.
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], language: string | undefined): V | null {
  const wanted = (language || 'en').toLowerCase().replace('_', '-')
  const primary = primaryLanguage(language)
  const speaking = voices.filter((voice) => primaryLanguage(voice.lang) === primary)
  if (speaking.length === 0) return null
  const score = (voice: V) => (voice.lang.toLowerCase().replace('_', '-') === wanted ? 4 : 0) + (voice.localService ? 2 : 0) + (voice.default ? 1 : 0)
  return [...speaking].sort((a, b) => score(b) - score(a))[0] ?? null
}

/** The rates a reader picks from. */
export const READ_ALOUD_RATES = [0.75, 1, 1.25, 1.5, 2] as const
