import {
  ACCOUNT_LIMITS,
  addMonths,
  adultVerificationValid,
  ageOn,
  codeIsValid,
  codeRequestAllowed,
  dailyBonusClaimable,
  deviceLabel,
  giftExpiringSoon,
  giftState,
  isCalendarDay,
  isNightTime,
  isOldEnough,
  nicknameFromEmail,
  passwordChangeAdvised,
  readerDay,
  resetLinkIsValid,
  timeZoneChangeableFrom,
  validTimeZone,
} from './account'

const at = (iso: string) => new Date(iso)
const MIN = 60_000

describe('age (SPEC §9: 16 or older)', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOn('2010-11-20', '2026-11-20')).toBe(16)
    expect(ageOn('2010-11-21', '2026-11-20')).toBe(15)
    expect(isOldEnough('2010-11-20', '2026-11-20')).toBe(true)
    expect(isOldEnough('2010-11-21', '2026-11-20')).toBe(false)
  })
  it('rejects days that do not exist', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2025-02-29')).toBe(false)
    expect(isCalendarDay('2025-13-01')).toBe(false)
    expect(isCalendarDay('20250101')).toBe(false)
    expect(isOldEnough('2025-02-30', '2026-11-20')).toBe(false)
  })
})

describe('codes and links (SPEC §4: 10 minutes)', () => {
  const issued = at('2026-11-20T10:00:00Z')
  it('a 6-digit code is valid for 10 minutes', () => {
    expect(ACCOUNT_LIMITS.codeDigits).toBe(6)
    expect(codeIsValid(issued, new Date(issued.getTime() + 10 * MIN))).toBe(true)
    expect(codeIsValid(issued, new Date(issued.getTime() + 10 * MIN + 1))).toBe(false)
  })
  it('a reset mail is valid for 10 minutes', () => {
    expect(resetLinkIsValid(issued, new Date(issued.getTime() + 9 * MIN))).toBe(true)
    expect(resetLinkIsValid(issued, new Date(issued.getTime() + 11 * MIN))).toBe(false)
  })
  it('codes are re-requestable, but once a minute and five an hour', () => {
    const now = at('2026-11-20T10:30:00Z')
    expect(codeRequestAllowed([], now)).toBe(true)
    expect(codeRequestAllowed([new Date(now.getTime() - 30_000)], now)).toBe(false)
    expect(codeRequestAllowed([new Date(now.getTime() - 61_000)], now)).toBe(true)
    const five = [2, 10, 20, 30, 40].map((m) => new Date(now.getTime() - m * MIN))
    expect(codeRequestAllowed(five, now)).toBe(false)
    expect(codeRequestAllowed(five.slice(1), now)).toBe(true)
  })
})

describe('adult verification (1 year) and password advice (6 months)', () => {
  it('adult verification is valid for one year', () => {
    const verified = at('2025-11-20T12:00:00Z')
    expect(adultVerificationValid(verified, at('2026-11-20T11:59:59Z'))).toBe(true)
    expect(adultVerificationValid(verified, at('2026-11-20T12:00:00Z'))).toBe(false)
    expect(adultVerificationValid(null, at('2026-01-01T00:00:00Z'))).toBe(false)
  })
  it('advises a password change 6 months after the last change or postponement', () => {
    const changed = at('2026-01-15T00:00:00Z')
    expect(passwordChangeAdvised(changed, null, at('2026-07-14T23:59:59Z'))).toBe(false)
    expect(passwordChangeAdvised(changed, null, at('2026-07-15T00:00:00Z'))).toBe(true)
    expect(passwordChangeAdvised(changed, at('2026-07-16T00:00:00Z'), at('2026-08-01T00:00:00Z'))).toBe(false)
    expect(passwordChangeAdvised(null, null, at('2030-01-01T00:00:00Z'))).toBe(false)
  })
  it('adds calendar months, clamped to the month end', () => {
    expect(addMonths(at('2026-08-31T00:00:00Z'), 6).toISOString()).toBe('2027-02-28T00:00:00.000Z')
    expect(addMonths(at('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z')
  })
})

describe('night window 21:00-8:00 in the reader time zone', () => {
  it.each([
    ['2026-11-20T11:59:00Z', 'Asia/Tokyo', false], // 20:59
    ['2026-11-20T12:00:00Z', 'Asia/Tokyo', true], // 21:00
    ['2026-11-20T22:59:00Z', 'Asia/Tokyo', true], // 07:59
    ['2026-11-20T23:00:00Z', 'Asia/Tokyo', false], // 08:00
    ['2026-11-20T12:00:00Z', 'Europe/Paris', false], // 13:00
    ['2026-11-20T12:00:00Z', 'Not/AZone', true], // falls back to Asia/Seoul: 21:00
  ])('%s in %s → %p', (iso, zone, night) => {
    expect(isNightTime(at(iso), zone)).toBe(night)
  })
})

describe('gifts (24 h flag) and the daily bonus day boundary', () => {
  const now = at('2026-11-20T10:00:00Z')
  it('flags gifts expiring within 24 hours, not expired ones', () => {
    expect(giftExpiringSoon(new Date(now.getTime() + 24 * 60 * MIN), now)).toBe(true)
    expect(giftExpiringSoon(new Date(now.getTime() + 24 * 60 * MIN + 1), now)).toBe(false)
    expect(giftExpiringSoon(new Date(now.getTime() - 1), now)).toBe(false)
    expect(giftExpiringSoon(null, now)).toBe(false)
  })
  it('knows claimable, claimed and expired gifts', () => {
    expect(giftState({ claimedAt: null, expiresAt: null }, now)).toBe('claimable')
    expect(giftState({ claimedAt: now, expiresAt: new Date(now.getTime() - 1) }, now)).toBe('claimed')
    expect(giftState({ claimedAt: null, expiresAt: now }, now)).toBe('expired')
  })
  it('the reader day follows their time zone', () => {
    const late = at('2026-11-20T16:30:00Z')
    expect(readerDay(late, 'Asia/Tokyo')).toBe('2026-11-21')
    expect(readerDay(late, 'America/New_York')).toBe('2026-11-20')
    expect(readerDay(late, 'bogus')).toBe('2026-11-21')
  })
  it('one claim per day, never for a day not after the last claimed one', () => {
    const tokyo = (day: string, iso: string) => ({ day, timeZone: 'Asia/Tokyo', claimedAt: at(iso) })
    // 10:00 UTC on the 20th is 19:00 in Tokyo.
    expect(dailyBonusClaimable(null, now, 'Asia/Tokyo')).toBe(true)
    expect(dailyBonusClaimable(tokyo('2026-11-20', '2026-11-20T00:30:00Z'), now, 'Asia/Tokyo')).toBe(false)
    expect(dailyBonusClaimable(tokyo('2026-11-19', '2026-11-19T14:59:59Z'), now, 'Asia/Tokyo')).toBe(true)
    // Just after midnight in Tokyo, a claim a minute before midnight was yesterday's.
    expect(dailyBonusClaimable(tokyo('2026-11-20', '2026-11-20T14:59:00Z'), at('2026-11-20T15:00:00Z'), 'Asia/Tokyo')).toBe(true)
    expect(dailyBonusClaimable(tokyo('2026-11-21', '2026-11-20T15:00:00Z'), now, 'Asia/Tokyo')).toBe(false)
  })
  it('a time zone change never opens a second claim in a day window of either zone (issue 33)', () => {
    // Claimed at 12:00 UTC on the 20th where it was 00:00 on the 20th (UTC-12).
    const west = { day: '2026-11-20', timeZone: 'Etc/GMT+12', claimedAt: at('2026-11-20T12:00:00Z') }
    // Now the account counts days at UTC+14, where the claim was made on the 21st.
    expect(dailyBonusClaimable(west, at('2026-11-20T12:01:00Z'), 'Etc/GMT-14')).toBe(false)
    // The 22nd starts there at 10:00 UTC on the 21st, but the claimed 20th lasts at UTC-12 until 12:00 UTC.
    expect(dailyBonusClaimable(west, at('2026-11-21T10:30:00Z'), 'Etc/GMT-14')).toBe(false)
    expect(dailyBonusClaimable(west, at('2026-11-21T12:00:00Z'), 'Etc/GMT-14')).toBe(true)
    // The other way: claimed at UTC+14 on the 21st (10:00 UTC on the 20th), then counted at UTC-12.
    const east = { day: '2026-11-21', timeZone: 'Etc/GMT-14', claimedAt: at('2026-11-20T10:00:00Z') }
    for (const iso of ['2026-11-20T10:01:00Z', '2026-11-20T12:00:00Z', '2026-11-21T10:00:00Z', '2026-11-21T23:59:00Z'])
      expect([iso, dailyBonusClaimable(east, at(iso), 'Etc/GMT+12')]).toEqual([iso, false])
    // The first day after the 21st at UTC-12: the 22nd, from 12:00 UTC on the 22nd.
    expect(dailyBonusClaimable(east, at('2026-11-22T12:00:00Z'), 'Etc/GMT+12')).toBe(true)
    // Any pair of zones, any moment in two days: two claims are never within one day of either zone.
    const zones = ['Etc/GMT+12', 'America/New_York', 'Asia/Kolkata', 'Etc/GMT-14']
    const start = at('2026-11-20T00:00:00Z').getTime()
    const doubled: string[] = []
    let allowed = 0
    for (const from of zones)
      for (const to of zones)
        for (let first = 0; first < 48; first += 3)
          for (let second = first; second < first + 50; second += 0.25) {
            const claimedAt = new Date(start + first * 60 * MIN)
            const t = new Date(start + second * 60 * MIN)
            if (!dailyBonusClaimable({ day: readerDay(claimedAt, from), timeZone: from, claimedAt }, t, to)) continue
            allowed += 1
            if (readerDay(claimedAt, from) >= readerDay(t, from) || readerDay(claimedAt, to) >= readerDay(t, to))
              doubled.push(`${from} → ${to}: +${first} h, +${second} h`)
          }
    expect(doubled).toEqual([])
    expect(allowed).toBeGreaterThan(10_000)
  })
  it('knows a time zone by its IANA name, and when a stored one may change again', () => {
    expect(validTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo')
    expect(validTimeZone('Etc/GMT+12')).toBe('Etc/GMT+12')
    expect(validTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires')
    for (const bad of ['bogus', 'Mars/Olympus', '', '../etc', 'Asia/Tokyo;', 'x'.repeat(65), null, 42]) expect(validTimeZone(bad)).toBeNull()
    const changed = at('2026-11-01T00:00:00Z')
    expect(timeZoneChangeableFrom(null, now)).toBeNull()
    expect(timeZoneChangeableFrom(changed, now)?.toISOString()).toBe('2026-12-01T00:00:00.000Z')
    expect(timeZoneChangeableFrom(changed, at('2026-12-01T00:00:00Z'))).toBeNull()
  })
})

describe('nickname default and devices', () => {
  it('takes the part of the e-mail before the at sign, cut to 20 without forbidden characters', () => {
    expect(nicknameFromEmail('mika.s@koma.example')).toBe('mika.s')
    expect(nicknameFromEmail('a<b>"c@koma.example')).toBe('abc')
    expect(nicknameFromEmail(`${'x'.repeat(30)}@k.io`)).toHaveLength(20)
  })
  it('labels a device from its user agent', () => {
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1')).toEqual({
      browser: 'Safari',
      os: 'iOS',
    })
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0')).toEqual({ browser: 'Edge', os: 'Windows' })
  })
})
