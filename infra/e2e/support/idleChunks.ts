import { COOKIES } from '@koma/contracts'
import fs from 'node:fs'
import path from 'node:path'
import { readSite } from './site'

/** What marks the host's idle chunk: on a sampled load, the Web Vitals' webVitals.ts (issue 38; host/src/platform/idle.ts loads it). */
const IDLE = /\/beacons\/vitals/

/** A chunk of core-js alone, as its source map says: the polyfills an idle chunk needs come with it (infra/webpack/polyfills.js). */
function polyfillsOnly(file: string): boolean {
  const map = `${file}.map`
  const sources = fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : []
  return sources.length > 0 && sources.every((source) => /[\\/]node_modules[\\/]core-js[\\/]/.test(source))
}

/**
 * Whether a script the page loaded (its path on the site) is what the page does once it is idle:
 * not its first load, nor named in its HTML (platform.e2e, dialogs.e2e's budgets).
 */
export function isIdleChunk(pathname: string): boolean {
  const file = path.join(readSite().edgeDir, pathname)
  if (!fs.existsSync(file)) return false
  return IDLE.test(fs.readFileSync(file, 'utf8')) || polyfillsOnly(file)
}

/**
 * The do-not-share cookie (SPEC §1), for a test that counts a first load's scripts: a sharing
 * reader's first analytics batch goes 5 s after the first event with axios, which the first load
 * does not need, and a loaded machine reaches networkidle after it.
 */
export function notSharing(): { name: string; value: string; url: string } {
  return { name: COOKIES.doNotShare, value: '1', url: readSite().baseURL }
}
