import { isNightTime, NIGHT_WINDOW } from './account'
import type { NotificationSettings } from './account-types'

/**
 * Notifications that arrive (SPEC §2 settings, §4, §9): what a member is told, by e-mail and as
 * an inbox message, and when.
 */
export const NOTIFICATION_KINDS = ['release', 'new_episode', 'free_episode', 'news', 'gift_expiring'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value)

/**
 * The setting each kind follows (turning it off, in the settings or by a mail's unsubscribe link,
 * stops that kind). A release notification is asked for title by title (SPEC §4); SPEC §1 makes
 * it app-only, but Koma sends it on the web too (e-mail and inbox), so it has a switch of its own
 * (issue 35): off, no title's release is told, and the titles asked about stay asked about.
 */
export const NOTIFICATION_SETTING: Record<NotificationKind, Exclude<keyof NotificationSettings, 'nightRestriction'>> = {
  release: 'releaseUpdates',
  new_episode: 'subscriptionUpdates',
  free_episode: 'freeEpisodeUpdates',
  news: 'newsEmails',
  gift_expiring: 'marketing',
}

/** The member's time zone when we have never seen one (SPEC §1 default). */
export const DEFAULT_TIME_ZONE = 'Asia/Seoul'

function zoneOrDefault(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return timeZone
  } catch {
    return DEFAULT_TIME_ZONE
  }
}

/** Wall-clock time in a zone, as if it were UTC (milliseconds). */
function wallMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((part) => part.type === type)?.value ?? 0)
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
}

/**
 * When a notification created at `now` may go out: at once, or, inside the night window
 * (21:00–8:00 in the reader's own time zone) for a member who keeps the night restriction on,
 * at the next 8:00 there (SPEC §2, §9). An unknown zone counts as Asia/Seoul.
 */
export function deliveryTime(now: Date, timeZone: string | null | undefined, nightRestriction: boolean): Date {
  const zone = zoneOrDefault(timeZone)
  if (!nightRestriction || !isNightTime(now, zone)) return now
  const wall = wallMs(now, zone)
  const wallDate = new Date(wall)
  const dayOffset = wallDate.getUTCHours() >= NIGHT_WINDOW.startHour ? 1 : 0
  const target = Date.UTC(wallDate.getUTCFullYear(), wallDate.getUTCMonth(), wallDate.getUTCDate() + dayOffset, NIGHT_WINDOW.endHour, 0, 0)
  // The zone's offset now, then again at the guess (a daylight-saving change in the night).
  const whole = now.getTime() - (now.getTime() % 1000)
  let guess = target - (wall - whole)
  guess = target - (wallMs(new Date(guess), zone) - guess)
  return new Date(guess)
}
