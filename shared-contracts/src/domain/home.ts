import type { HomeElement, HomeLayout, HomeSection } from './types'

/** SPEC §4: element types whose sections are shuffled within their group. */
export const SHUFFLED_ELEMENT_TYPES = ['banner_list_content_big_group', 'banner_list_group'] as const

/** The element types a home section is drawn as: rows of covers (plain, large, ranked) or of banners. */
export const HOME_ELEMENT_UI_TYPES = ['content_list', 'content_big', 'content_rank', 'banner', ...SHUFFLED_ELEMENT_TYPES] as const
export type HomeElementUiType = (typeof HOME_ELEMENT_UI_TYPES)[number]
/** Element types drawn as banners (wide art), where a banner tile may go. */
export const BANNER_ELEMENT_TYPES = ['banner', ...SHUFFLED_ELEMENT_TYPES] as const satisfies readonly HomeElementUiType[]

/** SPEC §4: the home response is kept 10 minutes, or until the earliest badge expires. */
export const HOME_CACHE_MS = 600_000

/**
 * SPEC §4: sections whose element type is banner_list_content_big_group or banner_list_group are
 * grouped by type and shuffleGroup; one random section of each group is shown, in the place of
 * the group's first section; every other section is kept. `random` returns [0, 1). An operator's
 * preview names the section it shows (`prefer`): that one stands for its group.
 */
export function pickShuffledSections(sections: readonly HomeSection[], random: () => number = Math.random, prefer?: number): HomeSection[] {
  const groups = new Map<string, HomeSection[]>()
  const keyOf = (section: HomeSection) => `${section.elementUiType}\u0000${section.shuffleGroup ?? ''}`
  const shuffled = (section: HomeSection) => (SHUFFLED_ELEMENT_TYPES as readonly string[]).includes(section.elementUiType)
  for (const section of sections) {
    if (!shuffled(section)) continue
    const key = keyOf(section)
    groups.set(key, [...(groups.get(key) ?? []), section])
  }
  const chosen = new Map<string, HomeSection>()
  for (const [key, members] of groups) {
    const member = members.find((section) => section.id === prefer) ?? members[Math.min(members.length - 1, Math.floor(random() * members.length))]
    if (member) chosen.set(key, member)
  }
  const result: HomeSection[] = []
  const placed = new Set<string>()
  for (const section of sections) {
    if (!shuffled(section)) {
      result.push(section)
      continue
    }
    const key = keyOf(section)
    if (placed.has(key)) continue
    placed.add(key)
    result.push(chosen.get(key) as HomeSection)
  }
  return result
}

/** SPEC §3: aspect ratio = width / height when both exist. */
export function elementAspectRatio(element: Pick<HomeElement, 'width' | 'height'>): number | null {
  return element.width > 0 && element.height > 0 ? element.width / element.height : null
}

/** Every badge expiry of a home (ms), earliest first: what homeCacheUntil reads. */
export function homeBadgeExpiries(home: Pick<HomeLayout, 'sections' | 'topBanner'>): number[] {
  const elements = [...(home.topBanner?.elements ?? []), ...home.sections.flatMap((section) => section.elements)]
  return elements
    .map((element) => (element.badge?.expireAt ? Date.parse(element.badge.expireAt) : NaN))
    .filter(Number.isFinite)
    .sort((a, b) => a - b)
}

/**
 * homeCacheUntil from a home's badge expiries (homeBadgeExpiries): the API keeps them with the
 * home it built, and answers each call's max-age without walking the home again (issue 13).
 */
export function homeCacheUntilFrom(expiries: readonly number[], loadedAt: number): number {
  // A badge already past its expiry (a clock apart from the server's) does not shorten the stay.
  const next = expiries.find((expireAt) => expireAt > loadedAt)
  return Math.min(loadedAt + HOME_CACHE_MS, next ?? Infinity)
}

/** SPEC §4: when a home response loaded at `loadedAt` (ms) stops being fresh. */
export function homeCacheUntil(home: Pick<HomeLayout, 'sections' | 'topBanner'>, loadedAt: number): number {
  return homeCacheUntilFrom(homeBadgeExpiries(home), loadedAt)
}
