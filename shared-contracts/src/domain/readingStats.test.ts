import {
  addDays,
  favouriteGenres,
  monthsEnding,
  readingDays,
  readingPerMonth,
  readingStats,
  readingStreak,
  sittingSeconds,
  type ReadingRecord,
  type ReadingSitting,
} from './readingStats'

const record = (chapterId: number, at: string, extra: Partial<ReadingRecord> = {}): ReadingRecord => ({
  contentId: 1,
  title: 'Sea',
  chapterId,
  finished: true,
  at,
  genres: ['Drama'],
  ...extra,
})
const sitting = (startedAt: string, lastAt: string): ReadingSitting => ({ startedAt, lastAt })

describe('your reading (issue 37 item 6)', () => {
  it('has nothing to say about an empty history', () => {
    const stats = readingStats([], [], new Date('2026-12-04T12:00:00Z'), 'Asia/Tokyo')
    expect(stats).toMatchObject({
      today: '2026-12-04',
      chaptersRead: 0,
      chaptersFinished: 0,
      titlesRead: 0,
      minutesRead: 0,
      secondsRead: 0,
      daysRead: 0,
      streak: { current: 0, longest: 0 },
      genres: [],
      year: { year: 2026, chapters: 0, titles: 0, days: 0, minutes: 0, seconds: 0, longestStreak: 0, topTitle: null, topGenre: null },
    })
    expect(stats.months.map((month) => month.month)).toEqual(monthsEnding('2026-12', 12))
    expect(stats.months.every((month) => month.chapters === 0 && month.days === 0 && month.minutes === 0)).toBe(true)
  })

  it('counts days in the reader’s zone: 23:30 UTC is the next morning in Tokyo, the same evening in New York', () => {
    const records = [record(1, '2026-11-30T23:30:00Z')]
    expect(readingDays(records, [], 'Asia/Tokyo')).toEqual(['2026-12-01'])
    expect(readingDays(records, [], 'America/New_York')).toEqual(['2026-11-30'])
    expect(readingDays(records, [], 'UTC')).toEqual(['2026-11-30'])
    // The same chapter falls in December in Tokyo, in November in New York.
    const months = ['2026-11', '2026-12']
    expect(readingPerMonth(records, [], 'Asia/Tokyo', months).map((m) => m.chapters)).toEqual([0, 1])
    expect(readingPerMonth(records, [], 'America/New_York', months).map((m) => m.chapters)).toEqual([1, 0])
  })

  it('keeps a streak across a month end, and while today has no reading yet', () => {
    const days = ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']
    expect(readingStreak(days, '2026-12-02')).toEqual({ current: 4, longest: 4 })
    expect(readingStreak(days, '2026-12-03')).toEqual({ current: 4, longest: 4 }) // the day is not over
    expect(readingStreak(days, '2026-12-04')).toEqual({ current: 0, longest: 4 }) // a day missed
    expect(readingStreak(['2026-02-27', '2026-02-28', '2026-03-01'], '2026-03-01')).toEqual({ current: 3, longest: 3 })
    expect(readingStreak(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-05'], '2027-01-05')).toEqual({ current: 1, longest: 3 })
    expect(readingStreak([], '2026-12-04')).toEqual({ current: 0, longest: 0 })
  })

  it('counts a streak by the reader’s days, not UTC’s', () => {
    // Three evenings in Tokyo at 00:30 local (15:30 UTC the day before): three days in a row in Tokyo.
    const records = [record(1, '2026-11-30T15:30:00Z'), record(2, '2026-12-01T15:30:00Z'), record(3, '2026-12-02T15:30:00Z')]
    const tokyo = readingStats(records, [], new Date('2026-12-03T03:00:00Z'), 'Asia/Tokyo')
    expect(tokyo.streak).toEqual({ current: 3, longest: 3 })
    expect(tokyo.daysRead).toBe(3)
  })

  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })

  it('times sittings first save to last, overlaps once', () => {
    expect(sittingSeconds([sitting('2026-12-01T10:00:00Z', '2026-12-01T10:20:00Z')])).toBe(1200)
    // Two tabs reading at once: 10:00-10:20 and 10:10-10:30 is 30 minutes, not 40.
    expect(sittingSeconds([sitting('2026-12-01T10:10:00Z', '2026-12-01T10:30:00Z'), sitting('2026-12-01T10:00:00Z', '2026-12-01T10:20:00Z')])).toBe(1800)
    // A single save is no time; a broken row is none either.
    expect(sittingSeconds([sitting('2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z'), sitting('x', 'y')])).toBe(0)
  })

  it('ranks favourite genres by chapters, ties by name', () => {
    const records = [
      record(1, '2026-12-01T00:00:00Z', { genres: ['Romance', 'Drama'] }),
      record(2, '2026-12-01T00:00:00Z', { genres: ['Drama'] }),
      record(3, '2026-12-01T00:00:00Z', { genres: ['Action', 'Action'] }),
      record(4, '2026-12-01T00:00:00Z', { genres: [] }),
    ]
    expect(favouriteGenres(records)).toEqual([
      { name: 'Drama', chapters: 2 },
      { name: 'Action', chapters: 1 },
      { name: 'Romance', chapters: 1 },
    ])
    expect(favouriteGenres(records, 1)).toEqual([{ name: 'Drama', chapters: 2 }])
  })

  it('lists the twelve months ending with this one across a year end', () => {
    expect(monthsEnding('2027-02', 3)).toEqual(['2026-12', '2027-01', '2027-02'])
    expect(monthsEnding('2026-12', 12)[0]).toBe('2026-01')
  })

  it('sums a year in the reader’s zone', () => {
    const records = [
      record(1, '2026-12-01T10:00:00Z'),
      record(2, '2026-12-02T10:00:00Z', { finished: false }),
      record(7, '2026-12-02T11:00:00Z', { contentId: 2, title: 'Ash', genres: ['Action'] }),
      // New Year's Eve 20:00 in New York is 2027 in UTC: still 2026 for this reader.
      record(3, '2027-01-01T01:00:00Z'),
      record(9, '2025-06-01T10:00:00Z', { contentId: 3, title: 'Old' }),
    ]
    const sittings = [sitting('2026-12-01T10:00:00Z', '2026-12-01T10:30:00Z'), sitting('2025-06-01T10:00:00Z', '2025-06-01T11:00:00Z')]
    const stats = readingStats(records, sittings, new Date('2027-01-01T02:00:00Z'), 'America/New_York')
    expect(stats.today).toBe('2026-12-31')
    expect(stats).toMatchObject({ chaptersRead: 5, chaptersFinished: 4, titlesRead: 3, minutesRead: 90, secondsRead: 5400, daysRead: 4 })
    expect(stats.year).toEqual({
      year: 2026,
      chapters: 4,
      titles: 2,
      days: 3,
      minutes: 30,
      seconds: 1800,
      longestStreak: 2,
      topTitle: 'Sea',
      topGenre: 'Drama',
    })
    expect(stats.months.at(-1)).toEqual({ month: '2026-12', chapters: 4, days: 3, minutes: 30 })
    expect(stats.streak).toEqual({ current: 1, longest: 2 })
  })
})
