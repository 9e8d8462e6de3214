import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { connect } from '../api/src/db/connect'
import { deflated, epubWith, reportedBomb } from '../api/src/test/zipBombs'
import { apiCpuSeconds, startApi, stopApi } from './hostile'

/**
 * Issue 33's two floods, on the compiled API (demo profile, PGlite, both cores as a small
 * production box has them):
 *
 * - EPUB zip bomb: `npm run import` of the probe's bomb (312 kB inflating to 300 MB) and of a
 *   real book, each command's peak RSS; then a bomb planted in the store (as one imported before
 *   the limits would be) opened by readers: time and the API's RSS.
 * - Render flood: uncached renders of public images at every preset, density and format from
 *   thousands of addresses (the per-address budget does not hold them; the render pool must),
 *   with /api/health polled throughout: its p95 calm and under the flood, and the API's peak RSS.
 *
 * Figures only, never a failure.
 */
const repoRoot = path.resolve(__dirname, '..', '..')

export interface ArchiveFigures {
  bomb: { packedKb: number; inflatedMb: number; outcome: string; seconds: number; peakRssMb: number }
  realBook: { outcome: string; seconds: number; peakRssMb: number }
  plantedOpens: { statuses: Record<string, number>; medianMs: number; apiRssBeforeMb: number; apiRssAfterMb: number }
}

export interface RenderFloodFigures {
  calm: HealthFigures
  flood: HealthFigures & { renders: Record<string, number>; requests: number; apiCpu: number }
  seconds: number
  connections: number
}

interface HealthFigures {
  p95Ms: number
  maxMs: number
  samples: number
  failed: number
  peakRssMb: number
}

/** Resident memory of a process, from /proc (VmRSS now, VmHWM its peak so far), in MB; 0 once it is gone. */
function rssMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`))
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : 0
  } catch {
    return 0
  }
}

/** `npm run import` of one file into the data folder: what it said, how long, its peak RSS (VmHWM, read until it exits). */
function importCommand(
  dataDir: string,
  file: string,
): Promise<{ outcome: string; seconds: number; peakRssMb: number; imported: { contentId: number; chapterId: number } | null }> {
  const started = Date.now()
  const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/api/src/cli/import.ts', file], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
  let peak = 0
  // tsx runs the command in a child of its own: the deepest process is the one importing.
  const sample = setInterval(() => {
    for (const pid of [child.pid, ...childrenOf(child.pid)]) peak = Math.max(peak, rssMb(pid, 'VmHWM'))
  }, 50)
  return new Promise((resolve) => {
    child.once('exit', () => {
      clearInterval(sample)
      const said = out.split('\n').find((line) => /^(imported|refused|failed) /.test(line)) ?? out.trim().split('\n').pop() ?? ''
      const marker = /^KOMA_IMPORTED (.+)$/m.exec(out)?.[1]
      resolve({
        outcome: said.replace(file, path.basename(file)).slice(0, 160),
        seconds: (Date.now() - started) / 1000,
        peakRssMb: peak,
        imported: marker ? (JSON.parse(marker) as { contentId: number; chapterId: number }) : null,
      })
    })
  })
}

function childrenOf(pid: number | undefined): number[] {
  try {
    const direct = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    return direct.flatMap((child) => [child, ...childrenOf(child)])
  } catch {
    return []
  }
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10 : 0
}

/** /api/health, one call after another, for `seconds`: its latencies, and the API's peak RSS meanwhile. */
async function pollHealth(base: string, pid: number | undefined, seconds: number): Promise<HealthFigures> {
  const latencies: number[] = []
  let failed = 0
  let peakRssMb = 0
  const end = Date.now() + seconds * 1000
  while (Date.now() < end) {
    const started = performance.now()
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    )
    if (ok) latencies.push(performance.now() - started)
    else failed += 1
    peakRssMb = Math.max(peakRssMb, rssMb(pid))
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { p95Ms: percentile(latencies, 95), maxMs: percentile(latencies, 100), samples: latencies.length, failed, peakRssMb }
}

export async function measureArchivesAndRenders(seconds = 10): Promise<{ archives: ArchiveFigures; renders: RenderFloodFigures }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-bombs-'))
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-bomb-files-'))
  try {
    const bomb = reportedBomb()
    const bombFile = path.join(files, 'bomb.epub')
    fs.writeFileSync(bombFile, bomb)
    // A real book of the bomb's packed size (an incompressible picture), imported twice: the first import seeds the site.
    const realFile = path.join(files, 'real.epub')
    fs.writeFileSync(realFile, epubWith([deflated('OPS/picture.bin', randomBytes(bomb.length))], 'A real book'))
    const planted = await importCommand(dataDir, realFile)
    if (!planted.imported) throw new Error(`the real book was not imported: ${planted.outcome}`)
    const realBook = await importCommand(dataDir, realFile)
    const bombImport = await importCommand(dataDir, bombFile)

    // The bomb planted over the first book's bytes, as if it had been imported before the limits.
    const handle = await connect({ dataDir: path.join(dataDir, 'pglite') })
    const imageIds: number[] = []
    try {
      const epub = await handle.db.selectFrom('chapter_epubs').select('epub_id').where('chapter_id', '=', planted.imported.chapterId).executeTakeFirstOrThrow()
      await handle.db.updateTable('epub_files').set({ bytes: bomb }).where('id', '=', epub.epub_id).execute()
      for (const row of await handle.db.selectFrom('images').select('id').where('access', '=', 'public').orderBy('id').limit(400).execute())
        imageIds.push(row.id)
    } finally {
      await handle.close()
    }

    const { child, base } = await startApi({ pinned: false, dataDir })
    try {
      // Readers open the planted bomb.
      const resource = `${base}/api/comic/${planted.imported.contentId}/chapter/${planted.imported.chapterId}/product/epub/OPS/a.xhtml`
      const before = rssMb(child.pid)
      const statuses: Record<string, number> = {}
      const times: number[] = []
      for (let i = 0; i < 10; i++) {
        const started = performance.now()
        const status = await fetch(resource).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        )
        times.push(performance.now() - started)
        statuses[status] = (statuses[status] ?? 0) + 1
      }
      const archives: ArchiveFigures = {
        bomb: {
          packedKb: Math.round(bomb.length / 1024),
          inflatedMb: 300,
          outcome: bombImport.outcome,
          seconds: bombImport.seconds,
          peakRssMb: bombImport.peakRssMb,
        },
        realBook: { outcome: realBook.outcome, seconds: realBook.seconds, peakRssMb: realBook.peakRssMb },
        plantedOpens: { statuses, medianMs: percentile(times, 50), apiRssBeforeMb: before, apiRssAfterMb: rssMb(child.pid) },
      }

      // Calm, then the render flood with health polled throughout.
      await pollHealth(base, child.pid, 2) // warm up
      const calm = await pollHealth(base, child.pid, seconds)
      const presets = ['320', '640', '768', '1024', '1280', '1536']
      const variants = imageIds.flatMap((id) =>
        presets.flatMap((w) => ['1', '2'].flatMap((dpr) => ['webp', 'jpeg', 'png'].map((format) => ({ id, w, dpr, format })))),
      )
      let next = 0
      const renders: Record<string, number> = {}
      const connections = 16
      const cpuBefore = apiCpuSeconds(child.pid)
      const floodStarted = Date.now()
      const run = autocannon({
        url: base,
        connections,
        duration: seconds + 2,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const variant = variants[next++ % variants.length]!
              const address = `198.51.${(next >> 8) & 255}.${next & 255}`
              return {
                ...request,
                path: `/api/image/${variant.id}?w=${variant.w}&dpr=${variant.dpr}&format=${variant.format}`,
                headers: { ...request.headers, 'x-forwarded-for': address, accept: variant.format === 'jpeg' ? 'image/jpeg' : 'image/webp,*/*' },
              }
            },
          },
        ],
      })
      // autocannon's run is also its result promise: awaited below.
      // eslint-disable-next-line @typescript-eslint/no-floating-promises
      run.on('response', (_client: unknown, statusCode: number) => {
        renders[statusCode] = (renders[statusCode] ?? 0) + 1
      })
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const flooded = await pollHealth(base, child.pid, seconds)
      const result = await run
      const apiCpu = (apiCpuSeconds(child.pid) - cpuBefore) / ((Date.now() - floodStarted) / 1000)
      return {
        archives,
        renders: { calm, flood: { ...flooded, renders, requests: result.requests.total, apiCpu }, seconds, connections },
      }
    } finally {
      await stopApi(child)
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(files, { recursive: true, force: true })
  }
}

export function printArchiveAndRenderFigures({ archives, renders }: { archives: ArchiveFigures; renders: RenderFloodFigures }): void {
  console.log(`\n## EPUB zip bomb (issue 33: the probe's ${archives.bomb.packedKb} kB inflating to ${archives.bomb.inflatedMb} MB)`)
  console.log(`npm run import, bomb        ${archives.bomb.seconds.toFixed(1)} s   peak RSS ${archives.bomb.peakRssMb} MB   ${archives.bomb.outcome}`)
  console.log(
    `npm run import, real book   ${archives.realBook.seconds.toFixed(1)} s   peak RSS ${archives.realBook.peakRssMb} MB   ${archives.realBook.outcome}`,
  )
  const opened = Object.entries(archives.plantedOpens.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ')
  console.log(
    `bomb already in the store  10 reader opens: ${opened}, median ${archives.plantedOpens.medianMs.toFixed(1)} ms; API RSS ${archives.plantedOpens.apiRssBeforeMb} -> ${archives.plantedOpens.apiRssAfterMb} MB`,
  )
  const { calm, flood } = renders
  console.log(
    `\n## Render flood (issue 33: uncached renders, every preset, density and format, from thousands of addresses; ${renders.connections} connections, ${renders.seconds} s; compiled API on PGlite, both cores)`,
  )
  console.log(
    `/api/health calm    p95 ${calm.p95Ms} ms   max ${calm.maxMs} ms   (${calm.samples} calls, ${calm.failed} failed)   API RSS peak ${calm.peakRssMb} MB`,
  )
  console.log(
    `/api/health flood   p95 ${flood.p95Ms} ms   max ${flood.maxMs} ms   (${flood.samples} calls, ${flood.failed} failed)   API RSS peak ${flood.peakRssMb} MB   API CPU ${(flood.apiCpu * 100).toFixed(0)}%`,
  )
  const ratio = calm.p95Ms > 0 ? flood.p95Ms / calm.p95Ms : 0
  console.log(`p95 flood / calm    ${ratio.toFixed(1)}×   (target ≤ 20×)`)
  const statuses = Object.entries(flood.renders)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ')
  console.log(`image answers       ${flood.requests} requests: ${statuses}`)
}
