import type { Endpoints } from '@koma/contracts/server'
import { createBanner, createPopup, createSection } from '../../modules/ops/homeCampaigns'
import { sendGift } from '../../modules/ops/gifts'
import { multipartBody, totpCode } from '../ops'
import { insertTitle } from '../../modules/viewer/importer'
import { newCaller, tinyPng, type World } from '../world'
import { anyone, expectContains, operators, perWorld, type Expectation } from './rules'

/**
 * The operator API (issue 17): every endpoint answers only the operator (a member with the role
 * and a confirmed second factor); a visitor gets 401, a guest, a member and the owner 403. The
 * operator's changes here leave the world usable for the other endpoints: maintenance stays off,
 * the published document is a future version of a document nobody has to agree to.
 */

/** A member with a comment reported by the suite's member, and an episode report to act on. */
const moderation = perWorld(async (w: World) => {
  const { t } = w
  const target = await newCaller(t, 'member')
  const chapter = w.chapters.commented
  const comment = await t.db
    .insertInto('comments')
    .values({
      content_id: chapter.contentId,
      chapter_id: chapter.chapterId,
      member_id: target.userId!,
      body: `reported ${w.marker}`,
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const reporter = w.callers.member.userId!
  const commentReport = await t.db
    .insertInto('comment_reports')
    .values({ comment_id: comment.id, reporter_id: reporter, category: 'spam', message: 'advertising' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const contentReport = await t.db
    .insertInto('content_reports')
    // Reported by the new member: the suite's own members report episodes elsewhere in the matrix (one queued report per episode, member and category).
    .values({
      content_id: w.chapters.free.contentId,
      chapter_id: w.chapters.free.chapterId,
      reporter_id: target.userId!,
      category: 'image',
      message: 'page 3 is blank',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { targetId: target.userId!, commentId: Number(comment.id), commentReportId: Number(commentReport.id), contentReportId: Number(contentReport.id) }
})

/** A title of the suite's own to hide and relabel (hiding a seeded one would take it from the other endpoints' cases). */
const spareTitle = perWorld(async (w: World) => {
  const cover = await w.t.db.selectFrom('images').select('id').where('access', '=', 'public').orderBy('id').limit(1).executeTakeFirstOrThrow()
  const name = { ja: `予備 ${w.marker}`, en: `Spare ${w.marker}`, fr: `Réserve ${w.marker}` }
  return insertTitle(w.t.db, {
    name,
    description: name,
    author: name,
    orientation: 'paged',
    readingDirection: 'rtl',
    format: 'image',
    coverImageId: Number(cover.id),
    hue: 200,
    now: w.t.clock.now(),
  })
})

/** A notice and a question of the suite's own to edit and end (the seeded ones are other endpoints' cases). */
const documents = perWorld(async (w: World) => {
  const notice = await w.t.db
    .insertInto('notices')
    .values({ category: 'event', pinned: false, published_at: w.t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const faq = await w.t.db.insertInto('faqs').values({ category: 'other', sort: 99 }).returning('id').executeTakeFirstOrThrow()
  return { noticeId: Number(notice.id), faqId: Number(faq.id) }
})
const noticeBody = {
  category: 'event',
  publishedAt: '2026-12-01T00:00:00Z',
  titleJa: 'お知らせ',
  titleEn: 'News',
  titleFr: 'Actualité',
  bodyJa: '本文',
  bodyEn: 'Body',
  bodyFr: 'Corps',
}
const faqBody = {
  category: 'coin',
  sort: '3',
  questionJa: '質問',
  questionEn: 'Question',
  questionFr: 'Question',
  answerJa: '答え',
  answerEn: 'Answer',
  answerFr: 'Réponse',
}

const maintenanceOff = { on: 'false', titleJa: 'メンテナンス', titleEn: 'Maintenance', titleFr: 'Maintenance', descriptionEn: 'Back soon.' }
const futureLegal = {
  effectiveAt: '2090-01-01T00:00:00Z',
  titleJa: 'コミュニティガイドライン',
  titleEn: 'Community guidelines',
  titleFr: 'Règles de la communauté',
  bodyJa: '本文',
  bodyEn: 'Be kind.',
  bodyFr: 'Soyez aimables.',
}

/** A multipart body as the matrix sends raw ones: bytes, with its type in the headers. */
const upload = (body: { payload: Buffer; type: string }) => ({ raw: body.payload, headers: { 'content-type': body.type } })

/**
 * Campaigns of the suite's own, far in the future (no reader meets them while the matrix runs):
 * a popup, a section, a banner in it and a gift to the third member, to end.
 */
const future = { startsAt: '2090-01-01T00:00:00Z' }
const texts = { titleJa: 'キャンペーン', titleEn: 'Campaign', titleFr: 'Opération' }
const popupBody = { ...future, ...texts, kind: 'content', category: 'event', link: '/menu/all_comic/event' }
const sectionBody = (w: World) => ({
  ...future,
  ...texts,
  elementType: 'banner_list_group',
  shuffleGroup: `M${w.marker}`,
  contentIds: String(w.chapters.free.contentId),
})
const bannerBody = (sectionId: number, w: World) => ({ ...future, ...texts, sectionId: String(sectionId), contentId: String(w.chapters.free.contentId) })
const giftBody = (w: World, key: string) => ({
  ...future,
  ...texts,
  requestKey: `access-${w.marker}-${key}`,
  audience: 'member',
  memberId: String(w.thirdUserId),
  kind: 'coin',
  coinType: 'bonus',
  amount: '5',
})
const campaigns = perWorld(async (w: World) => {
  const cli = { memberId: null, label: 'cli:access' }
  const refuse = () => new Error('the suite’s campaign was refused')
  const popup = await createPopup(w.t.deps, cli, popupBody, refuse)
  const section = await createSection(w.t.deps, cli, sectionBody(w), refuse)
  const banner = await createBanner(w.t.deps, cli, bannerBody(section.id, w), refuse)
  const gift = await sendGift(w.t.deps, cli, giftBody(w, 'setup'), refuse)
  return { popupId: popup.id, sectionId: section.id, bannerId: banner.id, giftId: gift.id }
})

type OpsKey = Extract<keyof Endpoints, `ops${string}`> | 'appVersion' | 'homePreview'

export const opsExpectations: Record<OpsKey, Expectation> = {
  appVersion: { cases: [{ name: 'the update flag', request: () => ({}), expect: anyone() }] },
  opsMe: {
    cases: [
      {
        name: 'who the operator is',
        request: () => ({}),
        expect: operators(),
        check: (r, caller) => {
          if (caller.who === 'operator') expectContains(r, '"verified":true', true)
        },
      },
    ],
  },
  opsTotpEnrol: {
    cases: [
      { name: 'a second set-up once one is confirmed', request: () => ({ body: { enrolmentCode: 'ABCD-EFGH-JKLM-NPQR-STUV' } }), expect: operators(409) },
    ],
  },
  opsTotpVerify: {
    cases: [
      {
        name: 'the next code of the app',
        request: async (_w, caller) => ({ body: { code: caller.totpSecret ? await totpCode(caller.totpSecret, 1) : '123456' } }),
        expect: operators(),
        selects: [],
      },
      { name: 'not a code', request: () => ({ body: { code: 'abc' } }), expect: operators(400) },
    ],
  },
  opsReleaseRecord: {
    cases: [
      {
        name: 'a release the edge made',
        request: () => ({ body: { package: 'mf-catalog', action: 'rollback', from: '20261124203052-f37dc761', to: '20261124190000-0123abcd' } }),
        expect: operators(),
        selects: ['package', 'action', 'from', 'to'],
      },
      {
        name: 'not a package',
        request: () => ({ body: { package: '../etc', action: 'promote', from: '20261124203052-f37dc761', to: '20261124190000-0123abcd' } }),
        expect: operators(400),
      },
    ],
  },
  opsProcessReading: {
    cases: [{ name: "this process's Prometheus figures", request: () => ({}), expect: operators() }],
  },
  opsAudit: {
    cases: [
      {
        name: 'the audit log',
        request: () => ({}),
        expect: operators(),
        check: (r, caller) => {
          if (caller.who === 'operator') expectContains(r, 'operator.grant', true)
        },
      },
      { name: 'one kind of action', request: () => ({ query: { action: 'operator.', pageSize: '5' } }), expect: operators() },
      { name: 'a page size out of range', request: () => ({ query: { pageSize: '100000' } }), expect: operators(400) },
    ],
  },
  opsService: { cases: [{ name: 'the service states', request: () => ({}), expect: operators() }] },
  opsMaintenance: {
    cases: [
      { name: 'maintenance stays off', request: () => ({ body: maintenanceOff }), expect: operators() },
      { name: 'switched on without titles', request: () => ({ body: { on: 'true' } }), expect: operators(400) },
    ],
  },
  opsUpdate: {
    cases: [
      { name: 'an update is available', request: () => ({ body: { state: 'available', version: '2026.11.24' } }), expect: operators() },
      { name: 'a state that is not one', request: () => ({ body: { state: 'maybe' } }), expect: operators(400) },
    ],
  },
  opsLegalPublish: {
    cases: [
      { name: 'a future version of the community guidelines', request: () => ({ params: { type: 'community' }, body: futureLegal }), expect: operators() },
      { name: 'a document that does not exist', request: () => ({ params: { type: 'nothing' }, body: futureLegal }), expect: operators(404) },
      { name: 'without its texts', request: () => ({ params: { type: 'community' }, body: { effectiveAt: futureLegal.effectiveAt } }), expect: operators(400) },
    ],
  },
  opsReports: {
    cases: [
      {
        name: 'the comment report queue',
        request: async (w) => (await moderation(w), {}),
        expect: operators(),
        check: async (r, caller, w) => {
          if (caller.who === 'operator') expectContains(r, `reported ${w.marker}`, true)
        },
      },
      { name: 'episode reports already dealt with', request: () => ({ query: { kind: 'content', status: 'done' } }), expect: operators() },
      { name: 'a kind that is not one', request: () => ({ query: { kind: 'everything' } }), expect: operators(400) },
    ],
  },
  opsReportAction: {
    cases: [
      {
        name: 'hide a reported comment',
        request: async (w) => ({ params: { kind: 'comment', id: (await moderation(w)).commentReportId, action: 'hide' } }),
        expect: operators(),
      },
      {
        name: 'dismiss an episode report',
        request: async (w) => ({ params: { kind: 'content', id: (await moderation(w)).contentReportId, action: 'dismiss' } }),
        expect: operators(),
      },
      {
        name: 'hide an episode report',
        request: async (w) => ({ params: { kind: 'content', id: (await moderation(w)).contentReportId, action: 'hide' } }),
        expect: operators(400),
      },
      {
        name: 'an action that is not one',
        request: async (w) => ({ params: { kind: 'comment', id: (await moderation(w)).commentReportId, action: 'delete' } }),
        expect: operators(404),
      },
      { name: 'a report that does not exist', request: () => ({ params: { kind: 'comment', id: 987654321, action: 'dismiss' } }), expect: operators(404) },
    ],
  },
  opsMember: {
    cases: [
      { name: 'a member as operators see them', request: async (w) => ({ params: { userId: (await moderation(w)).targetId } }), expect: operators() },
      { name: 'nobody', request: () => ({ params: { userId: 987654321 } }), expect: operators(404) },
    ],
  },
  opsMemberSanction: {
    cases: [
      {
        name: 'mute a member for three days',
        request: async (w) => ({ params: { userId: (await moderation(w)).targetId, sanction: 'mute' }, body: { days: '3' } }),
        expect: operators(),
      },
      {
        name: 'mute for a thousand days',
        request: async (w) => ({ params: { userId: (await moderation(w)).targetId, sanction: 'mute' }, body: { days: '1000' } }),
        expect: operators(400),
      },
      { name: 'suspend an operator', request: (w) => ({ params: { userId: w.callers.operator.userId!, sanction: 'suspend' } }), expect: operators(409) },
    ],
  },
  opsTitles: {
    cases: [
      { name: 'titles by name', request: () => ({ query: { query: 'a' } }), expect: operators() },
      { name: 'a page number that is not one', request: () => ({ query: { pageNo: '0' } }), expect: operators(404) },
    ],
  },
  opsTitle: {
    cases: [
      { name: 'a title with its chapters', request: (w) => ({ params: { id: w.chapters.free.contentId } }), expect: operators() },
      { name: 'no such title', request: () => ({ params: { id: 987654321 } }), expect: operators(404) },
    ],
  },
  opsTitleTexts: {
    cases: [
      {
        name: 'names without French',
        request: (w) => ({ params: { id: w.chapters.free.contentId }, body: { nameJa: '名前', nameEn: 'Name' } }),
        expect: operators(400),
      },
    ],
  },
  opsTitleVisibility: {
    cases: [
      { name: 'hide a title', request: async (w) => ({ params: { id: await spareTitle(w), action: 'hide' } }), expect: operators() },
      { name: 'show it again', request: async (w) => ({ params: { id: await spareTitle(w), action: 'unhide' } }), expect: operators() },
      { name: 'an action that is none', request: async (w) => ({ params: { id: await spareTitle(w), action: 'delete' } }), expect: operators(404) },
      { name: 'no such title', request: () => ({ params: { id: 987654321, action: 'hide' } }), expect: operators(404) },
    ],
  },
  opsTitleLabels: {
    cases: [
      {
        name: 'genres and a badge',
        request: async (w) => ({ params: { id: await spareTitle(w) }, body: { genres: ['fantasy', 'drama'], badge: 'NEW' } }),
        expect: operators(),
      },
      {
        name: 'a genre the catalogue has not',
        request: async (w) => ({ params: { id: await spareTitle(w) }, body: { genres: 'cooking' } }),
        expect: operators(400),
      },
      { name: 'no such title', request: () => ({ params: { id: 987654321 }, body: { genres: 'drama' } }), expect: operators(404) },
    ],
  },
  opsImport: {
    cases: [
      {
        name: 'a comic of one page',
        request: async () =>
          upload(multipartBody({ kind: 'images', title: 'Matrix comic' }, [{ field: 'pages', name: '001.png', bytes: await tinyPng(), type: 'image/png' }])),
        expect: operators(),
      },
      {
        name: 'a text file as a page',
        request: () => upload(multipartBody({ kind: 'images', title: 'Notes' }, [{ field: 'pages', name: 'notes.txt', bytes: Buffer.from('hello') }])),
        expect: operators(400),
      },
    ],
  },
  opsGenres: { cases: [{ name: 'the catalogue’s genres', request: () => ({}), expect: operators() }] },
  opsChapterSales: {
    cases: [
      {
        name: 'a paid chapter nobody can buy',
        request: (w) => ({ params: { id: w.chapters.free.chapterId }, body: { publishedAt: '2026-01-01T00:00:00Z', free: 'false' } }),
        expect: operators(400),
      },
      {
        name: 'no such chapter',
        request: () => ({ params: { id: 987654321 }, body: { publishedAt: '2026-01-01T00:00:00Z', free: 'true' } }),
        expect: operators(404),
      },
    ],
  },
  opsChapterPages: {
    cases: [
      { name: 'a chapter’s pages and their descriptions', request: (w) => ({ params: { id: w.chapters.free.chapterId } }), expect: operators() },
      { name: 'no such chapter', request: () => ({ params: { id: 987654321 } }), expect: operators(404) },
    ],
  },
  opsPageDescription: {
    cases: [
      {
        name: 'describe the first page',
        request: (w) => ({
          params: { id: w.chapters.free.chapterId, sort: 1 },
          body: { descriptionJa: '少女が手を振る。', descriptionEn: 'A girl waves.', descriptionFr: 'Une fille fait signe.' },
        }),
        expect: operators(),
      },
      {
        name: 'a description past its length',
        request: (w) => ({ params: { id: w.chapters.free.chapterId, sort: 1 }, body: { descriptionEn: 'x'.repeat(2001) } }),
        expect: operators(400),
      },
      { name: 'no such page', request: (w) => ({ params: { id: w.chapters.free.chapterId, sort: 9999 }, body: {} }), expect: operators(404) },
    ],
  },
  opsCoupons: {
    cases: [
      {
        name: 'the coupons',
        request: () => ({}),
        expect: operators(),
        check: (r, caller) => {
          if (caller.who === 'operator') expectContains(r, 'KOMA2026', true)
        },
      },
    ],
  },
  opsCouponCreate: {
    cases: [
      {
        name: 'a coupon for 10 bonus coins',
        request: (w, caller) => ({
          body: {
            code: `OPS${w.marker}${caller.who}`.toUpperCase(),
            kind: 'coin',
            coinType: 'bonus',
            amount: '10',
            titleJa: '10コイン',
            titleEn: '10 coins',
            titleFr: '10 pièces',
          },
        }),
        expect: operators(),
      },
      {
        name: 'a coupon with the code of another',
        request: () => ({ body: { code: 'KOMA2026', kind: 'coin', coinType: 'bonus', amount: '10', titleJa: 'a', titleEn: 'a', titleFr: 'a' } }),
        expect: operators(409),
      },
      { name: 'a coupon without a reward', request: () => ({ body: { code: 'NOREWARD1' } }), expect: operators(400) },
    ],
  },
  opsCouponEnd: {
    cases: [
      { name: 'end an expired coupon', request: () => ({ params: { code: 'SUMMER2025' } }), expect: operators() },
      { name: 'no such coupon', request: () => ({ params: { code: 'NOPE0000' } }), expect: operators(404) },
    ],
  },
  opsNotices: { cases: [{ name: 'every notice, scheduled too', request: () => ({}), expect: operators() }] },
  opsNoticeCreate: {
    cases: [
      { name: 'a scheduled notice', request: () => ({ body: noticeBody }), expect: operators() },
      { name: 'a notice in English only', request: () => ({ body: { category: 'event', titleEn: 'News', bodyEn: 'Body' } }), expect: operators(400) },
    ],
  },
  opsNoticeUpdate: {
    cases: [
      { name: 'rewrite a notice', request: async (w) => ({ params: { id: (await documents(w)).noticeId }, body: noticeBody }), expect: operators() },
      { name: 'no such notice', request: () => ({ params: { id: 987654321 }, body: noticeBody }), expect: operators(404) },
    ],
  },
  opsNoticeDelete: { cases: [{ name: 'end a notice', request: async (w) => ({ params: { id: (await documents(w)).noticeId } }), expect: operators() }] },
  opsFaqs: { cases: [{ name: 'the questions', request: () => ({}), expect: operators() }] },
  opsFaqCreate: {
    cases: [
      { name: 'a question', request: () => ({ body: faqBody }), expect: operators() },
      { name: 'a question of no category', request: () => ({ body: { ...faqBody, category: 'everything' } }), expect: operators(400) },
    ],
  },
  opsFaqUpdate: {
    cases: [{ name: 'rewrite a question', request: async (w) => ({ params: { id: (await documents(w)).faqId }, body: faqBody }), expect: operators() }],
  },
  opsFaqDelete: { cases: [{ name: 'remove a question', request: async (w) => ({ params: { id: (await documents(w)).faqId } }), expect: operators() }] },
  opsHome: {
    cases: [
      {
        name: 'the home campaigns',
        request: async (w) => (await campaigns(w), {}),
        expect: operators(),
        check: (r, caller) => {
          if (caller.who === 'operator') expectContains(r, 'Opération', true)
        },
      },
    ],
  },
  opsPopupCreate: {
    cases: [
      { name: 'a popup for later', request: () => ({ body: popupBody }), expect: operators() },
      { name: 'a content popup without its category', request: () => ({ body: { ...popupBody, category: '' } }), expect: operators(400) },
      { name: 'a popup on a page that does not exist', request: () => ({ body: { ...popupBody, page: 'nowhere' } }), expect: operators(400) },
    ],
  },
  opsPopupEnd: {
    cases: [
      { name: 'end a popup', request: async (w) => ({ params: { id: (await campaigns(w)).popupId } }), expect: operators() },
      { name: 'no such popup', request: () => ({ params: { id: 987654321 } }), expect: operators(404) },
    ],
  },
  opsSectionCreate: {
    cases: [
      { name: 'a section for later', request: (w) => ({ body: sectionBody(w) }), expect: operators() },
      { name: 'a section of titles that do not exist', request: (w) => ({ body: { ...sectionBody(w), contentIds: '987654321' } }), expect: operators(400) },
    ],
  },
  opsSectionEnd: {
    cases: [{ name: 'end a section', request: async (w) => ({ params: { id: (await campaigns(w)).sectionId } }), expect: operators() }],
  },
  opsBannerCreate: {
    cases: [
      { name: 'a banner for later', request: async (w) => ({ body: bannerBody((await campaigns(w)).sectionId, w) }), expect: operators() },
      { name: 'a banner in no section', request: (w) => ({ body: bannerBody(987654321, w) }), expect: operators(400) },
    ],
  },
  opsBannerEnd: {
    cases: [
      { name: 'end a banner', request: async (w) => ({ params: { id: (await campaigns(w)).bannerId } }), expect: operators() },
      { name: 'no such banner', request: () => ({ params: { id: 987654321 } }), expect: operators(404) },
    ],
  },
  homePreview: {
    cases: [
      {
        name: 'the home as it will be',
        request: async (w) => (await campaigns(w), { params: { lang: 'fr' }, query: { at: '2090-01-02T00:00:00Z' } }),
        expect: operators(),
        check: (r, caller) => {
          if (caller.who === 'operator') expectContains(r, 'Opération', true)
        },
      },
      { name: 'a time that is not one', request: () => ({ params: { lang: 'en' }, query: { at: 'tomorrow' } }), expect: operators(400) },
    ],
  },
  opsGifts: { cases: [{ name: 'the gifts sent', request: async (w) => (await campaigns(w), {}), expect: operators() }] },
  opsGiftSend: {
    cases: [
      { name: 'a gift to a member, later', request: (w, caller) => ({ body: giftBody(w, caller.who) }), expect: operators() },
      { name: 'a gift of nothing', request: (w) => ({ body: { ...giftBody(w, 'nothing'), amount: '' } }), expect: operators(400) },
      {
        name: 'the key of another gift',
        request: async (w) => (await campaigns(w), { body: { ...giftBody(w, 'setup'), amount: '500' } }),
        expect: operators(409),
      },
    ],
  },
  opsGiftEnd: {
    cases: [
      { name: 'end a gift', request: async (w) => ({ params: { id: (await campaigns(w)).giftId } }), expect: operators() },
      { name: 'no such gift', request: () => ({ params: { id: 987654321 } }), expect: operators(404) },
    ],
  },
}
