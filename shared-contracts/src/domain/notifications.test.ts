import { deliveryTime, isNotificationKind, NOTIFICATION_SETTING } from './notifications'

const at = (iso: string) => new Date(iso)

describe('delivery time: the night window 21:00–8:00 in the reader time zone', () => {
  it.each([
    // [now, zone, restricted, expected]
    ['2026-11-20T11:59:00Z', 'Asia/Tokyo', true, '2026-11-20T11:59:00.000Z'], // 20:59: at once
    ['2026-11-20T12:00:00Z', 'Asia/Tokyo', true, '2026-11-20T23:00:00.000Z'], // 21:00 → 8:00 next day
    ['2026-11-20T14:30:12Z', 'Asia/Tokyo', true, '2026-11-20T23:00:00.000Z'], // 23:30 → 8:00 next day
    ['2026-11-20T16:00:00Z', 'Asia/Tokyo', true, '2026-11-20T23:00:00.000Z'], // 01:00 → 8:00 same day
    ['2026-11-20T22:59:59Z', 'Asia/Tokyo', true, '2026-11-20T23:00:00.000Z'], // 07:59:59 → 8:00
    ['2026-11-20T23:00:00Z', 'Asia/Tokyo', true, '2026-11-20T23:00:00.000Z'], // 08:00: at once
    ['2026-11-20T14:30:00Z', 'Asia/Tokyo', false, '2026-11-20T14:30:00.000Z'], // restriction off
    ['2026-11-20T21:00:00Z', 'Europe/Paris', true, '2026-11-21T07:00:00.000Z'], // 22:00 CET → 8:00 CET
    ['2026-11-20T12:00:00Z', 'Europe/Paris', true, '2026-11-20T12:00:00.000Z'], // 13:00: at once
    ['2026-11-20T12:00:00Z', 'Not/AZone', true, '2026-11-20T23:00:00.000Z'], // Asia/Seoul's 21:00
    ['2026-11-20T12:00:00Z', null, true, '2026-11-20T23:00:00.000Z'], // never seen: Asia/Seoul
    ['2026-03-28T22:00:00Z', 'Europe/Paris', true, '2026-03-29T06:00:00.000Z'], // 23:00 CET; 8:00 is CEST after the change
    ['2026-11-21T03:00:00Z', 'America/New_York', true, '2026-11-21T13:00:00.000Z'], // 22:00 EST
  ] as const)('%s in %s (restricted %p) → %s', (now, zone, restricted, expected) => {
    expect(deliveryTime(at(now), zone, restricted).toISOString()).toBe(expected)
  })
})

describe('kinds', () => {
  it('each kind follows one setting: SPEC §2’s, and release notifications their own (issue 35: the web sends them)', () => {
    expect(NOTIFICATION_SETTING).toEqual({
      release: 'releaseUpdates',
      new_episode: 'subscriptionUpdates',
      free_episode: 'freeEpisodeUpdates',
      news: 'newsEmails',
      gift_expiring: 'marketing',
    })
    expect(isNotificationKind('news')).toBe(true)
    expect(isNotificationKind('push')).toBe(false)
  })
})
