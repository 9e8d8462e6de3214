/**
 * SPEC §9 weekday offsets (as coded): the daily menu's "today" is the UTC time shifted by the
 * language's offset; weeks start on Monday (1) and end on Sunday (7).
 */
export const WEEKDAY_OFFSET_HOURS = { ja: 9, en: -3, fr: 4, tw: 15 } as const
export type WeekdayLanguage = keyof typeof WEEKDAY_OFFSET_HOURS

export const WEEKDAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type WeekdayCode = (typeof WEEKDAY_CODES)[number]

/** Monday = 1 … Sunday = 7 of a date's UTC day. */
export const isoWeekdayUtc = (date: Date): number => ((date.getUTCDay() + 6) % 7) + 1

/** The current weekday (1..7, Monday first) for a language at `now`. */
export function currentWeekday(now: Date, language: WeekdayLanguage): number {
  const shifted = new Date(now.getTime() + WEEKDAY_OFFSET_HOURS[language] * 3_600_000)
  return isoWeekdayUtc(shifted)
}

export const weekdayCode = (weekday: number): WeekdayCode => WEEKDAY_CODES[(((weekday - 1) % 7) + 7) % 7] ?? 'mon'

export function weekdayFromCode(code: string | null | undefined): number | null {
  const index = (WEEKDAY_CODES as readonly string[]).indexOf(code ?? '')
  return index < 0 ? null : index + 1
}
