import { formatDate, formatDateTime, formatLongDate } from './numbers'

/** Issue 35: one date format per use, in every language (SPEC §9 for dates on their own, the locale's long form in sentences). */
describe('dates in ja, en and fr', () => {
  const at = '2026-12-20T14:30:05.000Z'

  it('a date on its own (lists, devices, the maintenance screen) is SPEC §9’s year/month/day, the same in every language', () => {
    expect(formatDate(at, 'UTC')).toBe('2026/12/20')
    expect(formatDateTime(at, false, 'UTC')).toBe('2026/12/20 14:30')
    expect(formatDateTime(at, true, 'UTC')).toBe('2026/12/20 14:30:05')
  })

  it.each([
    ['ja', '2026年12月20日', '2026年12月20日 14:30'],
    ['en', 'December 20, 2026', 'December 20, 2026 at 2:30 PM'],
    ['fr', '20 décembre 2026', '20 décembre 2026 à 14:30'],
  ] as const)('a date a sentence reads is the locale’s long form (%s)', (locale, day, withTime) => {
    expect(formatLongDate(at, locale, { timeZone: 'UTC' })).toBe(day)
    expect(formatLongDate(at, locale, { withTime: true, timeZone: 'UTC' })).toBe(withTime)
  })

  it('the long form follows the zone given, and this device’s for one it does not know', () => {
    expect(formatLongDate(at, 'en', { timeZone: 'Pacific/Kiritimati' })).toBe('December 21, 2026')
    expect(formatLongDate(at, 'fr', { timeZone: 'Not/A_Zone' })).toBe(formatLongDate(at, 'fr'))
  })
})
