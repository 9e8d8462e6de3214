import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSite, type SiteInfo } from '../e2e/support/site'
import { measureApi, printApiFigures } from './api'
import { measureBuilds } from './builds'
import { measureFirstLoad } from './firstLoad'
import { measureHostile, printHostileFigures } from './hostile'
import { importLongChapter, makeLongChapter, measureViewer } from './viewer'

/**
 * `npm run bench`: figures, never pass/fail. Build times of each front-end package, then the
 * JavaScript a browser downloads on the first load of / (gzip), split host / remote / shared.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

async function main(): Promise<void> {
  // `npm run bench -- api` measures the API alone.
  if (process.argv.includes('api')) {
    printApiFigures(await measureApi())
    printHostileFigures(await measureHostile())
    return
  }
  // `npm run bench -- hostile`: the home call under hostile 1 MB bodies alone.
  if (process.argv.includes('hostile')) {
    printHostileFigures(await measureHostile())
    return
  }
  console.log('\n## Build time per package (production, sequential)')
  for (const { pkg, seconds } of measureBuilds()) console.log(`${pkg.padEnd(14)} ${seconds.toFixed(1)} s`)

  let site: SiteInfo | null = null
  try {
    // The reading benchmarks need a 200-image chapter: imported before the API opens the data folder.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-'))
    const strip = await makeLongChapter()
    const longChapter = importLongChapter(dataDir, strip)
    fs.rmSync(strip, { recursive: true, force: true })
    site = await startSite({ dataDir })
    process.env.KOMA_E2E_SITE_FILE = path.join(dataDir, 'site.json')
    fs.writeFileSync(process.env.KOMA_E2E_SITE_FILE, JSON.stringify(site))
    for (const pagePath of ['/', '/en/comic/1']) {
      const load = await measureFirstLoad(site, pagePath)
      console.log(`\n## First load of ${pagePath}: JavaScript downloaded (gzip -9)`)
      let total = 0
      for (const [group, { files, gzip, raw }] of Object.entries(load.groups).sort()) {
        total += gzip
        console.log(`${group.padEnd(22)} ${kb(gzip).padStart(9)}  (${files} files, ${kb(raw)} raw)`)
      }
      console.log(`${'total'.padEnd(22)} ${kb(total).padStart(9)}`)
      console.log(`remotes downloaded: ${load.remotes.join(', ') || 'none'}`)
    }
    await measureViewer(site, longChapter)
  } finally {
    if (site) {
      for (const pid of site.pids) {
        try {
          process.kill(pid, 'SIGTERM')
        } catch {
          /* gone */
        }
      }
      fs.rmSync(site.dataDir, { recursive: true, force: true })
    }
  }
}

async function all(): Promise<void> {
  await main()
  if (process.argv.includes('api') || process.argv.includes('hostile')) return
  printApiFigures(await measureApi())
  printHostileFigures(await measureHostile())
}

all().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
