import type { CampaignState, GiftSetting, PopupSetting } from '../../domain/campaigns'
import type { Badge, Page } from '../../domain/types'
import type { Locale } from '../../i18n/locales'
import { endpoint, type None } from '../endpoint'

/**
 * Home and inbox campaigns for operators (issue 17): popups, banners and sections on the home
 * page, gifts to one member or to everyone. Operators only, like every `ops` call; each change is
 * audited with what it was before and after. Bodies are the forms `checkPopupForm`,
 * `checkBannerForm`, `checkSectionForm` and `checkGiftForm` check.
 */

export interface OpsPopup extends Omit<PopupSetting, 'startsAt'> {
  id: number
  /** Null: from the start (popups made before scheduling). */
  startsAt: string | null
  state: CampaignState
}

/** A tile of a home section: a title's cover, or a banner with its own texts and dates. */
export interface OpsHomeElement {
  id: number
  contentId: number | null
  link: string
  imageUrl: string
  badge: Badge | null
  badgeEndsAt: string | null
  startsAt: string | null
  endsAt: string | null
  state: CampaignState
  texts: Record<Locale, { title: string; text: string }>
}

export interface OpsHomeSection {
  id: number
  sort: number
  /** How readers see it (`HOME_ELEMENT_UI_TYPES`; older sections may say otherwise). */
  elementType: string
  shuffleGroup: string | null
  topBanner: boolean
  mature: boolean
  link: string | null
  startsAt: string | null
  endsAt: string | null
  state: CampaignState
  texts: Record<Locale, { title: string; text: string }>
  elements: OpsHomeElement[]
}

export interface OpsHome {
  popups: OpsPopup[]
  sections: OpsHomeSection[]
  /** Where a popup may show: `main` (home) and the menu pages' codes. */
  pages: string[]
}

export interface OpsGift extends GiftSetting {
  id: number
  state: CampaignState
  /** One member: their nickname (null once the account is gone). */
  memberNickname: string | null
  /** Inboxes it has reached so far (everyone: members who opened their inbox since it started). */
  delivered: number
  claimed: number
}

export type CampaignBody = Partial<Record<string, string>>

export const opsCampaignEndpoints = {
  /** Every home popup and section (with its tiles), scheduled and ended ones too. */
  opsHome: endpoint<None, None, None, OpsHome>('GET', '/ops/home'),
  opsPopupCreate: endpoint<None, None, CampaignBody, OpsPopup>('POST', '/ops/home/popups'),
  /** End a popup now: readers no longer see it. */
  opsPopupEnd: endpoint<{ id: string }, None, None, OpsPopup>('POST', '/ops/home/popups/:id/end'),
  /** A banner in a banner section (`BannerSetting`). */
  opsBannerCreate: endpoint<None, None, CampaignBody, OpsHomeElement>('POST', '/ops/home/banners'),
  opsBannerEnd: endpoint<{ id: string }, None, None, OpsHomeElement>('POST', '/ops/home/banners/:id/end'),
  opsSectionCreate: endpoint<None, None, CampaignBody, OpsHomeSection>('POST', '/ops/home/sections'),
  opsSectionEnd: endpoint<{ id: string }, None, None, OpsHomeSection>('POST', '/ops/home/sections/:id/end'),
  /** Gifts operators sent, newest first, 20 a page. */
  opsGifts: endpoint<None, { pageNo?: string }, None, { gifts: OpsGift[]; page: Page }>('GET', '/ops/gifts'),
  /**
   * Send a gift (`checkGiftForm`). The same `requestKey` again answers the gift it made (a retry
   * never sends a second one); with other contents, 409.
   */
  opsGiftSend: endpoint<None, None, CampaignBody, OpsGift>('POST', '/ops/gifts'),
  /** End a gift now: what was not claimed can no longer be; what was claimed stays. */
  opsGiftEnd: endpoint<{ id: string }, None, None, OpsGift>('POST', '/ops/gifts/:id/end'),
} as const
