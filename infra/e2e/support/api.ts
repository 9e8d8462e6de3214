import { HEADERS, requestChecksum } from '@koma/contracts/server'
import { readSite } from './site'

/**
 * Call the running site's API the way the browser does (SPEC §7 headers, checksum of the
 * request time and the client IP the edge forwards), to find seeded data by its traits
 * instead of hard-coding ids.
 */
export async function apiGet<T>(
  path: string,
  options: { cookie?: string; locale?: string; acceptMature?: boolean; baseURL?: string } = {},
): Promise<{ status: number; result: T | null; code: number | null }> {
  const time = String(Date.now())
  const response = await fetch(`${options.baseURL ?? readSite().baseURL}/api${path}`, {
    headers: {
      [HEADERS.language]: options.locale ?? 'en',
      [HEADERS.platform]: 'web',
      [HEADERS.clientUid]: 'e2e',
      [HEADERS.requestTime]: time,
      [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.acceptMature ? { [HEADERS.acceptMature]: 'Y' } : {}),
    },
  })
  const body = (await response.json().catch(() => null)) as { result?: T; code?: number } | null
  return { status: response.status, result: body?.result ?? null, code: body?.code ?? null }
}

/** A seeded title as `GET /{type}/{id}` answers it: the fields the end-to-end tests choose titles by. */
export interface ContentJson {
  id: number
  type: 'comic' | 'magazine_comic'
  orientation: 'vertical' | 'paged'
  readingDirection: 'ltr' | 'rtl' | 'ttb'
  chapterFileFormat: 'image' | 'epub'
  mature: boolean
  status?: 'ongoing' | 'completed' | 'hiatus' | 'coming_soon'
  themeColor?: string
  commentEnabled: boolean
  adsEnabled?: boolean
  rentalConfig?: { gaugeUsable: boolean; recoverInterval: number }
  chapters: {
    id: number
    sort: number
    hasTrial: boolean
    aborted: boolean
    activity?: { unlocked: boolean; rented: boolean }
    salesConfig: { free: boolean; price?: number; rentAllowedWith?: string[]; purchaseAllowedWith?: string[] }
  }[]
}

let catalogue: Promise<{ titles: ContentJson[]; mature: { type: ContentJson['type']; id: number }[] }> | null = null

/**
 * Every seeded title a visitor may open, with its chapters, and the mature ones by type and id
 * (SPEC §8 451: only a verified member reads those, issue 33). Walks ids until a run of misses.
 */
function walkCatalogue() {
  catalogue ??= (async () => {
    const titles: ContentJson[] = []
    const mature: { type: ContentJson['type']; id: number }[] = []
    let misses = 0
    for (let id = 1; misses < 8; id++) {
      let hit = false
      for (const type of ['comic', 'magazine_comic'] as const) {
        const { status, result } = await apiGet<ContentJson>(`/${type}/${id}`, { acceptMature: true })
        if (status === 200 && result) titles.push(result)
        else if (status === 451) mature.push({ type, id })
        else continue
        hit = true
        break
      }
      misses = hit ? 0 : misses + 1
    }
    return { titles, mature }
  })()
  return catalogue
}

export const seededTitles = async (): Promise<ContentJson[]> => (await walkCatalogue()).titles

/** The seeded mature titles (a visitor learns no more of them than this). */
export const matureTitles = async (): Promise<{ type: ContentJson['type']; id: number }[]> => (await walkCatalogue()).mature

export async function findTitle(match: (title: ContentJson) => boolean): Promise<ContentJson> {
  const title = (await seededTitles()).find(match)
  if (!title) throw new Error('no seeded title matches')
  return title
}

/** The chapter at `index` (in list order) of a seeded title; throws when the title has fewer. */
export function chapterOf(title: ContentJson, index = 0): ContentJson['chapters'][number] {
  const chapter = title.chapters[index]
  if (!chapter) throw new Error(`title ${title.id} has no chapter at index ${index} (it has ${title.chapters.length})`)
  return chapter
}
