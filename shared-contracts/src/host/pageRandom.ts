import { useEffect } from 'react'
import { hashKey, mulberry32 } from '../domain/random'
import { readBootData } from './pageData'
import { serverPage } from './serverPage'

/** Screens whose first render has been shown: their later renders choose at random again. */
const shown = new Set<string>()

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
  return first ? () => mulberry32((seed ^ hashKey(screen)) >>> 0) : () => Math.random
}
