import { askedPixelWidths, tileHeights } from '@koma/contracts/server'
import { sql, type Kysely } from 'kysely'
import type { AppDeps } from '../../deps'
import type { Database, ImageAccess, ImageBackfillTable } from '../../db/schema'
import { invalidate } from '../../cluster/invalidation'
import { putAll } from '../../storage'
import { avifMissing } from './avifMissing'
import { renderBands, renderImage, renderWidth, type SourceImage } from './render'
import { renderPoolOf, type RenderPool } from './renderPool'

/**
 * AVIF variants (issue 34). An AVIF page takes ~1 s of CPU to encode (effort 2; 2-4 s at libaom's
 * default), far more than a WebP render, so it is never encoded on a reader's request: the job
 * queue (jobs.ts) encodes an image's AVIF variants when it is imported or published, and the
 * backfill below encodes the older ones. Until an image has them, a browser that asks AVIF gets
 * WebP (or JPEG) at once (routes.ts).
 *
 * Which variants: the widths the site asks for (contracts `askedPixelWidths`: every preset for a
 * chapter page, the presets up to its own width for other artwork, plus 2xl at density 2 for
 * artwork 1280 pixels wide or more) as rendered (`renderWidth`: a raster is never enlarged, so a
 * 720-wide page has three: 320, 640 and 720); a tall strip's page as its bands (what the viewer
 * shows). An inquiry attachment never (never served here). An image has at most 7 AVIF widths.
 *
 * Where: `image_variants` rows (bytes in the row, or in the object store by their key, like the
 * image's own: migration 0270), so every API process finds what one encoded; each process keeps
 * what it served in its memory and disk caches like any render (cache.ts). All of an image's
 * variants are written in one statement: an image has all of them or none.
 */

export type VariantImage = SourceImage & { access: ImageAccess }

/** The stored name of one AVIF variant: its rendered width, and its band for a tall strip. */
export const avifVariant = (width: number, band?: { index: number; count: number }): string =>
  band ? `avif:t${band.index}of${band.count}:w${width}` : `avif:w${width}`

/** The bands a page is served in (null for an image served whole). */
function bandsOf(image: Pick<VariantImage, 'width' | 'height' | 'access'>): number[] | null {
  if (image.access !== 'page') return null
  const bands = tileHeights(image.width, image.height)
  return bands.length > 1 ? bands : null
}

/** The AVIF variants an image gets: each rendered width, with its bands for a tall page. */
export function plannedVariants(
  image: Pick<VariantImage, 'width' | 'height' | 'mime' | 'access'>,
): { width: number; bands: number[] | null; names: string[] }[] {
  if (image.access === 'private') return []
  const source = { ...image, bytes: Buffer.alloc(0) }
  const widths = [...new Set(askedPixelWidths(image.access === 'page' ? 'page' : 'artwork', image.width).map((pixels) => renderWidth(source, pixels)))]
  const bands = bandsOf(image)
  return widths.map((width) => ({
    width,
    bands,
    names: bands ? bands.map((_, index) => avifVariant(width, { index, count: bands.length })) : [avifVariant(width)],
  }))
}

const missing = (deps: AppDeps) => avifMissing(deps)

/** Whether this process saw, within the last minute, that the image has no AVIF yet. */
export const avifKnownMissing = (deps: AppDeps, imageId: number): boolean => missing(deps).has(imageId)

/**
 * The stored AVIF of a request (the image's row already read), or null when the job queue has not
 * encoded it yet. Never encodes.
 */
export async function storedAvif(
  deps: AppDeps,
  imageId: number,
  image: Pick<SourceImage, 'width' | 'mime'>,
  pixels: number,
  band?: { index: number; count: number },
): Promise<Buffer | null> {
  if (missing(deps).has(imageId)) return null
  const name = avifVariant(renderWidth({ ...image, height: 0, bytes: Buffer.alloc(0) }, pixels), band)
  const row = await deps.db
    .selectFrom('image_variants')
    .select(['bytes', 'storage_key'])
    .where('image_id', '=', imageId)
    .where('variant', '=', name)
    .executeTakeFirst()
  if (row) return deps.objects.get(row)
  // One query says whether the image has any AVIF at all: none means the job has not been by yet.
  const any = await deps.db
    .selectFrom('image_variants')
    .select('id')
    .where('image_id', '=', imageId)
    .where('variant', 'like', 'avif:%')
    .limit(1)
    .executeTakeFirst()
  if (!any) missing(deps).set(imageId, true)
  return null
}

export interface Encoded {
  /** Variants this call encoded and stored (0 when the image had them all, or is never served). */
  variants: number
  bytes: number
}

const poolOf = (deps: AppDeps): RenderPool => renderPoolOf(deps, deps.config.imageRenders)

/**
 * Encode and store an image's missing AVIF variants, one width at a time in the render pool's
 * background lane (readers' renders first). Idempotent: a second call (a retried job, two
 * processes) finds them stored and does nothing, and a race stores one copy.
 */
export async function encodeImageVariants(deps: AppDeps, imageId: number, pool: RenderPool = poolOf(deps)): Promise<Encoded> {
  const row = await deps.db
    .selectFrom('images')
    .select(['bytes', 'storage_key', 'mime', 'width', 'height', 'access'])
    .where('id', '=', imageId)
    .executeTakeFirst()
  if (!row) return { variants: 0, bytes: 0 }
  const have = new Set(
    (await deps.db.selectFrom('image_variants').select('variant').where('image_id', '=', imageId).execute()).map((variant) => variant.variant),
  )
  const todo = plannedVariants(row).filter((planned) => planned.names.some((name) => !have.has(name)))
  if (!todo.length) return { variants: 0, bytes: 0 }
  const source: SourceImage = { bytes: await deps.objects.get(row), mime: row.mime, width: row.width, height: row.height }
  const bodies: { name: string; body: Buffer }[] = []
  for (const { width, bands, names } of todo) {
    const made = await pool.runInBackground(async () => (bands ? renderBands(source, width, 'avif', bands) : [await renderImage(source, width, 'avif')]))
    made.forEach((body, index) => bodies.push({ name: names[index]!, body }))
  }
  const fresh = bodies.filter((item) => !have.has(item.name))
  const stored = await putAll(
    deps.objects,
    fresh.map((item) => item.body),
  )
  await deps.db
    .insertInto('image_variants')
    .values(fresh.map((item, index) => ({ image_id: imageId, variant: item.name, mime: 'image/avif', size: item.body.length, ...stored[index]! })))
    .onConflict((oc) => oc.columns(['image_id', 'variant']).doNothing())
    .execute()
  // Every process asks the database again (the others through the cache bus).
  missing(deps).delete(imageId)
  await invalidate(deps, 'avif')
  return { variants: fresh.length, bytes: fresh.reduce((sum, item) => sum + item.body.length, 0) }
}

/** A title's images (cover, key visual, chapter thumbnails and pages): what an import made. */
export async function titleImageIds(db: Kysely<Database>, contentId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number | string }>`
    select image_id as id from content_images where content_id = ${contentId}
    union select ch.thumbnail_image_id from chapters ch where ch.content_id = ${contentId} and ch.thumbnail_image_id is not null
    union select cp.image_id from chapter_pages cp join chapters ch on ch.id = cp.chapter_id where ch.content_id = ${contentId}
    order by id`.execute(db)
  return rows.map((row) => Number(row.id))
}

// ---------------------------------------------------------------------------------------------
// The backfill: old images get their AVIF (issue 34).

export const BACKFILL_NAME = 'avif'
export type BackfillState = ImageBackfillTable['state']

export interface BackfillStatus {
  state: BackfillState
  /** Images up to this id are done (encoded, or never served). */
  lastImageId: number
  images: number
  variants: number
  failures: number
  updatedAt: string | null
  /** Images after the mark (left to look at). */
  remaining: number
}

/** The backfill's row, made on first use: running in production, stopped in the demo profile until an operator starts it. */
export async function ensureBackfill(db: Kysely<Database>, initial: 'running' | 'stopped'): Promise<void> {
  await db
    .insertInto('image_backfill')
    .values({ name: BACKFILL_NAME, state: initial })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

export async function backfillStatus(db: Kysely<Database>): Promise<BackfillStatus> {
  const row = await db.selectFrom('image_backfill').selectAll().where('name', '=', BACKFILL_NAME).executeTakeFirst()
  const last = Number(row?.last_image_id ?? 0)
  const left = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('id', '>', last)
    .where('access', '<>', 'private')
    .executeTakeFirstOrThrow()
  return {
    state: row?.state ?? 'stopped',
    lastImageId: last,
    images: row?.images ?? 0,
    variants: row?.variants ?? 0,
    failures: row?.failures ?? 0,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    remaining: Number(left.n),
  }
}

/** Start (or resume) the backfill, or stop it after the image it is on. */
export async function setBackfillState(db: Kysely<Database>, state: 'running' | 'stopped'): Promise<void> {
  await ensureBackfill(db, state)
  await db.updateTable('image_backfill').set({ state, updated_at: new Date() }).where('name', '=', BACKFILL_NAME).execute()
}

export interface BackfillStep {
  /** Images looked at by this step. */
  images: number
  variants: number
  failures: number
  /** Whether the backfill should go on (running, and images left after the mark). */
  more: boolean
}

/**
 * One step of the backfill: up to `limit` images after the mark, oldest first, each encoded in the
 * background lane and the mark moved past it at once (stopped anywhere, it resumes after the last
 * image it finished). Stops early when an operator stopped it. An image that fails to encode is
 * counted and passed (logged), never retried forever. When none is left the backfill is `done`
 * (caught up; an image added later moves it back to running: jobs.ts).
 */
export async function backfillStep(
  deps: AppDeps,
  options: { limit?: number; pool?: RenderPool; log?: (line: string) => void; until?: () => boolean } = {},
): Promise<BackfillStep> {
  const step: BackfillStep = { images: 0, variants: 0, failures: 0, more: false }
  const state = await deps.db.selectFrom('image_backfill').selectAll().where('name', '=', BACKFILL_NAME).executeTakeFirst()
  if (!state || state.state === 'stopped') return step
  const ids = await deps.db
    .selectFrom('images')
    .select('id')
    .where('id', '>', Number(state.last_image_id))
    .where('access', '<>', 'private')
    .orderBy('id')
    .limit(options.limit ?? 10)
    .execute()
  if (!ids.length) {
    await deps.db
      .updateTable('image_backfill')
      .set({ state: 'done', updated_at: new Date() })
      .where('name', '=', BACKFILL_NAME)
      .where('state', '=', 'running')
      .execute()
    return step
  }
  for (const { id } of ids) {
    let encoded: Encoded = { variants: 0, bytes: 0 }
    let failed = 0
    try {
      encoded = await encodeImageVariants(deps, Number(id), options.pool)
    } catch (error) {
      failed = 1
      options.log?.(`image ${id}: AVIF encode failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    step.images++
    step.variants += encoded.variants
    step.failures += failed
    const moved = await deps.db
      .updateTable('image_backfill')
      .set((eb) => ({
        last_image_id: sql<number>`greatest(last_image_id, ${Number(id)})`,
        images: eb('images', '+', 1),
        variants: eb('variants', '+', encoded.variants),
        failures: eb('failures', '+', failed),
        updated_at: new Date(),
      }))
      .where('name', '=', BACKFILL_NAME)
      .returning('state')
      .executeTakeFirst()
    // An operator's stop takes effect after the image the backfill was on.
    if (moved?.state !== 'running') return step
    if (options.until?.()) break
  }
  step.more = true
  return step
}
