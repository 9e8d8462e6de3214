// Moderation

export const REPORT_KINDS = ['comment', 'content'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/** hide: the comment disappears for every reader; restore: it comes back; dismiss: nothing to do. */
export const REPORT_ACTIONS = ['hide', 'restore', 'dismiss'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]

/** Which actions a report of this kind takes (a content report is only acknowledged). */
export function reportActionAllowed(kind: ReportKind, action: ReportAction): boolean {
  return kind === 'comment' || action === 'dismiss'
}

/** mute: no commenting for `days`; suspend: signed out and no sign-in until reinstated. */
export const MEMBER_SANCTIONS = ['mute', 'unmute', 'suspend', 'reinstate'] as const
export type MemberSanction = (typeof MEMBER_SANCTIONS)[number]
export const MUTE_DAYS = { min: 1, max: 365, default: 7 } as const

export function parseMuteDays(value: unknown): number | null {
  if (value === undefined || value === '') return MUTE_DAYS.default
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) return null
  const days = Number(value)
  return days >= MUTE_DAYS.min && days <= MUTE_DAYS.max ? days : null
}

export const AUDIT_PAGE_SIZE = { default: 50, max: 200 } as const
