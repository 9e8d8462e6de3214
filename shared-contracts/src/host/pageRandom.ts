import { useEffect } from 'react'
import { readBootData } from './pageData'
import { serverPage } from './serverPage'

/** Screens whose first render has been shown: their later renders choose at random again. */
const shown = new Set<string>()

/** A small seeded generator (mulberry32): the same seed gives the same numbers on the edge and in the browser. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function hashOf(key: string): number {
  let hash = 2_166_136_261
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16_777_619)
  return hash >>> 0
}

/**
 * Random numbers for a screen's choices (SPEC §4: one random section of each shuffle group).
 * On a page the edge drew (issue 13), the screen's first render, on the edge and then in the
 * browser until it is shown, draws from the page's seed, so the browser chooses what the edge
 * drew; every render after that, and every page the edge did not draw, uses Math.random. Call
 * the returned function again for each choice: a new sequence starts on each call.
 */
export function usePageRandom(screen: string): () => () => number {
  const seed = readBootData()?.seed
  const first = seed !== undefined && (serverPage() !== null || !shown.has(screen))
  useEffect(() => {
    shown.add(screen)
  }, [screen])
  return first ? () => seeded((seed ^ hashOf(screen)) >>> 0) : () => Math.random
}
