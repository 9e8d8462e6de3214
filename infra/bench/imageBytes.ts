import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pickedPageUrl, spreadPageSources, stripPageSources } from '@koma/contracts/server'
import { buildApp } from '../api/src/app'
import { createClock } from '../api/src/clock'
import { loadConfig, pgliteDir } from '../api/src/config'
import { connect } from '../api/src/db/connect'
import { migrateToLatest } from '../api/src/db/migrate'
import { pageImage } from '../api/src/modules/viewer/chapter'
import { encodeImageVariants } from '../api/src/modules/image/variants'
import { RenderPool } from '../api/src/modules/image/renderPool'
import { seedDatabase } from '../api/src/seed'
import { objectStoreOf } from '../api/src/storage'

/**
 * Issue 34's image figures (`npm run bench`): a free chapter's page images and the home's covers
 * as a phone takes them (390 CSS pixels at density 3: what its srcset picks), in AVIF, WebP and
 * JPEG, and the same pages with the data-saving setting; the AVIF encode time per page (the job
 * queue's, never a reader's). On a seeded database of its own (PGlite), through the API's own
 * routes. Target: AVIF ≤ 70% of WebP. Figures only, never a failure.
 */
const ACCEPT = {
  avif: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  webp: 'image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5',
  jpeg: 'image/png,image/*;q=0.8,*/*;q=0.5',
} as const
type Format = keyof typeof ACCEPT
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

export async function benchImageBytes(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-images-'))
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, KOMA_IMAGE_JOBS: '0' }), imageCacheDir: null }
  const handle = await connect({ dataDir: pgliteDir(config) })
  const objects = objectStoreOf({ kind: 'database' })
  try {
    await migrateToLatest(handle.db)
    await seedDatabase(handle.db, { demo: false, production: false, objects })
    const deps = { db: handle.db, clock: createClock(), config, objects }
    const app = await buildApp(deps)
    // The first free chapter of an image title, and twenty covers.
    const chapter = await handle.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'c.orientation'])
      .where('ch.free', '=', true)
      .where('c.mature', '=', false)
      .where('c.chapter_file_format', '=', 'image')
      .orderBy('c.id')
      .orderBy('ch.sort')
      .executeTakeFirstOrThrow()
    const pages = await handle.db
      .selectFrom('chapter_pages as cp')
      .innerJoin('images as i', 'i.id', 'cp.image_id')
      .select(['i.id', 'i.width', 'i.height'])
      .where('cp.chapter_id', '=', chapter.id)
      .where('cp.sales_type', '=', 'product')
      .orderBy('cp.sort')
      .execute()
    const covers = await handle.db.selectFrom('content_images').select('image_id').where('type', '=', 'cover').orderBy('image_id').limit(20).execute()

    // The job queue's encodes, timed (one at a time, as the queue runs them).
    const pool = new RenderPool({ concurrency: 1, queue: 0, retryAfterSeconds: 1 })
    const started = Date.now()
    for (const page of pages) await encodeImageVariants(deps, page.id, pool)
    const perPage = (Date.now() - started) / Math.max(1, pages.length)
    for (const cover of covers) await encodeImageVariants(deps, cover.image_id, pool)

    const fetchBytes = async (url: string, format: Format): Promise<number> => {
      const answer = await app.inject({ method: 'GET', url: `/api${url.replace(/^\/api/, '')}`, headers: { accept: ACCEPT[format] } })
      if (answer.statusCode !== 200 || answer.headers['content-type'] !== `image/${format}`)
        throw new Error(`${url}: ${answer.statusCode} ${answer.headers['content-type']}`)
      return answer.rawPayload.length
    }
    // What a 390-pixel phone at density 3 asks for each page (its bands for a tall strip), by setting.
    const phone = { width: 390, height: 844, density: 3 }
    const pageUrls = (dataSaving: boolean) =>
      pages.flatMap((page) => {
        const image = pageImage(deps, page.id, page.width, page.height)
        const parts = image.tiles ?? [image]
        return parts.map((part) =>
          chapter.orientation === 'vertical'
            ? pickedPageUrl(stripPageSources(part.url, dataSaving, phone.width), phone.width, dataSaving ? 1 : phone.density)
            : pickedPageUrl(spreadPageSources(part.url, page.width, page.height, 1, dataSaving, phone), phone.width, dataSaving ? 1 : phone.density),
        )
      })
    const sum = async (urls: string[], format: Format) => {
      let total = 0
      for (const url of urls) total += await fetchBytes(url, format)
      return total
    }
    const formats: Format[] = ['avif', 'webp', 'jpeg']
    console.log(
      `\n## Image bytes (issue 34): chapter ${chapter.id} (${pages.length} pages, ${chapter.orientation}) on a 390 px phone at density 3, and 20 covers`,
    )
    const table: Record<string, Record<Format, number>> = {}
    for (const [label, urls] of [
      ['pages, high', pageUrls(false)],
      ['pages, data saving', pageUrls(true)],
      ['covers 320 (1x)', covers.map((cover) => `/image/${cover.image_id}?w=320`)],
      ['covers 640 (2x)', covers.map((cover) => `/image/${cover.image_id}?w=640`)],
    ] as const) {
      const row = {} as Record<Format, number>
      for (const format of formats) row[format] = await sum([...urls], format)
      table[label] = row
      console.log(
        `${label.padEnd(20)} AVIF ${kb(row.avif).padStart(9)}  WebP ${kb(row.webp).padStart(9)}  JPEG ${kb(row.jpeg).padStart(9)}  AVIF/WebP ${((row.avif / row.webp) * 100).toFixed(0)}% (target ≤ 70%)`,
      )
    }
    const high = table['pages, high']!
    const saving = table['pages, data saving']!
    console.log(
      `data saving / high: AVIF ${((saving.avif / high.avif) * 100).toFixed(0)}%, WebP ${((saving.webp / high.webp) * 100).toFixed(0)}%, JPEG ${((saving.jpeg / high.jpeg) * 100).toFixed(0)}%`,
    )
    console.log(`AVIF encode per page (every width the site asks, bands included; the job queue's time): ${(perPage / 1000).toFixed(1)} s`)
    await app.close()
  } finally {
    await handle.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (require.main === module) void benchImageBytes()
