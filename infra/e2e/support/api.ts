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

let catalogue: Promise<ContentJson[]> | null = null

/** Every seeded title with its chapters (walks ids until a run of misses). */
export function seededTitles(): Promise<ContentJson[]> {
  catalogue ??= (async () => {
    const found: ContentJson[] = []
    let misses = 0
    for (let id = 1; misses < 8; id++) {
      let hit = false
      for (const type of ['comic', 'magazine_comic'] as const) {
        const { status, result } = await apiGet<ContentJson>(`/${type}/${id}`, { acceptMature: true })
        if (status === 200 && result) {
          found.push(result)
          hit = true
          break
        }
      }
      misses = hit ? 0 : misses + 1
    }
    return found
  })()
  return catalogue
}

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
