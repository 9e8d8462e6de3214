import { resetLinkExpiresAt, type Endpoint, endpoints } from '@koma/contracts/server'
import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { sha256 } from '../http/tokens'
import { device, guest, registerMember, sealed, uniqueEmail } from './account'
import { creditCoins } from '../modules/coin/ledger'
import { becomeOperator } from './ops'
import { creditTickets } from '../modules/coin/stock'
import { sealedPassword } from './fixtures'
import { atLeast, first } from './lists'
import { cookiesOf, requestOf, type CallOptions, type EndpointCallOptions, type OptionalIfNoParams, type TestApp } from './testApp'

/**
 * The people and things the access matrix calls with (the hostile suite borrows its callers): a
 * signed-out visitor, a guest, a member, and an owner: a member who owns a paid chapter, a paid
 * novel chapter, comments, saved cards, inbox items, a second device and a linked account, with
 * coins, a ticket and adult verification. Built once per test file, through the API where that is
 * how a reader gets them, straight into the database where the API has no such call (gifts,
 * messages, links) or where a call would trip a limit (old comments).
 */
export type Who = 'visitor' | 'guest' | 'member' | 'owner' | 'operator'
/**
 * The operator (issue 17) is another member with the operator role and a confirmed second factor.
 * It calls before the owner, whose calls may use up what they touch (a deleted comment, an account).
 */
export const WHO: readonly Who[] = ['visitor', 'guest', 'member', 'operator', 'owner']

export interface Caller {
  who: Who
  /** Session cookies (none for the visitor). */
  cookies: Record<string, string>
  /** The SPEC §7 web device id this caller sends. */
  deviceId: string
  userId: number | null
  email: string | null
  password: string | null
  /** Operators: the TOTP secret their authenticator app holds. */
  totpSecret?: string
}

export interface ChapterRef {
  type: 'comic' | 'magazine_comic'
  contentId: number
  chapterId: number
  price: number
  rentalPrice: number
}

export interface World {
  t: TestApp
  callers: Record<Who, Caller>
  /** A seeded member nobody in the suite is (a target to mute). */
  thirdUserId: number
  chapters: {
    /** A paid vertical comic chapter the owner bought (its pages come in bands). */
    owned: ChapterRef
    /** Paid chapters nobody owns: one to buy, one to buy through unlock-all. */
    buyable: [ChapterRef, ChapterRef]
    free: ChapterRef
    coinRent: ChapterRef
    /** Chapters of gauge titles: one to rent with the gauge, one to rent by subscribing. */
    gauge: [ChapterRef, ChapterRef]
    ticket: ChapterRef
    /** A paid novel chapter (EPUB) with a trial, owned by the owner. */
    novel: ChapterRef
    /** A chapter whose comments the suite reads and writes. */
    commented: ChapterRef
    /** A free chapter of a mature title (issue 33: only the owner, a verified adult with mature on, reads it). */
    mature: ChapterRef & { thumbnailImageId: number }
  }
  /** The owned chapter's page image ids (chapter_pages, product). */
  pageImageIds: [number, ...number[]]
  publicImageId: number
  comingSoon: { type: string; id: number }
  /** A title in the owner's library only. */
  ownerLibraryContentId: number
  /** A title the suite subscribes to and hides. */
  library: { type: string; id: number }
  ids: { promotion: number; catalog: number; notice: number; faq: number; termsVersion: number; legalVersion: number }
  products: { usd: number; jpy: number }
  owner: {
    /** Two comments: one to like and report, one to delete. */
    commentIds: [number, number, ...number[]]
    giftId: number
    messageId: number
    /** Two saved cards: the second is the one to delete. */
    cardIds: [number, number, ...number[]]
    secondDeviceId: string
  }
  /** Strings only the owner's own calls may ever return (e-mail, device, inbox, card, links, orders). */
  ownerSecrets: string[]
  /** A random tag of this world (in the owner's e-mail, inbox titles, card holder). */
  marker: string
}

const now = (t: TestApp) => t.clock.now()

/** Call as a caller: its cookies and device id, plus the request's own options (a table endpoint, or a raw method and URL). */
export function callAs<E extends Endpoint<unknown, unknown, unknown, unknown>>(
  t: TestApp,
  caller: Caller,
  endpoint: E,
  ...options: OptionalIfNoParams<E>
): Promise<LightMyRequestResponse>
export function callAs(
  t: TestApp,
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options?: CallOptions,
): Promise<LightMyRequestResponse>
export function callAs(
  t: TestApp,
  caller: Caller,
  first: 'GET' | 'POST' | 'PUT' | 'DELETE' | Endpoint<unknown, unknown, unknown, unknown>,
  second?: unknown,
  third?: CallOptions,
): Promise<LightMyRequestResponse> {
  const [method, url, options = {}] =
    typeof first === 'string' ? [first, second as string, third] : requestOf(first, second as EndpointCallOptions<typeof first>)
  return t.call(method, url, { ...options, cookies: { ...caller.cookies, ...options.cookies }, headers: { ...device(caller.deviceId), ...options.headers } })
}

let deviceCounter = 0
const newDeviceId = (label: string): string => `${label}-${randomBytes(4).toString('hex')}-${(deviceCounter += 1)}`
/** Each new caller signs up from its own address (limits per address are not what these suites test). */
const newIp = (): string => `10.250.${(deviceCounter >> 8) & 255}.${deviceCounter & 255}`

/** A new guest, member or owner-like member (the fresh callers of calls that end or change a session). */
export async function newCaller(t: TestApp, who: Who): Promise<Caller> {
  const deviceId = newDeviceId(who)
  if (who === 'visitor') return { who, cookies: {}, deviceId, userId: null, email: null, password: null }
  if (who === 'guest') {
    const made = await guest(t, deviceId, newIp())
    return { who, cookies: made.cookies, deviceId, userId: made.userId, email: null, password: null }
  }
  const made = await registerMember(t, { email: uniqueEmail(who), headers: device(deviceId), ip: newIp() })
  const caller: Caller = { who, cookies: made.cookies, deviceId, userId: made.userId, email: made.email, password: made.password }
  if (who === 'operator') caller.totpSecret = (await becomeOperator(t, { email: made.email, cookies: made.cookies, headers: device(deviceId) })).secret
  return caller
}

/** Fresh visitor, guest, member, owner and operator. */
export async function freshCallers(t: TestApp): Promise<Record<Who, Caller>> {
  return {
    visitor: await newCaller(t, 'visitor'),
    guest: await newCaller(t, 'guest'),
    member: await newCaller(t, 'member'),
    owner: await newCaller(t, 'owner'),
    operator: await newCaller(t, 'operator'),
  }
}

/** A transaction token for a caller (a dummy for callers that cannot have one). */
export async function transactionToken(t: TestApp, caller: Caller): Promise<string> {
  const response = await callAs(t, caller, endpoints.coinTransactionToken)
  return response.statusCode === 200 ? (response.json().result.token as string) : 'no-token-for-this-caller'
}

/** A sealed payload for account calls (password and current password both, whichever a call asks for). */
export async function sealedFor(t: TestApp, caller: Caller, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const password = caller.password ?? 'koma-reader-9'
  return sealed(t, { password, currentPassword: password, ...extra })
}

/** A small real PNG (uploads). */
export const tinyPng = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#e05a47' } })
    .png()
    .toBuffer()

async function chapterRows(t: TestApp, where: 'buy' | 'free' | 'coinRent' | 'gauge' | 'ticket' | 'novel' | 'vertical'): Promise<ChapterRef[]> {
  let query = t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id', 'c.id as contentId', 'c.type', 'ch.price', 'ch.rental_price as rentalPrice'])
    .where('c.mature', '=', false)
    .where('ch.aborted', '=', false)
    .where('c.status', '!=', 'coming_soon')
    .orderBy('c.id')
    .orderBy('ch.sort')
  const coinIn = (column: 'ch.purchase_allowed_with' | 'ch.rent_allowed_with', value: string) =>
    query.where(({ eb, val }) => eb(val(value), '=', eb.fn.any(column)))
  if (where === 'free') query = query.where('ch.free', '=', true).where('c.chapter_file_format', '=', 'image')
  else query = query.where('ch.free', '=', false)
  if (where === 'buy' || where === 'vertical')
    query = coinIn('ch.purchase_allowed_with', 'coin').where('ch.price', '>=', 1).where('c.chapter_file_format', '=', 'image')
  if (where === 'vertical') query = query.where('c.orientation', '=', 'vertical')
  if (where === 'coinRent') query = coinIn('ch.rent_allowed_with', 'coin').where('ch.rental_price', '>=', 1)
  if (where === 'gauge') query = coinIn('ch.rent_allowed_with', 'gauge').where('c.gauge_usable', '=', true)
  if (where === 'ticket') query = coinIn('ch.rent_allowed_with', 'ticket')
  if (where === 'novel') query = query.where('c.chapter_file_format', '=', 'epub').where('ch.has_trial', '=', true)
  const rows = await query.limit(60).execute()
  if (rows.length === 0) throw new Error(`no seeded chapter for ${where}`)
  return rows.map((row) => ({
    type: row.type as ChapterRef['type'],
    contentId: Number(row.contentId),
    chapterId: Number(row.id),
    price: row.price,
    rentalPrice: row.rentalPrice,
  }))
}

async function firstId(query: { executeTakeFirstOrThrow(): Promise<{ id: number | string }> }): Promise<number> {
  return Number((await query.executeTakeFirstOrThrow()).id)
}

/** A one-time card token from the sandbox token service (the browser's part), for a caller allowed to ask for its key. */
export async function cardToken(t: TestApp, caller: Caller, number = '4111111111111111', holder = 'CARD HOLDER'): Promise<string> {
  const keys = await callAs(t, caller, endpoints.cardTokenApiKey)
  if (keys.statusCode !== 200) return 'no-card-token-for-this-caller'
  const { tokenApiKey, tokenUrl } = keys.json().result as { tokenApiKey: string; tokenUrl: string }
  const token = await t.app.inject({
    method: 'POST',
    url: tokenUrl,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      card_number: number,
      card_expire: '12/39',
      security_code: '123',
      cardholder_name: holder,
      token_api_key: tokenApiKey,
      lang: 'en',
    }),
  })
  return token.json().token as string
}

async function registerCard(t: TestApp, caller: Caller, number: string, holder: string): Promise<void> {
  const registered = await callAs(t, caller, endpoints.cardRegister, {
    body: { mdkToken: await cardToken(t, caller, number, holder), securityCode: '123' },
  })
  if (registered.statusCode !== 200) throw new Error(`card: ${registered.statusCode} ${registered.body}`)
}

/** 5000 purchased coins and 3 tickets for any title. */
export async function fund(t: TestApp, memberId: number): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await creditCoins(trx, { memberId, coinType: 'purchased', amount: 5000, expiresAt: null, reason: 'order', ref: `fund-${memberId}`, now: now(t) })
    await creditTickets(trx, { memberId, contentId: null, amount: 3, expiresAt: null, reason: 'gift', ref: `fund-ticket-${memberId}`, now: now(t) })
  })
}

export async function buildWorld(t: TestApp): Promise<World> {
  const marker = randomBytes(4).toString('hex')
  const visitor: Caller = { who: 'visitor', cookies: {}, deviceId: `visitor-device-${marker}`, userId: null, email: null, password: null }
  const guestCaller = await newCaller(t, 'guest')
  const member = await newCaller(t, 'member')
  const ownerDevice = `owner-device-${marker}`
  const made = await registerMember(t, { email: `owner.${marker}@koma.example`, headers: device(ownerDevice) })
  const owner: Caller = { who: 'owner', cookies: made.cookies, deviceId: ownerDevice, userId: made.userId, email: made.email, password: made.password }
  const ownerId = made.userId

  // A second device of the owner: another session, signed in from it.
  const secondDeviceId = `owner-second-${marker}`
  const second = await t.call(endpoints.signin, {
    headers: device(secondDeviceId),
    body: { email: made.email, ...(await sealedPassword(t, made.password)), stayLogged: 'true' },
  })
  if (second.statusCode !== 200 || !cookiesOf(second).koma_session) throw new Error(`second device: ${second.statusCode}`)

  const matureRow = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id', 'c.id as contentId', 'c.type', 'ch.price', 'ch.rental_price as rentalPrice', 'ch.thumbnail_image_id as thumbnailImageId'])
    .where('c.mature', '=', true)
    .where('ch.free', '=', true)
    .where('ch.aborted', '=', false)
    .where('ch.thumbnail_image_id', 'is not', null)
    .where('c.chapter_file_format', '=', 'image')
    .where('c.status', '!=', 'coming_soon')
    .where('ch.published_at', '<=', now(t))
    .orderBy('c.id')
    .orderBy('ch.sort')
    .executeTakeFirstOrThrow()
  const mature = {
    type: matureRow.type as ChapterRef['type'],
    contentId: Number(matureRow.contentId),
    chapterId: Number(matureRow.id),
    price: matureRow.price,
    rentalPrice: matureRow.rentalPrice,
    thumbnailImageId: Number(matureRow.thumbnailImageId),
  }
  const [vertical, buyable, free, coinRent, gauge, ticket, novels] = await Promise.all([
    chapterRows(t, 'vertical'),
    chapterRows(t, 'buy'),
    chapterRows(t, 'free'),
    chapterRows(t, 'coinRent'),
    chapterRows(t, 'gauge'),
    chapterRows(t, 'ticket'),
    chapterRows(t, 'novel'),
  ])
  const owned = first(vertical, 'paid vertical chapters')
  const novel = first(novels, 'paid novel chapters')
  // Every call that buys or rents gets a chapter of its own, outside the owner's title.
  const used = new Set([owned.chapterId, novel.chapterId])
  const pick = (rows: ChapterRef[]): ChapterRef => {
    const chosen = rows.find((row) => row.contentId !== owned.contentId && !used.has(row.chapterId))
    if (!chosen) throw new Error('not enough seeded chapters for the access matrix')
    used.add(chosen.chapterId)
    return chosen
  }
  const chosen: Pick<World['chapters'], 'buyable' | 'coinRent' | 'gauge' | 'ticket'> = {
    buyable: [pick(buyable), pick(buyable)],
    coinRent: pick(coinRent),
    gauge: [pick(gauge), pick(gauge)],
    ticket: pick(ticket),
  }

  // Coins and tickets, then the owner buys the paid chapter through the API.
  await fund(t, ownerId)
  const unlock = await callAs(t, owner, endpoints.chapterUnlock, {
    params: { type: owned.type, id: owned.contentId, chapterId: owned.chapterId },
    body: { token: await transactionToken(t, owner), price: String(owned.price) },
  })
  if (unlock.statusCode !== 200) throw new Error(`owner unlock: ${unlock.statusCode} ${unlock.body}`)
  await t.db
    .insertInto('chapter_access')
    .values({ member_id: ownerId, chapter_id: novel.chapterId, content_id: novel.contentId, kind: 'owned', via: 'coin', expires_at: null })
    .execute()
  // Adult verification, mature content on.
  await t.db
    .updateTable('members')
    .set({ adult_verified_at: now(t), accept_mature: true })
    .where('id', '=', ownerId)
    .execute()

  // Two comments, written an hour ago (so the posting limit leaves the owner free to post).
  const freeChapter = first(free, 'free chapters')
  const commented = freeChapter
  const hourAgo = new Date(now(t).getTime() - 60 * 60 * 1000)
  const commentIds: number[] = []
  for (const body of [`Owner comment ${marker} one`, `Owner comment ${marker} two`]) {
    const row = await t.db
      .insertInto('comments')
      .values({ content_id: commented.contentId, chapter_id: commented.chapterId, member_id: ownerId, body, created_at: hourAgo, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    commentIds.push(Number(row.id))
  }

  // Inbox: a gift and a message only the owner may see.
  const giftTitle = `Owner gift ${marker}`
  const messageTitle = `Owner message ${marker}`
  const gift = await t.db
    .insertInto('inbox_gifts')
    .values({
      member_id: ownerId,
      texts: JSON.stringify({ en: { title: giftTitle, description: giftTitle } }),
      kind: 'coin',
      coin_type: 'free',
      amount: 5,
      content_id: null,
      grant_valid_days: null,
      created_at: now(t),
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const message = await t.db
    .insertInto('inbox_messages')
    .values({
      member_id: ownerId,
      texts: JSON.stringify({ en: { title: messageTitle, body: messageTitle } }),
      link_url: null,
      created_at: now(t),
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()

  // A linked social account (kakao: the matrix links google through the sandbox itself).
  const linkedEmail = `owner.linked.${marker}@sandbox.example`
  await t.db
    .insertInto('external_accounts')
    .values({ member_id: ownerId, provider: 'kakao', subject: `owner-${marker}`, email: linkedEmail, linked_at: now(t) })
    .execute()

  // Two saved cards (one to delete).
  const holder = `OWNER HOLDER ${marker.toUpperCase()}`
  await registerCard(t, owner, '5555555555554444', holder)
  await registerCard(t, owner, '4012888888881881', holder)
  const cardIds = (await t.db.selectFrom('saved_cards').select('id').where('member_id', '=', ownerId).orderBy('id').execute()).map((row) => Number(row.id))

  // The owner's library: a title subscribed.
  const [ownerTitle, libraryTitle] = atLeast(
    await t.db
      .selectFrom('contents')
      .select(['id', 'type'])
      .where('mature', '=', false)
      .where('status', '!=', 'coming_soon')
      .orderBy('id', 'desc')
      .limit(2)
      .execute(),
    2,
    'titles for the libraries',
  )
  const ownerLibraryContentId = Number(ownerTitle.id)
  const subscribed = await callAs(t, owner, endpoints.subscribe, { params: { type: ownerTitle.type, id: ownerLibraryContentId } })
  if (subscribed.statusCode !== 200) throw new Error(`owner library: ${subscribed.statusCode}`)

  const pageImageIds = atLeast(
    (
      await t.db
        .selectFrom('chapter_pages')
        .select('image_id')
        .where('chapter_id', '=', owned.chapterId)
        .where('sales_type', '=', 'product')
        .orderBy('sort')
        .execute()
    ).map((row) => Number(row.image_id)),
    1,
    'pages in the owned chapter',
  )
  const coming = await t.db
    .selectFrom('contents')
    .select(['id', 'type'])
    .where('status', '=', 'coming_soon')
    .where('mature', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const product = async (currency: 'USD' | 'JPY') =>
    Number(
      (
        await t.db
          .selectFrom('coin_products')
          .select('seq')
          .where('currency', '=', currency)
          .where('active', '=', true)
          .orderBy('sort')
          .executeTakeFirstOrThrow()
      ).seq,
    )
  const terms = await t.db
    .selectFrom('legal_documents')
    .select('version')
    .where('type', '=', 'terms')
    .where('effective_at', '<=', now(t))
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow()
  const third = await t.db.selectFrom('members').select('id').where('email', '=', 'reader2@koma.example').executeTakeFirstOrThrow()

  return {
    t,
    callers: { visitor, guest: guestCaller, member, owner, operator: await newCaller(t, 'operator') },
    thirdUserId: Number(third.id),
    chapters: { owned, ...chosen, free: freeChapter, novel, commented, mature },
    pageImageIds,
    publicImageId: await firstId(t.db.selectFrom('images').select('id').where('access', '=', 'public').orderBy('id')),
    comingSoon: { type: coming.type, id: Number(coming.id) },
    ownerLibraryContentId,
    library: { type: libraryTitle.type, id: Number(libraryTitle.id) },
    ids: {
      promotion: await firstId(t.db.selectFrom('collections').select('id').where('kind', '=', 'promotion').where('mature', '=', false).orderBy('id')),
      catalog: await firstId(t.db.selectFrom('collections').select('id').where('kind', '=', 'catalog').where('mature', '=', false).orderBy('id')),
      notice: await firstId(t.db.selectFrom('notices').select('id').where('published_at', '<=', now(t)).orderBy('id')),
      faq: await firstId(t.db.selectFrom('faqs').select('id').orderBy('id')),
      termsVersion: terms.version,
      legalVersion: terms.version,
    },
    products: { usd: await product('USD'), jpy: await product('JPY') },
    owner: {
      commentIds: atLeast(commentIds, 2, 'owner comments'),
      giftId: Number(gift.id),
      messageId: Number(message.id),
      cardIds: atLeast(cardIds, 2, 'saved cards'),
      secondDeviceId,
    },
    ownerSecrets: [made.email, secondDeviceId, ownerDevice, giftTitle, messageTitle, linkedEmail, holder],
    marker,
  }
}

/** A password-reset token for a member, as the reset mail would carry it. */
export async function resetToken(t: TestApp, memberId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await t.db
    .insertInto('password_resets')
    .values({ token_hash: sha256(token), member_id: memberId, created_at: now(t), expires_at: resetLinkExpiresAt(now(t)) })
    .execute()
  return token
}
