import type { NarratorHost } from './narrator'

/** How long a narrator waits for a turned page to show (ms), and at most how many frames. */
const TURN_WAIT_MS = 2000
const TURN_WAIT_FRAMES = 180

export const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/** The documents shown are still `docs` (the same frames, in order). */
export function sameDocuments(host: Pick<NarratorHost, 'documents'>, docs: Document[]): boolean {
  const now = host.documents()
  return now.length === docs.length && now.every((doc, i) => doc === docs[i])
}

/**
 * Turns a page and waits until it shows: new documents, or `shown()` true. 'stuck' when nothing
 * changed in time, or when `stale()` says the narrator moved on (stopped or restarted).
 * Both narrators (the voice's and the book's narration) turn pages this way.
 */
export async function turnAndWait(
  host: Pick<NarratorHost, 'turn' | 'documents'>,
  docs: Document[],
  shown: () => boolean,
  stale: () => boolean,
  frame: () => Promise<void> = nextFrame,
): Promise<'moved' | 'newDocuments' | 'stuck'> {
  host.turn()
  const until = Date.now() + TURN_WAIT_MS
  for (let frames = 0; frames < TURN_WAIT_FRAMES && Date.now() < until; frames++) {
    await frame()
    if (stale()) return 'stuck'
    if (!sameDocuments(host, docs)) return 'newDocuments'
    if (shown()) return 'moved'
  }
  return 'stuck'
}
