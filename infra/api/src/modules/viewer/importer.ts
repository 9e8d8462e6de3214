import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import type { Database, ImageAccess } from '../../db/schema'
import { ARCHIVE_LIMITS } from '../../limits'
import type { ObjectStore } from '../../storage'
import { MAX_INPUT_PIXELS } from '../image/render'
import { insertImage } from '../image/stored'
import { comicInfoDescriptions } from './comicInfo'
import { EpubError } from './epub/parse'
import { importEpubBytes } from './epub/store'
import { ArchiveLimitError } from './epub/zip'

const LANGS = ['ja', 'en', 'fr'] as const
type Lang = (typeof LANGS)[number]
export type L10n = Record<Lang, string>

const escape = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A plain typographic cover (192 × 272, the SPEC §9 thumbnail) for books that bring none. */
export function titleCover(title: string, author: string, hue: number): string {
  const lines: string[] = []
  let line = ''
  for (const word of title.split(/(\s+)/)) {
    if ((line + word).length > 14 && line.trim()) {
      lines.push(line.trim())
      line = word
    } else line += word
  }
  if (line.trim()) lines.push(line.trim())
  const wide = /[\u3000-\u9fff]/.test(title)
  const text = (
    wide
      ? Array.from(title)
          .join('\n')
          .split('\n')
          .reduce<string[]>((acc, ch, i) => (i % 7 === 0 ? [...acc, ch] : [...acc.slice(0, -1), acc[acc.length - 1] + ch]), [])
      : lines
  )
    .slice(0, 5)
    .map(
      (value, i) =>
        `<text x="96" y="${96 + i * 26}" text-anchor="middle" font-size="${wide ? 22 : 19}" font-family="serif" fill="#fffdf6">${escape(value)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="272" viewBox="0 0 192 272"><rect width="192" height="272" fill="hsl(${hue},45%,32%)"/><rect x="10" y="10" width="172" height="252" fill="none" stroke="hsl(${hue},50%,75%)" stroke-width="1.5"/><rect x="24" y="60" width="144" height="2" fill="hsl(${hue},60%,80%)"/>${text}<text x="96" y="238" text-anchor="middle" font-size="12" font-family="serif" fill="hsl(${hue},40%,88%)">${escape(author.slice(0, 28))}</text></svg>`
}

/** An image's size, or null when sharp cannot read it as one. */
async function imageSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null
  } catch {
    return null
  }
}

/** Keep an imported image (its bytes through the object store); null when it is no readable image. A store failure is thrown as it is. */
async function importImage(
  db: Kysely<Database>,
  objects: ObjectStore,
  bytes: Buffer,
  mime: string,
  now: Date,
  access: ImageAccess = 'public',
): Promise<{ id: number; width: number; height: number } | null> {
  const size = await imageSize(bytes)
  if (!size) return null
  return { id: await insertImage(db, objects, { ...size, mime, access, created_at: now }, bytes), ...size }
}

/** A cover the importer drew itself (always readable). */
async function drawnCover(db: Kysely<Database>, objects: ObjectStore, svg: string, now: Date): Promise<number> {
  const made = await importImage(db, objects, Buffer.from(svg), 'image/svg+xml', now)
  if (!made) throw new Error('a drawn cover that is no image')
  return made.id
}

async function insertAuthor(db: Kysely<Database>, name: L10n): Promise<number> {
  const row = await db.insertInto('authors').defaultValues().returning('id').executeTakeFirstOrThrow()
  const id = Number(row.id)
  await db
    .insertInto('author_texts')
    .values(LANGS.map((lang) => ({ author_id: id, lang, name: name[lang] })))
    .execute()
  return id
}

export interface TitleInput {
  name: L10n
  description: L10n
  author: L10n
  orientation: 'vertical' | 'paged'
  readingDirection: 'ltr' | 'rtl' | 'ttb'
  format: 'image' | 'epub'
  coverImageId: number
  hue: number
  now: Date
}

export interface ChapterInput {
  name: L10n
  free: boolean
  price: number
  hasTrial: boolean
  authorComment?: L10n | null
  publishedAt: Date
}

/** One title row with its texts, author and cover (the catalogue's own tables). */
export async function insertTitle(db: Kysely<Database>, input: TitleInput): Promise<number> {
  const row = await db
    .insertInto('contents')
    .values({
      type: 'comic',
      orientation: input.orientation,
      reading_direction: input.readingDirection,
      chapter_unit: input.format === 'epub' ? 'volume' : 'chapter',
      chapter_file_format: input.format,
      status: 'completed',
      badge: null,
      mature: false,
      original: false,
      exclusive: false,
      theme_color: `hsl(${input.hue}, 45%, 40%)`,
      restricted_age: 0,
      publish_days: [],
      publisher_name: 'Koma Books',
      comment_enabled: true,
      ads_enabled: false,
      gauge_usable: false,
      recover_interval: 82_800,
      rental_period: 259_200,
      chapter_thumbnail_aspect: 0.7,
      published_at: input.now,
      last_chapter_published_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const contentId = Number(row.id)
  await db
    .insertInto('content_texts')
    .values(
      LANGS.map((lang) => ({
        content_id: contentId,
        lang,
        name: input.name[lang],
        description: input.description[lang],
        search_keyword: input.name[lang],
        sns_text: input.name[lang],
      })),
    )
    .execute()
  const authorId = await insertAuthor(db, input.author)
  await db
    .insertInto('content_authors')
    .values({ content_id: contentId, author_id: authorId, role: input.format === 'epub' ? 'writer' : 'creator', sort: 0 })
    .execute()
  await db
    .insertInto('content_images')
    .values([
      { content_id: contentId, type: 'cover', image_id: input.coverImageId, sort: 0 },
      { content_id: contentId, type: 'key_visual', image_id: input.coverImageId, sort: 0 },
    ])
    .execute()
  return contentId
}

export async function insertChapter(db: Kysely<Database>, contentId: number, sort: number, thumbnailId: number, input: ChapterInput): Promise<number> {
  const row = await db
    .insertInto('chapters')
    .values({
      content_id: contentId,
      volume_id: sort,
      sort,
      published_at: input.publishedAt,
      has_trial: input.hasTrial,
      aborted: false,
      free: input.free,
      price: input.free ? -1 : input.price,
      original_price: input.free ? -1 : input.price,
      coin_back_price: 0,
      rental_price: -1,
      original_rental_price: -1,
      rent_allowed_with: [],
      purchase_allowed_with: input.free ? [] : ['coin'],
      thumbnail_image_id: thumbnailId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const chapterId = Number(row.id)
  await db
    .insertInto('chapter_texts')
    .values(LANGS.map((lang) => ({ chapter_id: chapterId, lang, name: input.name[lang], author_comment: input.authorComment?.[lang] ?? null })))
    .execute()
  return chapterId
}

/** A trial reads the first fifth of the reading order (at least one document, never all of a longer book). */
export const trialLimit = (readingOrderLength: number): number => Math.max(1, Math.min(readingOrderLength - 1, Math.ceil(readingOrderLength / 5)))

/** Attach an EPUB to a chapter as its product, and its first part as the trial. */
export async function attachEpub(db: Kysely<Database>, chapterId: number, epubId: number, readingOrderLength: number, withTrial: boolean): Promise<void> {
  await db.insertInto('chapter_epubs').values({ chapter_id: chapterId, sales_type: 'product', epub_id: epubId, reading_order_limit: null }).execute()
  if (withTrial)
    await db
      .insertInto('chapter_epubs')
      .values({ chapter_id: chapterId, sales_type: 'trial', epub_id: epubId, reading_order_limit: trialLimit(readingOrderLength) })
      .execute()
}

const sameInEvery = (value: string): L10n => ({ ja: value, en: value, fr: value })
const VOLUME_ONE: L10n = { ja: '第1巻', en: 'Volume 1', fr: 'Tome 1' }

export interface Imported {
  contentId: number
  chapterId: number
  title: string
  detail: string
}

/** Add a title from an EPUB file: one free volume (with a trial), the book's own cover or a typographic one. */
export async function importEpubTitle(db: Kysely<Database>, objects: ObjectStore, bytes: Uint8Array, now: Date): Promise<Imported> {
  const { epubId, parsed } = await importEpubBytes(db, objects, bytes)
  const hue = [...parsed.title].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 360
  const author = parsed.creators.join(', ') || 'Unknown'
  let coverId: number | null = null
  const coverBytes = parsed.coverPath ? await parsed.book.read(parsed.coverPath) : undefined
  if (coverBytes && parsed.coverPath) {
    const mime = /\.png$/i.test(parsed.coverPath)
      ? 'image/png'
      : /\.svg$/i.test(parsed.coverPath)
        ? 'image/svg+xml'
        : /\.webp$/i.test(parsed.coverPath)
          ? 'image/webp'
          : 'image/jpeg'
    // A cover that is no readable image is replaced by a drawn one.
    coverId = (await importImage(db, objects, Buffer.from(coverBytes), mime, now))?.id ?? null
  }
  coverId ??= await drawnCover(db, objects, titleCover(parsed.title, author, hue), now)
  const rtl = parsed.readingProgression === 'rtl'
  const contentId = await insertTitle(db, {
    name: sameInEvery(parsed.title),
    description: sameInEvery(parsed.description.slice(0, 2000)),
    author: sameInEvery(author),
    orientation: 'paged',
    readingDirection: rtl ? 'rtl' : 'ltr',
    format: 'epub',
    coverImageId: coverId,
    hue,
    now,
  })
  const withTrial = parsed.manifest.readingOrder.length > 1
  const chapterId = await insertChapter(db, contentId, 1, coverId, { name: VOLUME_ONE, free: true, price: -1, hasTrial: withTrial, publishedAt: now })
  await attachEpub(db, chapterId, epubId, parsed.manifest.readingOrder.length, withTrial)
  const notes = [`${parsed.layout}`, `${parsed.readingProgression}`, `${parsed.manifest.readingOrder.length} documents`, `${parsed.positions.length} positions`]
  if (parsed.missing.length) notes.push(`${parsed.missing.length} listed files missing from the archive (left out): ${parsed.missing.join(', ')}`)
  if (parsed.malformed.length)
    notes.push(
      `warning: ${parsed.malformed.length} document${parsed.malformed.length === 1 ? ' is' : 's are'} not well-formed XML (served as HTML, which browsers read leniently; check the text): ${parsed.malformed.join(', ')}`,
    )
  return { contentId, chapterId, title: parsed.title, detail: notes.join(', ') }
}

const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif' }

/** Add a comic from a folder of images (natural file-name order): tall images make a vertical strip, others a right-to-left paged book. */
export async function importImageFolder(
  db: Kysely<Database>,
  objects: ObjectStore,
  folder: string,
  now: Date,
  options: { ltr?: boolean; title?: string } = {},
): Promise<Imported> {
  const images = fs
    .readdirSync(folder)
    .flatMap((name) => {
      const type = IMAGE_TYPES[path.extname(name).toLowerCase()]
      return type ? [{ name, type }] : []
    })
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
  if (images.length === 0) throw new EpubError(`No images in ${folder}: a comic folder holds .jpg, .png, .webp or .gif pages.`)
  const pages: { id: number; width: number; height: number }[] = []
  for (const { name, type } of images) {
    const page = await importImage(db, objects, fs.readFileSync(path.join(folder, name)), type, now, 'page')
    if (!page) throw new EpubError(`${name} is not a readable image.`)
    pages.push(page)
  }
  const ratios = pages.map((page) => page.height / page.width).sort((a, b) => a - b)
  // The median page (there is at least one: an empty folder was refused above).
  const median = ratios[Math.floor(ratios.length / 2)] ?? 0
  const vertical = median > 1.8
  const title = options.title ?? path.basename(path.resolve(folder))
  const hue = [...title].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 360
  const coverId = await drawnCover(db, objects, titleCover(title, 'Koma', hue), now)
  const contentId = await insertTitle(db, {
    name: sameInEvery(title),
    description: sameInEvery(''),
    author: sameInEvery('Koma'),
    orientation: vertical ? 'vertical' : 'paged',
    readingDirection: vertical ? 'ttb' : options.ltr ? 'ltr' : 'rtl',
    format: 'image',
    coverImageId: coverId,
    hue,
    now,
  })
  const chapterId = await insertChapter(db, contentId, 1, coverId, {
    name: { ja: '第1話', en: 'Episode 1', fr: 'Épisode 1' },
    free: true,
    price: -1,
    hasTrial: false,
    publishedAt: now,
  })
  await db
    .insertInto('chapter_pages')
    .values(pages.map((page, index) => ({ chapter_id: chapterId, sales_type: 'product' as const, sort: index + 1, image_id: page.id })))
    .execute()
  const described = await importComicInfo(db, folder, pages)
  const notes = [`${vertical ? 'vertical' : 'paged'}`, `${pages.length} pages`, ...(described ? [`${described} described (ComicInfo.xml)`] : [])]
  return { contentId, chapterId, title, detail: notes.join(', ') }
}

/** Page descriptions from the folder's ComicInfo.xml, when it has one (issue 37): how many pages got one. */
async function importComicInfo(db: Kysely<Database>, folder: string, pages: { id: number }[]): Promise<number> {
  const file = fs.readdirSync(folder).find((name) => name.toLowerCase() === 'comicinfo.xml')
  if (!file) return 0
  const found = comicInfoDescriptions(fs.readFileSync(path.join(folder, file), 'utf8'), pages.length)
  const rows = [...found].flatMap(([index, texts]) =>
    Object.entries(texts).map(([lang, description]) => ({ image_id: pages[index]?.id ?? 0, lang, description })),
  )
  if (rows.length) await db.insertInto('page_descriptions').values(rows).execute()
  return found.size
}

/**
 * Import one target as `npm run import` does: a folder of images becomes a comic, a file an EPUB
 * novel. The operator console's upload (ops/imports.ts) spools its files into a folder or a file
 * and comes here too, so both make the same titles. Refusals are EpubErrors with the reason, or
 * ArchiveLimitErrors for an EPUB past ARCHIVE_LIMITS (refused before anything is stored).
 */
export async function importTarget(
  db: Kysely<Database>,
  objects: ObjectStore,
  target: string,
  now: Date,
  options: { ltr?: boolean; title?: string } = {},
): Promise<Imported> {
  if (!fs.existsSync(target)) throw new EpubError(`${target} does not exist.`)
  const stat = fs.statSync(target)
  if (stat.isDirectory()) return importImageFolder(db, objects, target, now, options)
  // A zip never packs smaller than its stored entries: one larger than the book limit is past it, unread.
  if (stat.size > ARCHIVE_LIMITS.bookBytes) throw new ArchiveLimitError('bookBytes', { max: Math.round(ARCHIVE_LIMITS.bookBytes / (1024 * 1024)) })
  return importEpubTitle(db, objects, fs.readFileSync(target), now)
}
