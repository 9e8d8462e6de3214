import { TITLE_TEXT_LIMITS } from './content'
import { type FieldError, checkText, parseDateField } from './forms'

// Import from the browser: one EPUB (a novel) or image files (a comic's pages), the same
// importer as `npm run import`.

export const IMPORT_KINDS = ['epub', 'images'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

const MB = 1024 * 1024
/** What one upload may hold: the API answers 413 past any of these (and stops reading). */
export const IMPORT_LIMITS = { epubBytes: 64 * MB, imageBytes: 20 * MB, pages: 500, totalBytes: 200 * MB } as const

/** Page files the comic importer reads (by name, as `npm run import` does for a folder). */
export const IMPORT_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif'] as const

const extensionOf = (name: string): string => /\.[^./\\]+$/.exec(name)?.[0]?.toLowerCase() ?? ''
export const isImportImageName = (name: string): boolean => (IMPORT_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name))
export const isEpubName = (name: string): boolean => extensionOf(name) === '.epub'

export interface ImportFile {
  name: string
  size: number
}

/**
 * An import as sent: its kind, the comic's title (images: required, a folder's name by default),
 * and its files — one `.epub`, or pages with an image extension. Sizes are `importTooLarge`'s.
 */
export function checkImportForm(
  form: { kind?: unknown; title?: unknown },
  files: readonly ImportFile[],
): { kind: ImportKind | null; title: string; errors: FieldError[] } {
  const errors: FieldError[] = []
  const kind = (IMPORT_KINDS as readonly unknown[]).includes(form.kind) ? (form.kind as ImportKind) : null
  if (!kind) errors.push({ field: 'kind', problem: form.kind ? 'invalid' : 'required' })
  let title = ''
  if (kind === 'images') title = checkText(errors, 'title', form.title, TITLE_TEXT_LIMITS.name, true)
  if (files.length === 0) errors.push({ field: 'files', problem: 'required' })
  else if (kind === 'epub' && (files.length !== 1 || !isEpubName(files[0]!.name))) errors.push({ field: 'files', problem: 'invalid' })
  else if (kind === 'images' && !files.every((file) => isImportImageName(file.name))) errors.push({ field: 'files', problem: 'invalid' })
  return { kind, title, errors }
}

/** Whether an upload is over IMPORT_LIMITS (the API's 413), checked before sending too. */
export function importTooLarge(kind: ImportKind, files: readonly ImportFile[]): boolean {
  const each = kind === 'epub' ? IMPORT_LIMITS.epubBytes : IMPORT_LIMITS.imageBytes
  return (
    files.length > IMPORT_LIMITS.pages || files.some((file) => file.size > each) || files.reduce((sum, file) => sum + file.size, 0) > IMPORT_LIMITS.totalBytes
  )
}

/** Coins are whole numbers; a price above this is a typing mistake. */
export const COIN_PRICE_MAX = 10_000
export const RENT_WAYS = ['gauge', 'ticket', 'coin'] as const
export const PURCHASE_WAYS = ['coin'] as const

export interface ChapterSalesSetting {
  publishedAt: string
  free: boolean
  price: number
  originalPrice: number
  rentalPrice: number
  originalRentalPrice: number
  rentAllowedWith: (typeof RENT_WAYS)[number][]
  purchaseAllowedWith: (typeof PURCHASE_WAYS)[number][]
}

export type ChapterSalesForm = Partial<Record<'publishedAt' | 'free' | 'price' | 'originalPrice' | 'rentalPrice' | 'originalRentalPrice', string>> & {
  rentAllowedWith?: string | string[]
  purchaseAllowedWith?: string | string[]
}

/**
 * A chapter's schedule and sales config, as the episode list and the unlock calls read them: a
 * paid chapter can be bought or rented some way; buying with coins needs a price and renting with
 * coins a rental price; a shown discount never sells above the original price.
 */
/** A price of a way the chapter is not sold (the catalogue's -1). */
export const NOT_SOLD = -1

export function checkChapterSalesForm(form: ChapterSalesForm): { setting: ChapterSalesSetting; errors: FieldError[] } {
  const errors: FieldError[] = []
  const publishedAt = parseDateField(form.publishedAt)
  if (!publishedAt) errors.push({ field: 'publishedAt', problem: publishedAt === null ? 'required' : 'invalid' })
  if (form.free !== undefined && form.free !== 'true' && form.free !== 'false') errors.push({ field: 'free', problem: 'invalid' })
  const free = form.free === 'true'
  // An empty price: the chapter is not sold that way (-1, as the catalogue stores it; 0 would
  // read as "sold for 0 coins" and lose the rental-only label).
  const coins = (field: 'price' | 'originalPrice' | 'rentalPrice' | 'originalRentalPrice'): number => {
    const value = form[field]
    if (value === undefined || value === '') return NOT_SOLD
    if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) > COIN_PRICE_MAX) {
      errors.push({ field, problem: 'invalid' })
      return 0
    }
    return Number(value)
  }
  const price = coins('price')
  const original = (field: 'originalPrice' | 'originalRentalPrice', current: number): number => {
    const value = coins(field)
    return value === NOT_SOLD ? current : value
  }
  const originalPrice = original('originalPrice', price)
  const rentalPrice = coins('rentalPrice')
  const originalRentalPrice = original('originalRentalPrice', rentalPrice)
  const ways = <W extends string>(field: 'rentAllowedWith' | 'purchaseAllowedWith', allowed: readonly W[]): W[] => {
    const raw = form[field]
    const list = raw === undefined || raw === '' ? [] : Array.isArray(raw) ? raw : [raw]
    if (list.some((way) => typeof way !== 'string' || !(allowed as readonly string[]).includes(way))) {
      errors.push({ field, problem: 'invalid' })
      return []
    }
    return [...new Set(list as W[])]
  }
  const rentAllowedWith = ways('rentAllowedWith', RENT_WAYS)
  const purchaseAllowedWith = ways('purchaseAllowedWith', PURCHASE_WAYS)
  if (price > originalPrice) errors.push({ field: 'price', problem: 'invalid' })
  if (rentalPrice > originalRentalPrice) errors.push({ field: 'rentalPrice', problem: 'invalid' })
  if (!free) {
    if (!rentAllowedWith.length && !purchaseAllowedWith.length) errors.push({ field: 'purchaseAllowedWith', problem: 'required' })
    if (purchaseAllowedWith.includes('coin') && price <= 0) errors.push({ field: 'price', problem: 'required' })
    if (rentAllowedWith.includes('coin') && rentalPrice <= 0) errors.push({ field: 'rentalPrice', problem: 'required' })
  }
  // The catalogue's meaning (seed, labels, access rules): a way the chapter is not sold has price
  // -1; a rental by ticket or gauge alone has rental price 0; a free chapter is sold no way.
  const sold = (allowed: boolean, value: number, whenAllowed: number): number => (free || !allowed ? NOT_SOLD : value === NOT_SOLD ? whenAllowed : value)
  return {
    setting: {
      publishedAt: publishedAt ? publishedAt.toISOString() : '',
      free,
      price: sold(purchaseAllowedWith.length > 0, price, NOT_SOLD),
      originalPrice: sold(purchaseAllowedWith.length > 0, originalPrice, NOT_SOLD),
      rentalPrice: sold(rentAllowedWith.length > 0, rentalPrice, 0),
      originalRentalPrice: sold(rentAllowedWith.length > 0, originalRentalPrice, 0),
      rentAllowedWith,
      purchaseAllowedWith,
    },
    errors,
  }
}

/**
 * A scheduled chapter (issue 17): until its `publishedAt` it is coming soon — not in the episode
 * list, not readable, not for sale. Coming-soon titles keep their own flow (their trial chapters
 * are dated at the launch and readable before it).
 */
export function chapterReleased(contentStatus: string, publishedAt: Date | string, now: Date): boolean {
  return contentStatus === 'coming_soon' || new Date(publishedAt).getTime() <= now.getTime()
}
