import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { launchBrowser } from '../e2e/support/browser'
import type { SiteInfo } from '../e2e/support/site'

interface Manifest {
  shared?: { assets?: { js?: { sync?: string[]; async?: string[] } } }[]
}

/** Every JS file a federation manifest lists as belonging to a shared module, by folder. */
function sharedFiles(versionDir: string): Set<string> {
  const files = new Set<string>()
  const file = path.join(versionDir, 'mf-manifest.json')
  if (!fs.existsSync(file)) return files
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
  for (const shared of manifest.shared ?? []) for (const asset of [...(shared.assets?.js?.sync ?? []), ...(shared.assets?.js?.async ?? [])]) files.add(asset)
  return files
}

export interface FirstLoad {
  path: string
  groups: Record<string, { files: number; gzip: number; br: number; raw: number }>
  remotes: string[]
}

/**
 * Load a page in Chromium and sum the JavaScript it downloaded, compressed as the edge serves it:
 * the version folder's precompressed `.br` and `.gz` files (brotli 11, Zopfli), the file itself
 * where the edge keeps none (under 1 kB); split into the host shell, remotes and shared libraries.
 */
/**
 * Asks for the page until the edge sends it drawn (at most 20 times). The edge draws a visitor's
 * page within 400 ms or leaves it to the browser; the first drawing after the edge starts runs
 * on cold code and can miss that, and an undrawn page loads more (axios, for the API calls the
 * edge did not answer). The figures are the drawn page's, which every later reader gets.
 */
async function untilDrawn(url: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const html = await (await fetch(url, { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text()
    if (html.includes('data-drawn')) return
  }
}

export async function measureFirstLoad(site: SiteInfo, pagePath: string): Promise<FirstLoad> {
  await untilDrawn(site.baseURL + pagePath)
  const browser = await launchBrowser({ measure: true })
  const page = await browser.newPage()
  const bodies: { url: string; body: Buffer }[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return
    try {
      bodies.push({ url: url.pathname, body: await response.body() })
    } catch {
      /* a navigation cancelled it */
    }
  })
  await page.goto(site.baseURL + pagePath, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  await browser.close()

  const groups: FirstLoad['groups'] = {}
  const remotes = new Set<string>()
  /** The bytes the edge sends for this file in this encoding: its precompressed variant, else the file. */
  const served = (url: string, body: Buffer, encoding: 'gz' | 'br', compress: (body: Buffer) => Buffer): number => {
    const file = path.join(site.edgeDir, ...url.split('/').filter(Boolean)) + `.${encoding}`
    if (fs.existsSync(file)) return fs.statSync(file).size
    return fs.existsSync(file.slice(0, -encoding.length - 1)) ? body.length : compress(body).length
  }
  const add = (group: string, url: string, body: Buffer) => {
    const entry = (groups[group] ??= { files: 0, gzip: 0, br: 0, raw: 0 })
    entry.files += 1
    entry.raw += body.length
    entry.gzip += served(url, body, 'gz', (raw) => gzipSync(raw, { level: 9 }))
    entry.br += served(url, body, 'br', (raw) =>
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    )
  }
  for (const { url, body } of bodies) {
    // Every group of these patterns is required: a match has them all.
    const [, hostVersion, hostFile] = /^\/host\/([^/]+)\/(.+)$/.exec(url) ?? []
    const [, folder, version, file] = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/.exec(url) ?? []
    if (hostVersion !== undefined && hostFile !== undefined) {
      const shared = sharedFiles(path.join(site.edgeDir, 'host', hostVersion))
      add(shared.has(hostFile) ? 'shared' : 'host', url, body)
    } else if (folder !== undefined && version !== undefined && file !== undefined) {
      remotes.add(folder)
      const shared = sharedFiles(path.join(site.edgeDir, 'remotes', folder, version))
      add(shared.has(file) ? 'shared' : `remote ${folder}`, url, body)
    } else add('other', url, body)
  }
  return { path: pagePath, groups, remotes: [...remotes] }
}
