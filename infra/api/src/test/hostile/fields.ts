import type { BodyOf, Endpoints, QueryOf } from '@koma/contracts/server'

/**
 * The query and body fields of each endpoint (what the contracts type them as), so the hostile
 * suite aims at fields the handlers read, besides the made-up ones. Typed against the contracts:
 * a field that is not in an endpoint's query or body type is refused by TypeScript.
 */
type Fields<E> = { query?: readonly (keyof QueryOf<E> & string)[]; body?: readonly (keyof BodyOf<E> & string)[] }

const paging = ['pageNo', 'seqNo', 'pageSize'] as const
const sealed = ['sessionKey', 'rsaEncryptedString'] as const
const join = ['nickname', 'birthday', 'termsAgree', 'privacyAgree', 'marketingAgree'] as const
const image = ['w', 'dpr', 'format', 'e', 's'] as const
const progress = ['href', 'type', 'progression', 'totalProgression', 'position'] as const
const card = ['productSeq', 'mdkToken', 'cardId', 'email', 'save', 'transactionToken', 'securityCode'] as const

export const FIELDS: { [K in keyof Endpoints]?: Fields<Endpoints[K]> } = {
  image: { query: image },
  imageTile: { query: image },
  menuList: { query: [...paging, 'currentItemCode'] },
  menuGenre: { query: paging },
  promotion: { query: paging },
  contentCatalog: { query: paging },
  search: { body: ['query', 'pageNo', 'pageSize'] },
  library: { query: [...paging, 'order', 'hidden'] },
  chapterEpub: { query: ['chapterId', 'chapterFileSalesType', 'languageId'] },
  readProgress: { body: progress },
  readFinished: { body: progress },
  signin: { body: ['email', ...sealed, 'stayLogged'] },
  sendVerifyToken: { body: ['email', 'purpose'] },
  checkVerifyToken: { body: ['email', 'token', 'purpose'] },
  signup: { body: ['email', ...sealed, ...join] },
  passwordFind: { query: ['email'] },
  passwordResetCheck: { query: ['token'] },
  passwordReset: { body: [...sealed, 'token'] },
  passwordChange: { body: sealed },
  changeEmail: { body: ['email', 'token', ...sealed] },
  nickname: { body: ['nickname'] },
  mobile: { body: ['mobile'] },
  marketInfoAgree: { body: ['marketInfoAgree'] },
  deleteMember: { body: ['reason'] },
  termsAgree: { body: ['version'] },
  settingsUpdate: {
    body: [
      'marketing',
      'subscriptionUpdates',
      'freeEpisodeUpdates',
      'newsEmails',
      'releaseUpdates',
      'nightRestriction',
      'keyLayout',
      'imageQualityWifi',
      'imageQualityMobile',
      'autoScrollSpeed',
      'paperMode',
      'timeZone',
    ],
  },
  certificationInit: { query: ['redirect'] },
  certificationComplete: { query: ['code'] },
  idpAuthorize: { query: ['purpose', 'redirect'] },
  idpSignin: { body: ['code', 'state'] },
  idpLink: { body: ['code', 'state'] },
  socialJoin: { body: ['pendingToken', ...join] },
  gifts: { query: ['tab'] },
  couponRedeem: { body: ['code'] },
  inquiry: { body: ['category', 'email', 'text', 'imageIds'] },
  notices: { query: ['pageNo'] },
  faqs: { query: ['category'] },
  chapterUnlock: { body: ['token', 'price', 'coinBackPrice'] },
  chapterUnlockAll: { body: ['chapterIds', 'token', 'price', 'coinBackPrice'] },
  chapterRentWithCoin: { body: ['token', 'rentalPrice'] },
  chapterRentWithTicket: { body: ['token', 'rentalPrice'] },
  chapterRentWithGauge: { body: ['token', 'rentalPrice'] },
  chapterRentWithSubscribe: { body: ['token', 'rentalPrice'] },
  coinHistory: { query: ['lastRespondedSeqNo'] },
  debugFaketimeSet: { query: ['time'] },
  paymentReserve: { body: ['productSeq', 'nextUrl'] },
  paymentExecute: { body: ['serviceOrderId', 'token', 'orderId', 'PayerID'] },
  paymentResultFinish: { body: ['serviceOrderId'] },
  paymentResultCancel: { body: ['serviceOrderId'] },
  cardRegister: { body: ['mdkToken', 'securityCode'] },
  cardDelete: { body: ['cardId'] },
  creditReserve: { body: card },
  creditExecute: { body: card },
  carrierReserve: { body: ['productSeq', 'nextUrl'] },
  carrierResult: { body: ['serviceOrderId'] },
  paypayReserve: { body: ['productSeq', 'nextUrl'] },
  chapterComments: { query: ['pageNo', 'order'] },
  postComment: { body: ['comment'] },
  reportComment: { body: ['message'] },
  reportContent: { body: ['message'] },
  authorComments: { query: ['pageNo'] },
  commentHistory: { query: ['pageNo'] },
  // The operator API (issue 17).
  opsTotpEnrol: { body: ['enrolmentCode'] },
  opsTotpVerify: { body: ['code'] },
  opsAudit: { query: ['before', 'pageSize', 'action'] },
  opsMaintenance: { body: ['on', 'startsAt', 'endsAt', 'titleJa', 'titleEn', 'titleFr', 'descriptionJa', 'descriptionEn', 'descriptionFr'] },
  opsUpdate: { body: ['state', 'version'] },
  opsLegalPublish: { body: ['effectiveAt', 'titleJa', 'titleEn', 'titleFr', 'bodyJa', 'bodyEn', 'bodyFr'] },
  opsReports: { query: ['status', 'kind', 'pageNo'] },
  opsMemberSanction: { body: ['days'] },
  opsTitles: { query: ['query', 'pageNo', 'hidden'] },
  opsTitleLabels: { body: ['genres', 'badge'] },
  opsImport: { body: ['kind', 'title', 'ltr'] },
  opsCoupons: { query: ['pageNo'] },
  opsNotices: { query: ['pageNo'] },
  opsNoticeCreate: { body: ['category', 'pinned', 'publishedAt', 'titleJa', 'titleEn', 'titleFr', 'bodyJa', 'bodyEn', 'bodyFr'] },
  opsNoticeUpdate: { body: ['category', 'pinned', 'publishedAt', 'titleJa', 'titleEn', 'titleFr', 'bodyJa', 'bodyEn', 'bodyFr'] },
  opsFaqCreate: { body: ['category', 'sort', 'questionJa', 'questionEn', 'questionFr', 'answerJa', 'answerEn', 'answerFr'] },
  opsFaqUpdate: { body: ['category', 'sort', 'questionJa', 'questionEn', 'questionFr', 'answerJa', 'answerEn', 'answerFr'] },
  opsCouponCreate: {
    body: ['code', 'kind', 'coinType', 'amount', 'contentId', 'validDays', 'startsAt', 'endsAt', 'maxRedemptions', 'titleJa', 'titleEn', 'titleFr'],
  },
  homePreview: { query: ['at', 'mature'] },
  opsPopupCreate: {
    body: ['kind', 'category', 'page', 'link', 'artContentId', 'repeatHours', 'mature', 'startsAt', 'endsAt', 'titleJa', 'titleEn', 'titleFr', 'descriptionJa'],
  },
  opsBannerCreate: {
    body: ['sectionId', 'contentId', 'link', 'badge', 'badgeEndsAt', 'position', 'startsAt', 'endsAt', 'titleJa', 'titleEn', 'titleFr', 'textJa'],
  },
  opsSectionCreate: {
    body: ['elementType', 'shuffleGroup', 'contentIds', 'link', 'position', 'mature', 'startsAt', 'endsAt', 'titleJa', 'titleEn', 'titleFr', 'textFr'],
  },
  opsGifts: { query: ['pageNo'] },
  opsGiftSend: {
    body: [
      'requestKey',
      'audience',
      'memberId',
      'kind',
      'coinType',
      'amount',
      'contentId',
      'validDays',
      'startsAt',
      'endsAt',
      'titleJa',
      'titleEn',
      'titleFr',
      'descriptionEn',
    ],
  },
  opsTitleTexts: { body: ['nameJa', 'nameEn', 'nameFr', 'descriptionJa', 'descriptionEn', 'descriptionFr'] },
  opsPageDescription: { body: ['descriptionJa', 'descriptionEn', 'descriptionFr'] },
  opsChapterSales: { body: ['publishedAt', 'free', 'price', 'originalPrice', 'rentalPrice', 'originalRentalPrice', 'rentAllowedWith', 'purchaseAllowedWith'] },
}

/** Endpoints whose body is the raw bytes of an upload. */
export const UPLOADS: readonly (keyof Endpoints)[] = ['avatarUpload', 'inquiryImage']
