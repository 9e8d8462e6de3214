import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSite, stopSite, type SiteInfo } from '../e2e/support/site'
import { measureApi, measureMetricsCost, printApiFigures, printMetricsCost } from './api'
import { measureBuilds } from './builds'
import { measureCanary, printCanaryFigures } from './canary'
import { measureCluster, printClusterFigures } from './cluster'
import { measureFirstLoad, measureFirstLoadTransfer, printFirstLoadTransfer, type FirstLoad } from './firstLoad'
import { measureHostile, printHostileFigures } from './hostile'
import { measureArchivesAndRenders, printArchiveAndRenderFigures } from './archivesAndRenders'
import { measureInteractions } from './interactions'
import { LIGHTHOUSE_PAGES, measureLighthouse, measureMemberLighthouse, printLighthouse } from './lighthouse'
import { importNovels, measureNovels } from './novels'
import { importLongChapter, makeLongChapter, measureViewer } from './viewer'

/**
 * `npm run bench`: figures, never pass/fail. Build times of each front-end package, then the
 * JavaScript a browser downloads on the first load of / (gzip), split host / remote / shared.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

function printFirstLoad(load: FirstLoad): void {
  console.log(`\n## First load of ${load.path}: JavaScript downloaded (brotli 11 / gzip by Zopfli, as the edge serves it)`)
  let br = 0
  let gzip = 0
  for (const [group, entry] of Object.entries(load.groups).sort()) {
    br += entry.br
    gzip += entry.gzip
    console.log(`${group.padEnd(22)} ${kb(entry.br).padStart(9)} br ${kb(entry.gzip).padStart(9)} gz  (${entry.files} files, ${kb(entry.raw)} raw)`)
  }
  console.log(`${'total'.padEnd(22)} ${kb(br).padStart(9)} br ${kb(gzip).padStart(9)} gz`)
  console.log(`remotes downloaded: ${load.remotes.join(', ') || 'none'}`)
}

async function main(): Promise<void> {
  // `npm run bench -- api` measures the API alone, and what its metrics cost (on and off).
  if (process.argv.includes('api')) {
    // `npm run bench -- api metrics`: only what the Prometheus metrics cost home (issue 38).
    if (process.argv.includes('metrics')) return printMetricsCost(await measureMetricsCost())
    printApiFigures(await measureApi())
    printMetricsCost(await measureMetricsCost())
    printHostileFigures(await measureHostile())
    return
  }
  // `npm run bench -- lighthouse [member] [URL]`: Lighthouse alone, on a running site (URL) or a
  // fresh one; a visitor on every page, then a signed-in member beside a visitor on three (issue
  // 34). `member`: those three only.
  if (process.argv.includes('lighthouse')) {
    const url = process.argv.find((arg) => /^https?:\/\//.test(arg))
    if (url) {
      const baseURL = url.replace(/\/$/, '')
      const edgeDir = process.env.EDGE_DIR
      // With EDGE_DIR (the site's published folder) the first-load bytes are split too.
      if (edgeDir) for (const pagePath of ['/', '/en/comic/1']) printFirstLoad(await measureFirstLoad({ baseURL, edgeDir } as SiteInfo, pagePath))
      if (process.argv.includes('member')) await measureMemberLighthouse(baseURL)
      else if (!process.argv.includes('bytes')) {
        const visitor = await measureLighthouse(baseURL, LIGHTHOUSE_PAGES)
        printLighthouse(visitor)
        await measureMemberLighthouse(baseURL, visitor)
      }
      return
    }
  }
  // `npm run bench -- firstload [URL]`: first-load JavaScript of / as Chromium receives it (issue 34), visitor and member.
  if (process.argv.includes('firstload')) {
    const url = process.argv.find((arg) => /^https?:\/\//.test(arg))
    if (url) printFirstLoadTransfer(await measureFirstLoadTransfer({ baseURL: url.replace(/\/$/, '') }))
    else
      await onOwnSite(
        () => undefined,
        async (site) => printFirstLoadTransfer(await measureFirstLoadTransfer(site)),
      )
    return
  }
  // `npm run bench -- novels`: the novel reader's first page, test books and shared/epub-samples (beside foliate-js, the open-source reader issue 39 compares with), four profiles (issue 39; KOMA_BENCH_BOOKS=a,b for some books, KOMA_BENCH_PROFILES=1,2 for some profiles).
  if (process.argv.includes('novels')) {
    await onOwnSite((dataDir) => importNovels(dataDir), measureNovels)
    return
  }
  // `npm run bench -- interactions`: tap to painted at 4× throttling, and the novel's first page (issue 34).
  if (process.argv.includes('interactions')) {
    await onOwnSite(
      () => undefined,
      (site) => measureInteractions(site),
    )
    return
  }
  // `npm run bench -- viewer`: the reading figures of a 200-image chapter alone (issue 13 keeps them).
  if (process.argv.includes('viewer')) {
    const strip = await makeLongChapter()
    await onOwnSite((dataDir) => {
      const chapter = importLongChapter(dataDir, strip)
      fs.rmSync(strip, { recursive: true, force: true })
      return chapter
    }, measureViewer)
    return
  }
  // `npm run bench -- canary`: the release figures alone (issue 16), on the built host and mf-catalog.
  if (process.argv.includes('canary')) {
    printCanaryFigures(await measureCanary())
    return
  }
  // `npm run bench -- cluster`: 1, 2 and 3 API processes on PostgreSQL through an edge (issue 18).
  if (process.argv.includes('cluster')) {
    printClusterFigures(await measureCluster())
    return
  }
  // `npm run bench -- hostile`: the home call under hostile 1 MB bodies, then zip bombs and a render flood (issue 33).
  if (process.argv.includes('hostile')) {
    printHostileFigures(await measureHostile())
    printArchiveAndRenderFigures(await measureArchivesAndRenders())
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
    const novels = importNovels(dataDir)
    site = await startSite({ dataDir })
    process.env.KOMA_E2E_SITE_FILE = path.join(dataDir, 'site.json')
    fs.writeFileSync(process.env.KOMA_E2E_SITE_FILE, JSON.stringify(site))
    for (const pagePath of ['/', '/en/comic/1']) printFirstLoad(await measureFirstLoad(site, pagePath))
    printFirstLoadTransfer(await measureFirstLoadTransfer(site))
    printCanaryFigures(await measureCanary())
    const visitor = await measureLighthouse(site.baseURL, LIGHTHOUSE_PAGES)
    printLighthouse(visitor)
    await measureMemberLighthouse(site.baseURL, visitor)
    await measureViewer(site, longChapter)
    await measureNovels(site, novels)
    await measureInteractions(site)
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

/** A site of its own on a fresh data folder, with what `prepare` imported before the API opened it. */
async function onOwnSite<T>(prepare: (dataDir: string) => T, measure: (site: SiteInfo, prepared: T) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-'))
  const prepared = prepare(dataDir)
  const site = await startSite({ dataDir })
  try {
    process.env.KOMA_E2E_SITE_FILE = path.join(dataDir, 'site.json')
    fs.writeFileSync(process.env.KOMA_E2E_SITE_FILE, JSON.stringify(site))
    await measure(site, prepared)
  } finally {
    await stopSite(site)
  }
}

async function all(): Promise<void> {
  await main()
  if (['api', 'hostile', 'lighthouse', 'novels', 'interactions', 'viewer', 'canary', 'cluster', 'firstload'].some((mode) => process.argv.includes(mode))) return
  printApiFigures(await measureApi())
  printHostileFigures(await measureHostile())
  printArchiveAndRenderFigures(await measureArchivesAndRenders())
  printClusterFigures(await measureCluster())
  await (await import('./imageBytes')).benchImageBytes()
}

all().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
