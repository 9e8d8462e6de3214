import { readerDay } from './account'

/**
 * "Your reading" (issue 37 item 6): a reader's own figures, computed by the API from what it keeps
 * of their reading and shown only to them. Pure: the API passes the rows and the moment, in the
 * reader's time zone.
 */

/** One chapter the reader has progress in (read_progress): its title, genres and last reading. */
export interface ReadingRecord {
  contentId: number
  title: string
  chapterId: number
  /** Read to its end at least once. */
  finished: boolean
  /** ISO time of the last progress saved in it. */
  at: string
  genres: string[]
}

/**
 * A sitting (reading_sittings): progress saves with no gap longer than SITTING_GAP_MINUTES
 * between them. Its length, first save to last, is the time read it counts.
 */
export interface ReadingSitting {
  startedAt: string
  lastAt: string
}

/** A quiet spell longer than this ends a sitting: the reader put the book down. */
export const SITTING_GAP_MINUTES = 10

export interface ReadingMonth {
  /** 'YYYY-MM' in the reader's zone. */
  month: string
  /** Chapters last read that month. */
  chapters: number
  /** Days with reading that month. */
  days: number
  minutes: number
}

export interface ReadingYear {
  year: number
  chapters: number
  titles: number
  days: number
  minutes: number
  seconds: number
  longestStreak: number
  /** The title with the most chapters read that year (ties: the name first in order). */
  topTitle: string | null
  topGenre: string | null
}

export interface ReadingStats {
  timeZone: string
  /** 'YYYY-MM-DD' today in the reader's zone. */
  today: string
  /** Chapters with saved progress (opened and read in), and of them the ones read to the end. */
  chaptersRead: number
  chaptersFinished: number
  titlesRead: number
  /** Estimated from the sittings (see ReadingSitting); kept since sittings were recorded. */
  minutesRead: number
  /** The same in seconds (a first sitting of under a minute is not "0 min"). */
  secondsRead: number
  daysRead: number
  streak: { current: number; longest: number }
  /** The twelve months ending with this one, oldest first. */
  months: ReadingMonth[]
  /** Up to five genres by chapters read, most first. */
  genres: { name: string; chapters: number }[]
  year: ReadingYear
}

const DAY_MS = 86_400_000

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The local days (sorted, distinct) on which anything was read. */
export function readingDays(records: readonly ReadingRecord[], sittings: readonly ReadingSitting[], timeZone: string): string[] {
  const days = new Set<string>()
  for (const record of records) days.add(readerDay(new Date(record.at), timeZone))
  for (const sitting of sittings) {
    days.add(readerDay(new Date(sitting.startedAt), timeZone))
    days.add(readerDay(new Date(sitting.lastAt), timeZone))
  }
  return [...days].sort()
}

/**
 * Days in a row. current: the run ending today, or yesterday while today has no reading yet (the
 * streak is still alive until the day ends); longest: the longest run ever.
 */
export function readingStreak(days: readonly string[], today: string): { current: number; longest: number } {
  const set = new Set(days)
  let longest = 0
  for (const day of set) {
    if (set.has(addDays(day, -1))) continue
    let length = 1
    while (set.has(addDays(day, length))) length += 1
    longest = Math.max(longest, length)
  }
  let end = set.has(today) ? today : addDays(today, -1)
  let current = 0
  while (set.has(end)) {
    current += 1
    end = addDays(end, -1)
  }
  return { current, longest }
}

/** Seconds read: the sittings' lengths, overlaps counted once (two tabs saving at once). */
export function sittingSeconds(sittings: readonly ReadingSitting[]): number {
  const spans = sittings
    .map((s) => [Date.parse(s.startedAt), Date.parse(s.lastAt)] as const)
    .filter(([from, to]) => Number.isFinite(from) && Number.isFinite(to) && to > from)
    .sort((a, b) => a[0] - b[0])
  let total = 0
  let [from, to] = [Number.NaN, Number.NaN]
  for (const [start, end] of spans) {
    if (Number.isNaN(from) || start > to) {
      if (!Number.isNaN(from)) total += to - from
      from = start
      to = end
    } else to = Math.max(to, end)
  }
  if (!Number.isNaN(from)) total += to - from
  return Math.round(total / 1000)
}

/** Genres by chapters read, most first, ties by name; `limit` of them. */
export function favouriteGenres(records: readonly ReadingRecord[], limit = 5): { name: string; chapters: number }[] {
  const counts = new Map<string, number>()
  for (const record of records) for (const genre of new Set(record.genres)) counts.set(genre, (counts.get(genre) ?? 0) + 1)
  return [...counts]
    .map(([name, chapters]) => ({ name, chapters }))
    .sort((a, b) => b.chapters - a.chapters || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit)
}

/** The `count` months ending with `month` ('YYYY-MM'), oldest first. */
export function monthsEnding(month: string, count: number): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - (count - 1 - i)
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
  })
}

/** Per month in the reader's zone: chapters (by their last reading), days with reading, minutes (by the sitting's start). */
export function readingPerMonth(
  records: readonly ReadingRecord[],
  sittings: readonly ReadingSitting[],
  timeZone: string,
  months: readonly string[],
): ReadingMonth[] {
  const days = readingDays(records, sittings, timeZone)
  return months.map((month) => {
    const ofMonth = (iso: string) => readerDay(new Date(iso), timeZone).startsWith(`${month}-`)
    return {
      month,
      chapters: records.filter((record) => ofMonth(record.at)).length,
      days: days.filter((day) => day.startsWith(`${month}-`)).length,
      minutes: Math.round(sittingSeconds(sittings.filter((sitting) => ofMonth(sitting.startedAt))) / 60),
    }
  })
}

function readingYear(records: readonly ReadingRecord[], sittings: readonly ReadingSitting[], timeZone: string, year: number): ReadingYear {
  const inYear = (iso: string) => readerDay(new Date(iso), timeZone).startsWith(`${year}-`)
  const yearRecords = records.filter((record) => inYear(record.at))
  const yearSittings = sittings.filter((sitting) => inYear(sitting.startedAt))
  const days = readingDays(yearRecords, yearSittings, timeZone).filter((day) => day.startsWith(`${year}-`))
  const perTitle = new Map<string, number>()
  for (const record of yearRecords) perTitle.set(record.title, (perTitle.get(record.title) ?? 0) + 1)
  const [topTitle] = [...perTitle].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return {
    year,
    chapters: yearRecords.length,
    titles: new Set(yearRecords.map((record) => record.contentId)).size,
    days: days.length,
    minutes: Math.round(sittingSeconds(yearSittings) / 60),
    seconds: sittingSeconds(yearSittings),
    longestStreak: readingStreak(days, `${year}-12-31`).longest,
    topTitle: topTitle?.[0] ?? null,
    topGenre: favouriteGenres(yearRecords, 1)[0]?.name ?? null,
  }
}

/** Everything the "Your reading" page shows, for `now` in `timeZone`. */
export function readingStats(records: readonly ReadingRecord[], sittings: readonly ReadingSitting[], now: Date, timeZone: string): ReadingStats {
  const today = readerDay(now, timeZone)
  const days = readingDays(records, sittings, timeZone)
  return {
    timeZone,
    today,
    chaptersRead: records.length,
    chaptersFinished: records.filter((record) => record.finished).length,
    titlesRead: new Set(records.map((record) => record.contentId)).size,
    minutesRead: Math.round(sittingSeconds(sittings) / 60),
    secondsRead: sittingSeconds(sittings),
    daysRead: days.length,
    streak: readingStreak(days, today),
    months: readingPerMonth(records, sittings, timeZone, monthsEnding(today.slice(0, 7), 12)),
    genres: favouriteGenres(records),
    year: readingYear(records, sittings, timeZone, Number(today.slice(0, 4))),
  }
}

/** The reader's copy of their reading data (GET /library/reading/export, a JSON attachment). */
export interface ReadingExport {
  /** ISO time of the copy. */
  exportedAt: string
  timeZone: string
  stats: ReadingStats
  chapters: ReadingRecord[]
  sittings: ReadingSitting[]
}

/** The file name the copy is saved under: koma-reading-2026-12-04.json. */
export const readingExportFileName = (today: string): string => `koma-reading-${today}.json`
