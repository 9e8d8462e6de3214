import type { Endpoints } from '@koma/contracts/server'
import type { World } from '../world'
import { cardToken, fund, transactionToken } from '../world'
import { carrierOrder, creditOrder, paypalOrder } from './flows'
import { anyone, expectContains, GUEST, members, OK, ownerOnly, signedIn, single, type Case, type Expectation, type Outcomes } from './rules'

/**
 * Coins and the coin shop. Unlocks and rentals need a session (guests too: SPEC §4 guests have
 * coins and tickets) and are paid for by the caller: without coins or tickets 402 / 409. Buying
 * coins is for members only (SPEC §6). Another member's order or saved card is a 404, never served.
 */
const access = (c: World['chapters']['owned']) => ({ type: c.type, id: c.contentId, chapterId: c.chapterId })
/** Paid for by the caller: the owner has coins and tickets, the others none. */
const paying = (short: number): Outcomes => ({ visitor: 401, guest: short, member: short, owner: OK })
/** New callers, the owner given coins and tickets: what the others got elsewhere in the matrix (coupons, bonuses) does not count. */
const paid = (name: string, request: Case['request'], short: number): Expectation => ({
  fresh: true,
  setup: (w) => fund(w.t, w.callers.owner.userId ?? 0),
  cases: [{ name, request, expect: paying(short) }],
})
const DUMMY_ORDER = `KO${'0'.repeat(24)}`

export const paymentsExpectations = {
  coinSalesConfig: single(
    "coin packs, with the caller's own balance",
    () => ({}),
    anyone(),
    (response, caller) => {
      const balance = response.json().result.balance as { total: number } | null
      if ((balance === null) !== (caller.who === 'visitor')) throw new Error(`balance ${JSON.stringify(balance)} for a ${caller.who}`)
      if (caller.who === 'owner' ? !balance || balance.total < 1000 : balance && balance.total >= 1000)
        throw new Error(`another reader's balance: ${JSON.stringify(balance)}`)
    },
  ),
  coinTransactionToken: single('a transaction token', () => ({}), signedIn),
  chapterUnlock: paid(
    'buy a chapter',
    async (w, caller) => ({
      params: access(w.chapters.buyable[0]),
      body: { token: await transactionToken(w.t, caller), price: String(w.chapters.buyable[0].price) },
    }),
    402,
  ),
  chapterUnlockAll: paid(
    'buy chapters at once',
    async (w, caller) => {
      const chapter = w.chapters.buyable[1]
      return {
        params: { type: chapter.type, id: chapter.contentId },
        body: { chapterIds: [String(chapter.chapterId)], token: await transactionToken(w.t, caller), price: String(chapter.price) },
      }
    },
    402,
  ),
  chapterRentWithCoin: paid(
    'rent with coins',
    async (w, caller) => ({
      params: access(w.chapters.coinRent),
      body: { token: await transactionToken(w.t, caller), rentalPrice: String(w.chapters.coinRent.rentalPrice) },
    }),
    402,
  ),
  chapterRentWithTicket: paid(
    'rent with a ticket',
    async (w, caller) => ({ params: access(w.chapters.ticket), body: { token: await transactionToken(w.t, caller) } }),
    409,
  ),
  chapterRentWithGauge: single(
    'rent with the free-read gauge (full for everyone)',
    async (w, caller) => ({ params: access(w.chapters.gauge[0]), body: { token: await transactionToken(w.t, caller) } }),
    signedIn,
  ),
  chapterRentWithSubscribe: single(
    'rent by subscribing',
    async (w, caller) => ({ params: access(w.chapters.gauge[1]), body: { token: await transactionToken(w.t, caller) } }),
    signedIn,
  ),
  coinHistory: single(
    "coin history: the caller's own",
    () => ({ params: { tab: 'all' } }),
    signedIn,
    (response, caller, w) => {
      if (response.statusCode === 200) expectContains(response, `"contentId":${w.chapters.owned.contentId},`, caller.who === 'owner')
    },
  ),
  coinExpire: single('expiring coins', () => ({}), signedIn),
  coinExpireWithin: single("coins expiring within 30 days: the caller's own", () => ({ params: { days: '30' } }), signedIn),
  debugFaketimeSet: {
    cases: [
      { name: 'move the clock from another machine', request: () => ({ query: { time: String(Date.now()) }, ip: '203.0.113.7' }), expect: anyone(403) },
      { name: 'move the clock from this machine', request: () => ({ query: { time: String(Date.now()) }, ip: '127.0.0.1' }), expect: anyone() },
    ],
  },
  debugFaketimeClear: {
    cases: [
      { name: 'reset the clock from another machine', request: () => ({ ip: '203.0.113.7' }), expect: anyone(403) },
      { name: 'reset the clock from this machine', request: () => ({ ip: '127.0.0.1' }), expect: anyone() },
    ],
  },

  paypalClientConfig: single('PayPal SDK settings', () => ({ params: { method: 'paypal' } }), members),
  paymentReserve: single('reserve a PayPal order', (w) => ({ params: { method: 'paypal' }, body: { productSeq: String(w.products.usd) } }), members),
  paymentExecute: single(
    "capture the owner's approved order",
    async (w, caller) => {
      if (caller.who === 'visitor' || caller.who === 'guest') return { body: { serviceOrderId: DUMMY_ORDER, token: 'x', orderId: 'x' } }
      const order = await paypalOrder(w, w.callers.owner)
      return { body: { serviceOrderId: order.serviceOrderId, token: order.orderId, orderId: order.orderId } }
    },
    ownerOnly(404, GUEST),
  ),
  paymentResultFinish: single(
    "finish the owner's order",
    async (w, caller) => ({
      body: { serviceOrderId: caller.who === 'member' || caller.who === 'owner' ? (await paypalOrder(w, w.callers.owner)).serviceOrderId : DUMMY_ORDER },
    }),
    ownerOnly(404, GUEST),
  ),
  paymentResultCancel: single(
    "cancel the owner's order",
    async (w, caller) => ({
      body: { serviceOrderId: caller.who === 'member' || caller.who === 'owner' ? (await paypalOrder(w, w.callers.owner, false)).serviceOrderId : DUMMY_ORDER },
    }),
    ownerOnly(404, GUEST),
  ),
  cardInfo: single(
    "saved cards: the caller's own",
    () => ({}),
    members,
    (response, caller, w) => {
      if (caller.who === 'owner') expectContains(response, `OWNER HOLDER ${w.marker.toUpperCase()}`, true)
    },
  ),
  cardRegister: single('save a card', async (w, caller) => ({ body: { mdkToken: await cardToken(w.t, caller), securityCode: '123' } }), members),
  cardDelete: single("delete the owner's card", (w) => ({ body: { cardId: String(w.owner.cardIds[1]) } }), ownerOnly(404, GUEST)),
  cardTokenApiKey: single('the card token service', () => ({}), members),
  creditReserve: single('reserve a card order', (w) => ({ locale: 'ja', body: { productSeq: String(w.products.jpy), mdkToken: 'reserve-only' } }), members),
  creditExecute: single(
    "charge the owner's card order",
    async (w, caller) => {
      const mine = caller.who === 'member' || caller.who === 'owner'
      const transactionToken = mine ? await creditOrder(w, w.callers.owner) : DUMMY_ORDER
      return { locale: 'ja', body: { transactionToken, productSeq: String(w.products.jpy), mdkToken: mine ? await cardToken(w.t, w.callers.owner) : 'x' } }
    },
    ownerOnly(404, GUEST),
  ),
  carrierReserve: single(
    'reserve a carrier order',
    (w) => ({ locale: 'ja', params: { carrier: 'softbank' }, body: { productSeq: String(w.products.jpy) } }),
    members,
  ),
  carrierResult: single(
    "the owner's carrier order result",
    async (w, caller) => ({
      locale: 'ja',
      params: { carrier: 'softbank' },
      body: { serviceOrderId: caller.who === 'member' || caller.who === 'owner' ? await carrierOrder(w, w.callers.owner) : DUMMY_ORDER },
    }),
    ownerOnly(404, GUEST),
  ),
  paypayReserve: single('reserve a PayPay order', (w) => ({ locale: 'ja', body: { productSeq: String(w.products.jpy) } }), members),
} satisfies { [K in keyof Endpoints]?: Expectation }

const commentOf = (w: World, index: 0 | 1) => ({ commentId: w.owner.commentIds[index] })
const commented = (w: World) => ({ type: w.chapters.commented.type, id: w.chapters.commented.contentId, chapterId: w.chapters.commented.chapterId })

/** Comments (SPEC §6): reading for everyone; writing, liking, reporting, muting for members only. */
export const communityExpectations = {
  chapterComments: {
    cases: [
      { name: "a chapter's comments", request: (w) => ({ params: commented(w) }), expect: anyone() },
      {
        // Issue 33: a mature title's comments are part of it; claiming to be an adult opens nothing.
        name: "a mature title's chapter comments, every caller saying Y",
        request: (w) => ({
          params: { type: w.chapters.mature.type, id: w.chapters.mature.contentId, chapterId: w.chapters.mature.chapterId },
          headers: { 'x-koma-accept-mature': 'Y' },
          cookies: { koma_accept_mature: 'Y' },
        }),
        expect: { visitor: 451, guest: 451, member: 451, owner: OK },
      },
    ],
  },
  postComment: single('post a comment', (w) => ({ params: commented(w), body: { comment: 'A fine chapter.' } }), members),
  deleteComment: single("delete the owner's comment", (w) => ({ params: commentOf(w, 1) }), ownerOnly(403, GUEST)),
  likeComment: single("like the owner's comment", (w) => ({ params: commentOf(w, 0) }), members),
  unlikeComment: single('take the like back', (w) => ({ params: commentOf(w, 0) }), members),
  reportComment: single("report the owner's comment (not one's own)", (w) => ({ params: { ...commentOf(w, 0), category: 'spam' }, body: {} }), {
    visitor: 401,
    guest: GUEST,
    member: OK,
    owner: 403,
  }),
  reportContent: single('report a chapter', (w) => ({ params: { ...commented(w), category: 'image' }, body: {} }), members),
  reportConfig: single('report categories', () => ({}), anyone()),
  muteUser: single('mute a member', (w, caller) => ({ params: { userId: caller.who === 'owner' ? w.thirdUserId : (w.callers.owner.userId ?? 0) } }), members),
  unmuteUser: single('unmute', (w, caller) => ({ params: { userId: caller.who === 'owner' ? w.thirdUserId : (w.callers.owner.userId ?? 0) } }), members),
  mutedUsers: single("muted members: the caller's own", () => ({}), signedIn),
  authorComments: single(
    "a member's public comments",
    (w) => ({ params: { authorUserId: w.callers.owner.userId ?? 0 } }),
    anyone(),
    (response, caller, w) => {
      // (The member reported this comment above, which hides it from them.)
      if (caller.who === 'visitor') expectContains(response, `"id":${w.owner.commentIds[0]},`, true)
    },
  ),
  commentHistory: single(
    "comment history: the caller's own",
    () => ({}),
    signedIn,
    (response, caller, w) => {
      if (response.statusCode === 200) expectContains(response, `"id":${w.owner.commentIds[0]},`, caller.who === 'owner')
    },
  ),
} satisfies { [K in keyof Endpoints]?: Expectation }
