import { campaignState, checkBannerForm, checkGiftForm, checkPopupForm, checkSectionForm, parseTitleList } from './campaigns'

const now = new Date('2026-12-01T00:00:00Z')
const titled = { titleJa: 'お知らせ', titleEn: 'News', titleFr: 'Nouvelles' }
const fields = (errors: { field: string; problem: string }[]) => errors.map((error) => `${error.field}:${error.problem}`)

describe('campaign state', () => {
  it('is scheduled before its start, live until its end, ended from its end on', () => {
    const window = { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-03T00:00:00Z' }
    expect(campaignState(window, now)).toBe('scheduled')
    expect(campaignState(window, new Date('2026-12-02T00:00:00Z'))).toBe('live')
    expect(campaignState(window, new Date('2026-12-03T00:00:00Z'))).toBe('ended')
    expect(campaignState({ startsAt: null, endsAt: null }, now)).toBe('live')
  })
})

describe('home popup form', () => {
  it('a content popup needs its category and a title in every language; starts now when no start is given', () => {
    expect(fields(checkPopupForm({ kind: 'content' }, now).errors)).toEqual(['category:required', 'titleJa:required', 'titleEn:required', 'titleFr:required'])
    const { setting, errors } = checkPopupForm({ kind: 'content', category: 'event', link: '/menu/all_comic/event', repeatHours: '24', ...titled }, now)
    expect(errors).toEqual([])
    expect(setting).toMatchObject({
      kind: 'content',
      category: 'event',
      page: 'main',
      repeatHours: 24,
      mature: false,
      startsAt: now.toISOString(),
      endsAt: null,
    })
    expect(setting.texts.fr).toEqual({ title: 'Nouvelles', description: '' })
  })
  it('an image popup needs the title whose art it shows, and has no category', () => {
    expect(fields(checkPopupForm({ kind: 'image', category: 'free', ...titled }, now).errors)).toEqual(['artContentId:required'])
    expect(checkPopupForm({ kind: 'image', artContentId: '12', category: 'free', ...titled }, now).setting).toMatchObject({ category: null, artContentId: 12 })
  })
  it('refuses links off the site, odd pages, an end before the start, repeat beyond 30 days', () => {
    const { errors } = checkPopupForm(
      {
        kind: 'content',
        category: 'notice',
        link: 'https://evil.example/',
        page: 'Main Page',
        repeatHours: '721',
        startsAt: '2026-12-05T00:00:00Z',
        endsAt: '2026-12-04T00:00:00Z',
        ...titled,
      },
      now,
    )
    expect(fields(errors)).toEqual(['page:invalid', 'link:invalid', 'repeatHours:invalid', 'endsAt:endBeforeStart'])
    expect(fields(checkPopupForm({ kind: 'content', category: 'notice', link: '//evil.example', ...titled }, now).errors)).toEqual(['link:invalid'])
    expect(fields(checkPopupForm({ kind: 'content', category: 'notice', link: '/a b', ...titled }, now).errors)).toEqual(['link:invalid'])
  })
})

describe('home banner form', () => {
  it('needs its section and title; a badge may end before the banner', () => {
    expect(fields(checkBannerForm({}, now).errors)).toEqual([
      'sectionId:required',
      'contentId:required',
      'titleJa:required',
      'titleEn:required',
      'titleFr:required',
    ])
    const { setting, errors } = checkBannerForm(
      { sectionId: '3', contentId: '7', badge: 'EVENT', badgeEndsAt: '2026-12-10T00:00:00Z', position: '1', endsAt: '2026-12-20T00:00:00Z', ...titled },
      now,
    )
    expect(errors).toEqual([])
    expect(setting).toMatchObject({ sectionId: 3, contentId: 7, badge: 'EVENT', badgeEndsAt: '2026-12-10T00:00:00.000Z', position: 1, link: null })
  })
  it('refuses a badge that is not one and a position of 0', () => {
    expect(fields(checkBannerForm({ sectionId: '3', contentId: '7', badge: 'FREE!', position: '0', ...titled }, now).errors)).toEqual([
      'badge:invalid',
      'position:invalid',
    ])
  })
})

describe('home section form', () => {
  it('lists 1 to 30 titles, typed with commas, spaces or 、', () => {
    expect(parseTitleList('12, 15 18、12')).toEqual([12, 15, 18])
    expect(parseTitleList('12, x')).toBeNull()
    const base = { elementType: 'content_list', ...titled }
    expect(fields(checkSectionForm(base, now).errors)).toEqual(['contentIds:required'])
    expect(fields(checkSectionForm({ ...base, contentIds: Array.from({ length: 31 }, (_, i) => i + 1).join(',') }, now).errors)).toEqual(['contentIds:invalid'])
    expect(checkSectionForm({ ...base, contentIds: '5 6' }, now).setting.contentIds).toEqual([5, 6])
  })
  it('takes a shuffle group only for the shuffled element types (SPEC §4)', () => {
    const base = { contentIds: '5', ...titled }
    expect(fields(checkSectionForm({ ...base, elementType: 'content_list', shuffleGroup: 'A' }, now).errors)).toEqual(['shuffleGroup:invalid'])
    expect(checkSectionForm({ ...base, elementType: 'banner_list_group', shuffleGroup: 'A' }, now).setting).toMatchObject({ shuffleGroup: 'A' })
    expect(fields(checkSectionForm({ ...base, elementType: 'carousel' }, now).errors)).toEqual(['elementType:invalid'])
    expect(fields(checkSectionForm({ ...base, elementType: 'banner_list_group', shuffleGroup: 'A'.repeat(21) }, now).errors)).toEqual(['shuffleGroup:tooLong'])
  })
})

describe('gift form', () => {
  const key = 'gift-2026-12-01-abcdef'
  const gift = { requestKey: key, kind: 'coin', coinType: 'bonus', amount: '30', ...titled }
  it('goes to one member or to everyone, with a reward and a request key that makes a retry the same gift', () => {
    expect(fields(checkGiftForm({ ...gift, audience: 'member' }, now).errors)).toEqual(['memberId:required'])
    const one = checkGiftForm({ ...gift, audience: 'member', memberId: '42' }, now)
    expect(one.errors).toEqual([])
    expect(one.setting).toMatchObject({ audience: 'member', memberId: 42, kind: 'coin', coinType: 'bonus', amount: 30, startsAt: now.toISOString() })
    expect(one.requestKey).toBe(key)
    const all = checkGiftForm({ ...gift, audience: 'everyone', memberId: '42' }, now)
    expect(all.setting).toMatchObject({ audience: 'everyone', memberId: null })
    expect(fields(checkGiftForm({ ...gift, audience: 'everyone', requestKey: '' }, now).errors)).toEqual(['requestKey:required'])
    expect(fields(checkGiftForm({ ...gift, audience: 'everyone', requestKey: 'short' }, now).errors)).toEqual(['requestKey:invalid'])
  })
  it('refuses no reward, a start in the past and a deadline before the start', () => {
    const { errors } = checkGiftForm(
      { requestKey: key, audience: 'everyone', kind: 'ticket', amount: '0', startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-10-01T00:00:00Z', ...titled },
      now,
    )
    expect(fields(errors)).toEqual(['amount:invalid', 'endsAt:endBeforeStart', 'startsAt:inPast'])
  })
})
