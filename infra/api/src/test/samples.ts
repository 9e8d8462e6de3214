import fs from 'node:fs'
import path from 'node:path'

/**
 * The real EPUB publications shared with the project (../shared/epub-samples beside the
 * checkout, or /work/shared/epub-samples on our machines), or null where neither is there.
 */
export const EPUB_SAMPLES: string | null =
  [path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'epub-samples'), '/work/shared/epub-samples'].find((dir) => fs.existsSync(dir)) ?? null

/** One sample's path; a test that needs it fails saying where it looked. */
export function epubSample(name: string): string {
  if (!EPUB_SAMPLES) throw new Error(`the EPUB samples are not beside the checkout (../shared/epub-samples) nor in /work/shared/epub-samples`)
  return path.join(EPUB_SAMPLES, name)
}
