import type { Badge, ContentSummary, SalesConfig } from './types'

/**
 * SPEC §3 badges and labels of a title: its own badge first, then what its state says (FIN when
 * completed, HIATUS on hiatus, EXCLUSIVE, Mature), each once, at most `max`.
 */
export function contentBadges(content: Pick<ContentSummary, 'badge' | 'status' | 'exclusive' | 'mature'>, max = 3): Badge[] {
  const badges: Badge[] = []
  const add = (badge: Badge | null, when = true) => {
    if (badge && when && !badges.includes(badge)) badges.push(badge)
  }
  add(content.badge)
  add('FIN', content.status === 'completed')
  add('HIATUS', content.status === 'hiatus')
  add('EXCLUSIVE', content.exclusive)
  add('MATURE', content.mature)
  return badges.slice(0, max)
}

/** A chapter sold for rent only (no purchase price): SPEC §3 "Rental Only". */
export const rentalOnly = (sales: Pick<SalesConfig, 'free' | 'price' | 'rentalPrice'>): boolean => !sales.free && sales.price < 0 && sales.rentalPrice >= 0
