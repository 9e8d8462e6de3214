import { rentalOnly } from './labels'
import { BADGES } from './types'
import {
  checkLegalForm,
  checkChapterSalesForm,
  checkCouponForm,
  checkMaintenanceForm,
  checkImportForm,
  checkTitleLabelsForm,
  importTooLarge,
  IMPORT_LIMITS,
  checkTitleTextsForm,
  checkUpdateForm,
  maintenanceActive,
  maintenanceInfoFor,
  MAINTENANCE_OFF,
  normaliseTotpCode,
  normaliseEnrolmentCode,
  formatEnrolmentCode,
  ENROLMENT_CODE,
  parseDateField,
  parseMuteDays,
  reportActionAllowed,
  TITLE_BADGES,
} from './ops'

const titles = { titleJa: 'メンテナンス', titleEn: 'Maintenance', titleFr: 'Maintenance' }

describe('maintenance window', () => {
  const at = (iso: string) => new Date(iso)
  it('is off unless switched on, and follows its start and end', () => {
    const setting = { ...MAINTENANCE_OFF, startsAt: '2026-12-01T02:00:00.000Z', endsAt: '2026-12-01T04:00:00.000Z' }
    expect(maintenanceActive(setting, at('2026-12-01T03:00:00Z'))).toBe(false)
    const on = { ...setting, on: true }
    expect(maintenanceActive(on, at('2026-12-01T01:59:59Z'))).toBe(false)
    expect(maintenanceActive(on, at('2026-12-01T02:00:00Z'))).toBe(true)
    expect(maintenanceActive(on, at('2026-12-01T03:59:59Z'))).toBe(true)
    expect(maintenanceActive(on, at('2026-12-01T04:00:00Z'))).toBe(false)
    expect(maintenanceActive({ ...MAINTENANCE_OFF, on: true }, at('2030-01-01T00:00:00Z'))).toBe(true)
  })

  it('shows the reader language, English when that one is empty (SPEC §8: title, description, end time)', () => {
    const { setting } = checkMaintenanceForm({ on: 'true', ...titles, titleFr: '', descriptionEn: 'Back soon', endsAt: '2026-12-01T04:00:00Z' })
    expect(maintenanceInfoFor(setting, 'ja')).toEqual({ title: 'メンテナンス', description: '', endAt: '2026-12-01T04:00:00.000Z' })
    expect(maintenanceInfoFor(setting, 'fr')).toEqual({ title: 'Maintenance', description: 'Back soon', endAt: '2026-12-01T04:00:00.000Z' })
  })
})

describe('maintenance form', () => {
  it('needs a title in every language to switch on, none to switch off', () => {
    expect(checkMaintenanceForm({ on: 'true' }).errors.map((e) => e.field)).toEqual(['titleJa', 'titleEn', 'titleFr'])
    expect(checkMaintenanceForm({ on: 'false' }).errors).toEqual([])
    expect(checkMaintenanceForm({ on: 'true', ...titles }).errors).toEqual([])
  })
  it('refuses an end before the start, dates without a zone, long or control-character texts, a switch that is not one', () => {
    const { errors } = checkMaintenanceForm({
      on: 'yes',
      startsAt: '2026-12-01T04:00:00Z',
      endsAt: '2026-12-01T02:00:00+09:00',
      titleJa: 'あ'.repeat(101),
      titleEn: 'Bell\u0007',
      titleFr: 'ok',
    })
    // Texts that were sent are checked even with the switch off.
    expect(errors).toEqual([
      { field: 'on', problem: 'invalid' },
      { field: 'endsAt', problem: 'endBeforeStart' },
      { field: 'titleJa', problem: 'tooLong', max: 100 },
      { field: 'titleEn', problem: 'invalid' },
    ])
    const texts = checkMaintenanceForm({ on: 'true', titleJa: 'あ'.repeat(101), titleEn: 'Bell\u0007', titleFr: 'ok', startsAt: '2026-12-01 04:00' }).errors
    expect(texts).toEqual([
      { field: 'startsAt', problem: 'invalid' },
      { field: 'titleJa', problem: 'tooLong', max: 100 },
      { field: 'titleEn', problem: 'invalid' },
    ])
  })
  it('refuses half a surrogate pair, keeps whole ones', () => {
    expect(checkMaintenanceForm({ on: 'true', ...titles, titleEn: 'a\ud800b' }).errors).toEqual([{ field: 'titleEn', problem: 'invalid' }])
    expect(checkMaintenanceForm({ on: 'true', ...titles, titleEn: 'a\udc00' }).errors).toEqual([{ field: 'titleEn', problem: 'invalid' }])
    expect(checkMaintenanceForm({ on: 'true', ...titles, titleEn: 'Back soon 😀' }).errors).toEqual([])
  })
  it('reads dates as ISO 8601 with a time zone only', () => {
    expect(parseDateField('')).toBeNull()
    expect(parseDateField('2026-12-01T02:00:00+09:00')?.toISOString()).toBe('2026-11-30T17:00:00.000Z')
    expect(parseDateField('2026-12-01')).toBeUndefined()
    expect(parseDateField('2026-13-45T99:00:00Z')).toBeUndefined()
    expect(parseDateField(['2026-12-01T02:00:00Z'])).toBeUndefined()
  })
})

describe('update flag (SPEC §4 required or available update)', () => {
  it('needs a version unless there is no update', () => {
    expect(checkUpdateForm({ state: 'none', version: 'x' })).toEqual({ setting: { state: 'none', version: '' }, errors: [] })
    expect(checkUpdateForm({ state: 'required' }).errors).toEqual([{ field: 'version', problem: 'required' }])
    expect(checkUpdateForm({ state: 'maybe', version: '1' }).errors).toEqual([{ field: 'state', problem: 'invalid' }])
    expect(checkUpdateForm({ state: 'available', version: '2026.11 beta' }).errors).toEqual([{ field: 'version', problem: 'invalid' }])
    expect(checkUpdateForm({ state: 'available', version: '2026.11.24' }).setting).toEqual({ state: 'available', version: '2026.11.24' })
  })
})

describe('legal document versions', () => {
  const now = new Date('2026-11-24T00:00:00Z')
  const texts = { titleJa: '利用規約', titleEn: 'Terms', titleFr: 'Conditions', bodyJa: '本文', bodyEn: 'Body', bodyFr: 'Corps' }
  it('need a title and a body in ja, en and fr, effective now or later', () => {
    expect(checkLegalForm({}, now).errors.map((e) => e.field)).toEqual(['titleJa', 'bodyJa', 'titleEn', 'bodyEn', 'titleFr', 'bodyFr'])
    expect(checkLegalForm(texts, now)).toMatchObject({ effectiveAt: now, errors: [] })
    expect(checkLegalForm({ ...texts, effectiveAt: '2026-11-23T00:00:00Z' }, now).errors).toEqual([{ field: 'effectiveAt', problem: 'inPast' }])
    expect(checkLegalForm({ ...texts, effectiveAt: '2027-01-01T00:00:00Z' }, now).effectiveAt.toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })
})

describe('moderation and the second factor', () => {
  it('content reports are only dismissed', () => {
    expect(reportActionAllowed('comment', 'hide')).toBe(true)
    expect(reportActionAllowed('content', 'hide')).toBe(false)
    expect(reportActionAllowed('content', 'dismiss')).toBe(true)
  })
  it('mutes last 1 to 365 days, 7 by default', () => {
    expect(parseMuteDays(undefined)).toBe(7)
    expect(parseMuteDays('1')).toBe(1)
    expect(parseMuteDays('365')).toBe(365)
    expect(parseMuteDays('0')).toBeNull()
    expect(parseMuteDays('366')).toBeNull()
    expect(parseMuteDays('1.5')).toBeNull()
  })
  it('codes are six digits, typed with spaces or not', () => {
    expect(normaliseTotpCode('123 456')).toBe('123456')
    expect(normaliseTotpCode('123-456')).toBe('123456')
    expect(normaliseTotpCode('12345')).toBeNull()
    expect(normaliseTotpCode('１２３４５６')).toBeNull()
    expect(normaliseTotpCode(['123456'])).toBeNull()
  })
  it('set-up codes: 20 characters without look-alikes, typed in any case, with or without dashes', () => {
    expect(ENROLMENT_CODE.alphabet).toHaveLength(32)
    expect(ENROLMENT_CODE.alphabet).not.toMatch(/[IO01]/)
    expect(formatEnrolmentCode('ABCDEFGHJKLMNPQRSTUV')).toBe('ABCD-EFGH-JKLM-NPQR-STUV')
    expect(normaliseEnrolmentCode('ABCD-EFGH-JKLM-NPQR-STUV')).toBe('ABCDEFGHJKLMNPQRSTUV')
    expect(normaliseEnrolmentCode(' abcd efgh jklm npqr stuv ')).toBe('ABCDEFGHJKLMNPQRSTUV')
    expect(normaliseEnrolmentCode('ABCD-EFGH-JKLM-NPQR-STU')).toBeNull()
    expect(normaliseEnrolmentCode('ABCD-EFGH-JKLM-NPQR-STU0')).toBeNull()
    expect(normaliseEnrolmentCode('ABCD-EFGH-JKLM-NPQR-STUVW')).toBeNull()
    expect(normaliseEnrolmentCode(['ABCDEFGHJKLMNPQRSTUV'])).toBeNull()
    expect(normaliseEnrolmentCode(undefined)).toBeNull()
  })
})

describe('content forms', () => {
  it('a title needs a name in every language', () => {
    expect(checkTitleTextsForm({ nameJa: '名前', nameEn: 'Name' }).errors).toEqual([{ field: 'nameFr', problem: 'required' }])
    expect(checkTitleTextsForm({ nameJa: '名前', nameEn: 'Name', nameFr: 'Nom', descriptionEn: 'x'.repeat(2001) }).errors).toEqual([
      { field: 'descriptionEn', problem: 'tooLong', max: 2000 },
    ])
  })
  const when = '2026-12-01T00:00:00Z'
  it('a way the chapter is not sold keeps the catalogue price -1, so a rental-only chapter stays rental-only', () => {
    const chapter = checkChapterSalesForm({ publishedAt: when, free: 'false', rentAllowedWith: ['coin'], rentalPrice: '2', price: '' })
    expect(chapter.errors).toEqual([])
    expect(chapter.setting).toMatchObject({ price: -1, originalPrice: -1, rentalPrice: 2, originalRentalPrice: 2 })
    expect(rentalOnly(chapter.setting)).toBe(true)
    // A price typed for a way that is not allowed is not kept either.
    expect(checkChapterSalesForm({ publishedAt: when, free: 'false', purchaseAllowedWith: 'coin', price: '50', rentalPrice: '3' }).setting).toMatchObject({
      price: 50,
      rentalPrice: -1,
    })
    expect(checkChapterSalesForm({ publishedAt: when, free: 'true', price: '50' }).setting).toMatchObject({ price: -1, rentalPrice: -1 })
  })

  it('a paid chapter is sold some way, at a price, never above the original price', () => {
    expect(checkChapterSalesForm({ publishedAt: when, free: 'false' }).errors).toEqual([{ field: 'purchaseAllowedWith', problem: 'required' }])
    expect(checkChapterSalesForm({ publishedAt: when, free: 'false', purchaseAllowedWith: 'coin' }).errors).toEqual([{ field: 'price', problem: 'required' }])
    expect(checkChapterSalesForm({ publishedAt: when, free: 'false', rentAllowedWith: ['gauge', 'coin'] }).errors).toEqual([
      { field: 'rentalPrice', problem: 'required' },
    ])
    expect(checkChapterSalesForm({ publishedAt: when, free: 'false', purchaseAllowedWith: 'coin', price: '60', originalPrice: '50' }).errors).toEqual([
      { field: 'price', problem: 'invalid' },
    ])
    expect(checkChapterSalesForm({ publishedAt: when, free: 'false', purchaseAllowedWith: ['coin', 'gauge'], price: '50' }).errors).toEqual([
      { field: 'purchaseAllowedWith', problem: 'invalid' },
      { field: 'purchaseAllowedWith', problem: 'required' },
    ])
    const ok = checkChapterSalesForm({ publishedAt: when, free: 'false', purchaseAllowedWith: 'coin', rentAllowedWith: ['ticket', 'ticket'], price: '50' })
    expect(ok).toEqual({
      setting: {
        publishedAt: '2026-12-01T00:00:00.000Z',
        free: false,
        price: 50,
        originalPrice: 50,
        rentalPrice: 0,
        originalRentalPrice: 0,
        rentAllowedWith: ['ticket'],
        purchaseAllowedWith: ['coin'],
      },
      errors: [],
    })
  })
  it('a free chapter needs no way to pay; prices are whole coins within reason', () => {
    expect(checkChapterSalesForm({ publishedAt: when, free: 'true' }).errors).toEqual([])
    expect(
      checkChapterSalesForm({ publishedAt: when, free: 'true', price: '-1', rentalPrice: '1.5', originalPrice: '10001' }).errors.map((e) => e.field),
    ).toEqual(['price', 'originalPrice', 'rentalPrice'])
    expect(checkChapterSalesForm({ free: 'true' }).errors).toEqual([{ field: 'publishedAt', problem: 'required' }])
  })

  const genres = ['romance', 'fantasy', 'action']
  it('a title keeps one genre at least, each one of the catalogue’s, and a badge operators may give', () => {
    expect(checkTitleLabelsForm({ genres: ['fantasy', 'romance', 'fantasy'], badge: 'HOT' }, genres)).toEqual({
      setting: { genres: ['fantasy', 'romance'], badge: 'HOT' },
      errors: [],
    })
    expect(checkTitleLabelsForm({ genres: 'action', badge: '' }, genres)).toEqual({ setting: { genres: ['action'], badge: null }, errors: [] })
    expect(checkTitleLabelsForm({}, genres).errors).toEqual([{ field: 'genres', problem: 'required' }])
    expect(checkTitleLabelsForm({ genres: ['romance', 'cooking'] }, genres).errors).toEqual([{ field: 'genres', problem: 'invalid' }])
    // Mature follows the title's rating and Rental Only a chapter's sales config: not an operator's badge.
    for (const badge of ['MATURE', 'RENTAL_ONLY', 'hot', 'NONE'])
      expect(checkTitleLabelsForm({ genres: 'romance', badge }, genres).errors).toEqual([{ field: 'badge', problem: 'invalid' }])
    for (const badge of TITLE_BADGES) expect(BADGES).toContain(badge)
  })
})

describe('coupon form', () => {
  const now = new Date('2026-11-24T00:00:00Z')
  const titles = { titleJa: 'クーポン', titleEn: 'Coupon', titleFr: 'Code' }
  it('stores the code as readers type it once normalised, with a reward and titles', () => {
    const { setting, errors } = checkCouponForm({ code: ' spring-2027 x ', kind: 'coin', coinType: 'free', amount: '30', validDays: '30', ...titles }, now)
    expect(errors).toEqual([])
    expect(setting).toMatchObject({
      code: 'SPRING2027X',
      kind: 'coin',
      coinType: 'free',
      amount: 30,
      validDays: 30,
      startsAt: now.toISOString(),
      endsAt: null,
      maxRedemptions: null,
    })
  })
  it('names each problem', () => {
    expect(checkCouponForm({}, now).errors.map((e) => e.field)).toEqual(['code', 'kind', 'amount', 'titleJa', 'titleEn', 'titleFr'])
    expect(checkCouponForm({ code: 'ab!', kind: 'coin', amount: '5', ...titles }, now).errors).toEqual([
      { field: 'code', problem: 'invalid' },
      { field: 'coinType', problem: 'required' },
    ])
    expect(checkCouponForm({ code: 'TICKETS1', kind: 'ticket', amount: '3', contentId: 'x', endsAt: '2026-11-23T00:00:00Z', ...titles }, now).errors).toEqual([
      { field: 'contentId', problem: 'invalid' },
      { field: 'endsAt', problem: 'endBeforeStart' },
    ])
    expect(checkCouponForm({ code: 'A'.repeat(33), kind: 'coin', coinType: 'bonus', amount: '10001', ...titles }, now).errors).toEqual([
      { field: 'code', problem: 'tooLong', max: 32 },
      { field: 'amount', problem: 'invalid' },
    ])
  })
})

describe('import from the browser', () => {
  const page = (name: string, size = 1000) => ({ name, size })
  it('one EPUB, or image pages with a title', () => {
    expect(checkImportForm({ kind: 'epub' }, [page('moby-dick.EPUB')])).toEqual({ kind: 'epub', title: '', errors: [] })
    expect(checkImportForm({ kind: 'images', title: ' Night walk ' }, [page('002.png'), page('001.JPG')])).toEqual({
      kind: 'images',
      title: 'Night walk',
      errors: [],
    })
    expect(checkImportForm({}, []).errors).toEqual([
      { field: 'kind', problem: 'required' },
      { field: 'files', problem: 'required' },
    ])
    expect(checkImportForm({ kind: 'pdf' }, [page('a.pdf')]).errors).toEqual([{ field: 'kind', problem: 'invalid' }])
  })
  it('refuses the wrong kind of file, and a comic without a title', () => {
    expect(checkImportForm({ kind: 'epub' }, [page('book.epub'), page('other.epub')]).errors).toEqual([{ field: 'files', problem: 'invalid' }])
    expect(checkImportForm({ kind: 'epub' }, [page('cover.png')]).errors).toEqual([{ field: 'files', problem: 'invalid' }])
    expect(checkImportForm({ kind: 'images', title: 'x' }, [page('001.png'), page('notes.txt')]).errors).toEqual([{ field: 'files', problem: 'invalid' }])
    expect(checkImportForm({ kind: 'images', title: '' }, [page('001.png')]).errors).toEqual([{ field: 'title', problem: 'required' }])
  })
  it('knows what the API would refuse as too large', () => {
    expect(importTooLarge('epub', [page('a.epub', IMPORT_LIMITS.epubBytes)])).toBe(false)
    expect(importTooLarge('epub', [page('a.epub', IMPORT_LIMITS.epubBytes + 1)])).toBe(true)
    expect(importTooLarge('images', [page('1.png', IMPORT_LIMITS.imageBytes + 1)])).toBe(true)
    expect(
      importTooLarge(
        'images',
        Array.from({ length: 11 }, (_, i) => page(`${i}.png`, IMPORT_LIMITS.totalBytes / 10)),
      ),
    ).toBe(true)
    expect(
      importTooLarge(
        'images',
        Array.from({ length: IMPORT_LIMITS.pages + 1 }, (_, i) => page(`${i}.png`, 10)),
      ),
    ).toBe(true)
  })
})
