import type { Caller } from '../world'
import type { TestApp } from '../testApp'
import { SANDBOX_PAYPAL_CLIENT_ID } from '../../modules/coinshop/providers/sandbox'

/**
 * Good values by parameter and field name (path parameters, query and body fields of the table,
 * and of the sandboxes outside it): the hostile suite mixes them in so requests get past the
 * first checks and reach deeper ones.
 */
export async function sampleValues(t: TestApp, member: Caller): Promise<Record<string, string[]>> {
  const chapter = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id', 'c.id as contentId', 'c.type'])
    .where('c.mature', '=', false)
    .orderBy('ch.id')
    .executeTakeFirstOrThrow()
  const comment = await t.db.selectFrom('comments').select('id').orderBy('id').executeTakeFirst()
  const image = await t.db.selectFrom('images').select('id').where('access', '=', 'public').orderBy('id').executeTakeFirstOrThrow()
  const product = await t.db.selectFrom('coin_products').select('seq').where('currency', '=', 'USD').orderBy('sort').executeTakeFirstOrThrow()
  const genre = await t.db.selectFrom('genres').select('code').orderBy('id').executeTakeFirstOrThrow()
  const gift = await t.db
    .selectFrom('inbox_gifts')
    .select('id')
    .where('member_id', '=', member.userId ?? 0)
    .executeTakeFirst()
  return {
    // Path parameters.
    type: [chapter.type, 'terms'],
    // The operator API (issue 17).
    kind: ['comment', 'content'],
    action: ['hide', 'restore', 'dismiss'],
    sanction: ['mute', 'unmute', 'suspend', 'reinstate'],
    id: [String(chapter.contentId)],
    chapterId: [String(chapter.id)],
    salesType: ['product', 'trial'],
    imageId: [String(image.id)],
    index: ['0'],
    count: ['2'],
    mmid: ['m1'],
    mmc: ['c1'],
    lang: ['en'],
    holder: ['all_comic'],
    code: ['new', 'adult', 'KOMA2026'],
    genre: [genre.code],
    prefix: ['all_comic'],
    tab: ['all', 'subscribed', 'history'],
    purpose: ['signin', 'link', 'changeEmail'],
    value: ['on', 'off'],
    userId: ['me', String(member.userId)],
    deviceId: [member.deviceId],
    provider: ['google', 'kakao'],
    giftId: gift ? [String(gift.id)] : [],
    messageId: ['1'],
    method: ['paypal'],
    carrier: ['softbank'],
    commentId: comment ? [String(comment.id)] : [],
    category: ['spam', 'image', 'other'],
    authorUserId: [String(member.userId)],
    version: ['1'],
    '*': ['manifest.json', 'OEBPS/section-1.xhtml'],
    // Query and body fields.
    email: ['reader@koma.example', 'new.reader@koma.example'],
    token: ['123456'],
    nickname: ['Reader'],
    birthday: ['2000-01-01'],
    termsAgree: ['true'],
    privacyAgree: ['true'],
    marketingAgree: ['false'],
    stayLogged: ['true'],
    mobile: ['01012345678'],
    marketInfoAgree: ['Y'],
    reason: ['other'],
    pageNo: ['1', '999'],
    seqNo: ['0'],
    pageSize: ['20'],
    query: ['a'],
    order: ['likes', 'newest'],
    hidden: ['true'],
    currentItemCode: ['MON'],
    chapterFileSalesType: ['product', 'trial'],
    languageId: ['en'],
    href: ['1'],
    progression: ['0.5'],
    totalProgression: ['0.5'],
    position: ['1'],
    w: ['320'],
    dpr: ['2'],
    format: ['webp'],
    redirect: ['/account/setting'],
    origin: ['http://127.0.0.1:8080'],
    text: ['Hello'],
    price: ['1'],
    coinBackPrice: ['0'],
    rentalPrice: ['1'],
    chapterIds: [String(chapter.id)],
    lastRespondedSeqNo: ['1'],
    time: [new Date().toISOString()],
    productSeq: [String(product.seq)],
    nextUrl: ['/coinpurchase/result'],
    serviceOrderId: [`KO${'0'.repeat(24)}`],
    securityCode: ['123'],
    cardId: ['1'],
    save: ['true'],
    comment: ['A fine chapter.'],
    message: ['Spam.'],
    keyLayout: ['fixed'],
    imageQualityWifi: ['high'],
    imageQualityMobile: ['data_saving'],
    autoScrollSpeed: ['4'],
    paperMode: ['true'],
    // The sandboxes outside the table.
    client_id: ['koma-web-google'],
    'client-id': [SANDBOX_PAYPAL_CLIENT_ID],
    redirect_uri: ['http://127.0.0.1:8080/member/external-idp/web/google/callback'],
    state: ['abcdefghijklmnop'],
    decision: ['allow', 'verify'],
    grant_type: ['authorization_code'],
    tradeId: ['abcdefghijkl'],
    // The one-click unsubscribe link's form (RFC 8058).
    'List-Unsubscribe': ['One-Click'],
  }
}
