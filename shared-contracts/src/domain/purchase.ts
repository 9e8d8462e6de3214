import { chapterIsReadable } from './access'
import { gaugePercent } from './sales'
import type { ChapterSummary, Inventory, RentalConfig, SalesConfig } from './types'

/** SPEC §3 access button kinds, with what each needs to draw itself. */
export type AccessOption =
  | { kind: 'preview' }
  | { kind: 'freeRead' }
  | { kind: 'waitForFree'; percent: number }
  | { kind: 'waitForFreeRemaining'; seconds: number }
  | { kind: 'ticket'; amount: number }
  | { kind: 'subscribe' }
  /** SPEC §1/§4: ad unlocks are app-only; the web button only says so. */
  | { kind: 'watchAd' }
  | { kind: 'rentWithCoin'; price: number; originalPrice: number; periodSeconds: number }
  | { kind: 'buyWithCoin'; price: number; originalPrice: number }

export type AccessOptionKind = AccessOption['kind']

/** What tapping a chapter does (SPEC §4 purchase options). */
export type PurchaseDecision = { kind: 'viewer' } | { kind: 'login' } | { kind: 'aborted' } | { kind: 'options'; options: AccessOption[] }

type ChapterInput = Pick<ChapterSummary, 'salesConfig' | 'activity' | 'hasTrial' | 'aborted'>

/** A "rent chapter": one read through the free-read gauge or a ticket. */
export const isRentChapter = (chapter: Pick<ChapterSummary, 'salesConfig'>): boolean =>
  chapter.salesConfig.rentAllowedWith.includes('gauge') || chapter.salesConfig.rentAllowedWith.includes('ticket')

/** SPEC §3/§4: a chapter sold for good for coins (a price, and coin among purchaseAllowedWith). */
export const canBuyWithCoin = (sales: Pick<SalesConfig, 'price' | 'purchaseAllowedWith'>): boolean =>
  sales.price >= 0 && sales.purchaseAllowedWith.includes('coin')

/** How a chapter may be rented (SPEC §3 rentAllowedWith; subscribe: any gauge or ticket rental chapter). */
export type RentMethod = 'coin' | 'ticket' | 'gauge' | 'subscribe'

/** A readable chapter is owned (bought for good) or rented (until it expires). */
export type AccessKind = 'owned' | 'rented'

/** SPEC §3/§4: whether a chapter can be rented this way (the gauge only where the title uses it). */
export function canRentWith(sales: Pick<SalesConfig, 'rentAllowedWith' | 'rentalPrice'>, method: RentMethod, gaugeUsable: boolean): boolean {
  const allowed = sales.rentAllowedWith
  switch (method) {
    case 'coin':
      return allowed.includes('coin') && sales.rentalPrice >= 0
    case 'ticket':
      return allowed.includes('ticket')
    case 'gauge':
      return allowed.includes('gauge') && gaugeUsable
    case 'subscribe':
      return allowed.includes('gauge') || allowed.includes('ticket')
  }
}

/**
 * SPEC §4 buttons: preview (not a rent chapter and hasTrial), free-read (gauge full),
 * wait-for-free (gauge not full) with its countdown, ticket (tickets > 0), subscribe (gauge or
 * ticket rent and rentWithSubscribe), rent with coin, buy with coin (canRentWith / canBuyWithCoin).
 */
export function accessOptions(
  chapter: ChapterInput,
  inventory: Inventory | null,
  rentalConfig: RentalConfig,
  title: { adsEnabled?: boolean } = {},
): AccessOption[] {
  const { salesConfig: sales } = chapter
  const options: AccessOption[] = []
  const rentChapter = isRentChapter(chapter)
  if (!rentChapter && chapter.hasTrial) options.push({ kind: 'preview' })
  if (canRentWith(sales, 'gauge', rentalConfig.gaugeUsable) && inventory) {
    const percent = gaugePercent(inventory, rentalConfig.recoverInterval)
    if (percent >= 100) options.push({ kind: 'freeRead' })
    else {
      options.push({ kind: 'waitForFree', percent })
      options.push({ kind: 'waitForFreeRemaining', seconds: Math.max(0, inventory.readForFree.recoverRemained) })
    }
  }
  if (canRentWith(sales, 'ticket', rentalConfig.gaugeUsable) && (inventory?.ticket.amount ?? 0) > 0)
    options.push({ kind: 'ticket', amount: inventory?.ticket.amount ?? 0 })
  if (rentChapter && inventory?.rentWithSubscribe) options.push({ kind: 'subscribe' })
  if (rentChapter && title.adsEnabled) options.push({ kind: 'watchAd' })
  if (canRentWith(sales, 'coin', rentalConfig.gaugeUsable))
    options.push({ kind: 'rentWithCoin', price: sales.rentalPrice, originalPrice: sales.originalRentalPrice, periodSeconds: rentalConfig.rentalPeriod })
  if (canBuyWithCoin(sales)) options.push({ kind: 'buyWithCoin', price: sales.price, originalPrice: sales.originalPrice })
  return options
}

const DAY_SECONDS = 86_400

/**
 * The days in "Rent for N coins (D days)" (SPEC §3 rentalConfig.rentalPeriod, in seconds): whole
 * days the rental is sure to last, so the button never promises more than the rental gives
 * (2.5 days reads 2), and never less than 1 for a rental shorter than a day. The episode list and
 * the purchase dialog both say it; they once disagreed (floor against round).
 */
export function rentalDays(periodSeconds: number): number {
  return Math.max(1, Math.floor(Math.max(0, periodSeconds) / DAY_SECONDS))
}

/** What picking an access option does (SPEC §4), wherever the chooser is shown. */
export type AccessChoice =
  /** Preview: the trial part in the viewer. */
  | { kind: 'trial' }
  /** Ad unlocks are app-only (SPEC §1/§4): the web only says so. */
  | { kind: 'appOnly' }
  /** Waiting for the gauge is not an action: the button is shown, disabled, with its countdown. */
  | { kind: 'wait' }
  /** Free read, ticket, subscribe, rent or buy: an access call, through the purchase dialog. */
  | { kind: 'access'; option: Exclude<AccessOption, { kind: 'preview' | 'watchAd' | 'waitForFree' | 'waitForFreeRemaining' }> }

export function accessChoice(option: AccessOption): AccessChoice {
  switch (option.kind) {
    case 'preview':
      return { kind: 'trial' }
    case 'watchAd':
      return { kind: 'appOnly' }
    case 'waitForFree':
    case 'waitForFreeRemaining':
      return { kind: 'wait' }
    default:
      return { kind: 'access', option }
  }
}

/** The options a reader can pick (waiting is shown, not picked). */
export const pickableOptions = (options: AccessOption[]): AccessOption[] => options.filter((option) => accessChoice(option).kind !== 'wait')

/** Free read and ticket are the chooser's primary buttons: they cost no coins. */
export const isPrimaryOption = (option: AccessOption): boolean => option.kind === 'freeRead' || option.kind === 'ticket'

/**
 * SPEC §4 purchase options: free goes to the viewer; an aborted chapter a signed-out reader taps
 * shows the aborted dialog (signing in would not let them buy it; issue 35); signed-out goes to
 * login; already unlocked or rented goes to the viewer; an aborted chapter shows the aborted
 * dialog; else the buttons.
 */
export function purchaseDecision(input: {
  chapter: ChapterInput
  signedIn: boolean
  inventory: Inventory | null
  rentalConfig: RentalConfig
  adsEnabled?: boolean
}): PurchaseDecision {
  const { chapter } = input
  if (chapter.salesConfig.free) return { kind: 'viewer' }
  if (!input.signedIn) return chapter.aborted ? { kind: 'aborted' } : { kind: 'login' }
  if (chapterIsReadable({ salesType: 'product', hasTrial: chapter.hasTrial, salesConfig: chapter.salesConfig, activity: chapter.activity }))
    return { kind: 'viewer' }
  if (chapter.aborted) return { kind: 'aborted' }
  return { kind: 'options', options: accessOptions(chapter, input.inventory, input.rentalConfig, { adsEnabled: input.adsEnabled }) }
}

/**
 * The free-read gauge of one title for one reader: full (one free read) unless it was used less
 * than recoverInterval seconds ago, then refilling. Tickets and coins come from payments.
 */
export function gaugeAfterUse(lastUsedAt: Date | null, now: Date, recoverInterval: number): Inventory['readForFree'] {
  if (!lastUsedAt) return { amount: 1, recoverRemained: 0 }
  const elapsed = Math.floor((now.getTime() - lastUsedAt.getTime()) / 1000)
  if (elapsed >= recoverInterval) return { amount: 1, recoverRemained: 0 }
  return { amount: 0, recoverRemained: recoverInterval - Math.max(0, elapsed) }
}
