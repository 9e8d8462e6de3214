import { endpoints } from '@koma/contracts/server'
import type { Locale } from '@koma/contracts/server'
import { PAGE_SECURITY_POLICY } from '../../http/pages'
import { createTestApp, type TestApp } from '../../test/testApp'
import { signIn } from '../../test/fixtures'
import { atLeast, first } from '../../test/lists'
import { guest, registerMember } from '../../test/account'

jest.setTimeout(120_000)

let t: TestApp
let reader: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  reader = await signIn(t)
})
afterAll(async () => {
  await t?.close()
})

const SANDBOX = '/api/sandbox/payments'
const json = (payload: unknown) => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } })

async function products(locale: Locale, cookies?: Record<string, string>) {
  const response = await t.call(endpoints.coinSalesConfig, { locale, cookies })
  expect(response.statusCode).toBe(200)
  return response.json().result as {
    products: { seq: number; purchasedAmount: number; freeAmount: number; price: number; currency: string }[]
    balance: { total: number; purchasedAmount: number; freeAmount: number } | null
  }
}

async function balance(cookies: Record<string, string>) {
  const result = await products('en', cookies)
  if (!result.balance) throw new Error('no balance for a signed-in reader')
  return result.balance
}

/** A pack in a currency with a bonus above 0. */
async function pack(locale: Locale) {
  const list = (await products(locale)).products
  return list.find((product) => product.freeAmount > 0) ?? first(list, `coin packs in ${locale}`)
}

async function paypalReserve(cookies: Record<string, string>, method: 'paypal' | 'paypal_credit' = 'paypal') {
  const product = await pack('en')
  const reserved = await t.call(endpoints.paymentReserve, { params: { method }, cookies, body: { productSeq: String(product.seq) } })
  expect(reserved.statusCode).toBe(200)
  const { serviceOrderId, orderId } = reserved.json().result as { serviceOrderId: string; orderId: string }
  expect(serviceOrderId).toMatch(/^KO/)
  expect(orderId).toBeTruthy()
  return { product, serviceOrderId, orderId }
}

/** The buyer approves in the stand-in SDK's sheet (what the browser does). */
async function approve(orderId: string) {
  const response = await t.inject({ method: 'POST', url: `${SANDBOX}/paypal/v2/checkout/orders/${orderId}/approve`, ...json({}) })
  expect(response.statusCode).toBe(200)
  return response.json().payer.payer_id as string
}

const execute = (cookies: Record<string, string>, serviceOrderId: string, orderId: string, payerId?: string) =>
  t.call(endpoints.paymentExecute, { cookies, body: { serviceOrderId, token: orderId, orderId, ...(payerId ? { PayerID: payerId } : {}) } })

/** The card token service (the browser calls it directly; our API never sees the number). */
async function cardToken(number: string, options: { expiry?: string; name?: string; lang?: string } = {}) {
  const keys = await t.call(endpoints.cardTokenApiKey, { cookies: reader, locale: 'ja' })
  expect(keys.statusCode).toBe(200)
  const { tokenApiKey, tokenUrl } = keys.json().result as { tokenApiKey: string; tokenUrl: string }
  return t.inject({
    method: 'POST',
    url: tokenUrl,
    ...json({
      card_number: number,
      card_expire: options.expiry ?? '12/39',
      security_code: '123',
      cardholder_name: options.name ?? 'TARO KOMA',
      token_api_key: tokenApiKey,
      lang: options.lang ?? 'ja',
    }),
  })
}

async function tokenFor(number: string): Promise<string> {
  const response = await cardToken(number)
  expect(response.statusCode).toBe(200)
  return response.json().token as string
}

async function creditBuy(cookies: Record<string, string>, body: Record<string, string>) {
  const product = await pack('ja')
  const reserved = await t.call(endpoints.creditReserve, { cookies, locale: 'ja', body: { productSeq: String(product.seq), ...body } })
  expect(reserved.statusCode).toBe(200)
  const { transactionToken } = reserved.json().result as { transactionToken: string }
  const executed = await t.call(endpoints.creditExecute, {
    cookies,
    locale: 'ja',
    body: { transactionToken, productSeq: String(product.seq), ...body },
  })
  return { product, transactionToken, executed }
}

describe('coin shop: sales config', () => {
  it('lists packs in US dollars for en and fr and in yen for ja, with the reader balance when signed in', async () => {
    const en = await products('en')
    const fr = await products('fr')
    const ja = await products('ja')
    expect(en.products.length).toBeGreaterThan(0)
    expect(en.products.every((p) => p.currency === 'USD')).toBe(true)
    expect(fr.products).toEqual(en.products)
    expect(ja.products.every((p) => p.currency === 'JPY')).toBe(true)
    expect(ja.products.find((p) => p.purchasedAmount === 5000)).toMatchObject({ freeAmount: 1250, price: 6100 })
    expect(en.products.find((p) => p.purchasedAmount === 5000)).toMatchObject({ freeAmount: 1250, price: 4999 })
    expect(en.balance).toBeNull()
    const signedIn = await products('en', reader)
    expect(signedIn.balance).toEqual(expect.objectContaining({ total: expect.any(Number) }))
  })
})

describe('coin shop: who may buy', () => {
  it('refuses guests with the SPEC message and signed-out visitors with 401', async () => {
    const product = await pack('en')
    const { cookies } = await guest(t, 'coinshop-guest-device-1')
    const refused = await t.call(endpoints.paymentReserve, { params: { method: 'paypal' }, cookies, body: { productSeq: String(product.seq) } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Guest users cannot use this function.')
    const ja = await t.call(endpoints.paypayReserve, { cookies, locale: 'ja', body: { productSeq: String(product.seq) } })
    expect(ja.statusCode).toBe(403)
    expect(ja.json().message).toBe('ゲストユーザーはこの機能を利用できません。')
    const signedOut = await t.call(endpoints.paymentReserve, { params: { method: 'paypal' }, body: { productSeq: String(product.seq) } })
    expect(signedOut.statusCode).toBe(401)
    expect(
      await t.db
        .selectFrom('coin_orders')
        .select('service_order_id')
        .where('member_id', '=', (await guest(t, 'coinshop-guest-device-1')).userId)
        .execute(),
    ).toEqual([])
  })

  it('offers each language its own payment methods and refuses bad input with 400, never 500', async () => {
    const yen = await pack('ja')
    const usd = await pack('en')
    const wrongLanguage = await t.call(endpoints.carrierReserve, {
      params: { carrier: 'softbank' },
      cookies: reader,
      locale: 'en',
      body: { productSeq: String(yen.seq) },
    })
    expect(wrongLanguage.statusCode).toBe(400)
    expect(wrongLanguage.json().message).toBe('This payment method is not available in your language.')
    expect(
      (await t.call(endpoints.paymentReserve, { params: { method: 'paypal' }, cookies: reader, locale: 'ja', body: { productSeq: String(usd.seq) } }))
        .statusCode,
    ).toBe(400)
    // A yen pack cannot be bought through PayPal in dollars.
    expect((await t.call(endpoints.paymentReserve, { params: { method: 'paypal' }, cookies: reader, body: { productSeq: String(yen.seq) } })).statusCode).toBe(
      404,
    )
    expect((await t.call(endpoints.paymentReserve, { params: { method: 'paypal' }, cookies: reader, body: { productSeq: 'abc' } })).statusCode).toBe(400)
    expect((await t.call(endpoints.paymentExecute, { cookies: reader, body: { serviceOrderId: "x' or 1=1", token: 'a', orderId: 'a' } })).statusCode).toBe(400)
    expect((await t.call(endpoints.paymentResultFinish, { cookies: reader, body: { serviceOrderId: 'KO000000000000000000000000' } })).statusCode).toBe(404)
    expect(
      (await t.call('POST', '/api/coin/purchase/carrier/kddi/reserve', { cookies: reader, locale: 'ja', body: { productSeq: String(yen.seq) } })).statusCode,
    ).toBe(404)
  })
})

describe('coin shop: PayPal', () => {
  it('serves the stand-in SDK for the sandbox client id only', async () => {
    const config = await t.call(endpoints.paypalClientConfig, { params: { method: 'paypal_credit' }, cookies: reader })
    expect(config.statusCode).toBe(200)
    const { clientId, sdkBaseUrl } = config.json().result as { clientId: string; sdkBaseUrl: string }
    const sdk = await t.inject({ method: 'GET', url: `${sdkBaseUrl}?client-id=${clientId}&components=buttons,card-fields&currency=USD&intent=capture` })
    expect(sdk.statusCode).toBe(200)
    expect(sdk.headers['content-type']).toContain('javascript')
    expect(sdk.body).toContain('CardFields')
    expect((await t.inject({ method: 'GET', url: `${sdkBaseUrl}?client-id=someone-else` })).statusCode).toBe(400)
  })

  it('credits a finished order exactly once however often it is replayed', async () => {
    const before = await balance(reader)
    const { product, serviceOrderId, orderId } = await paypalReserve(reader)
    // Not approved yet: nothing to capture, nothing credited.
    const early = await execute(reader, serviceOrderId, orderId)
    expect(early.statusCode).toBe(409)
    const payerId = await approve(orderId)
    const first = await execute(reader, serviceOrderId, orderId, payerId)
    expect(first.statusCode).toBe(200)
    expect(first.json().result).toEqual({
      serviceOrderId,
      purchasedAmount: product.purchasedAmount,
      freeAmount: product.freeAmount,
      price: product.price,
      unit: 'USD',
    })
    // The return page reloaded, the button clicked twice, the finish call repeated.
    const replays = await Promise.all([execute(reader, serviceOrderId, orderId, payerId), execute(reader, serviceOrderId, orderId, payerId)])
    for (const replay of replays) expect(replay.json().result).toEqual(first.json().result)
    const finish = await t.call(endpoints.paymentResultFinish, { cookies: reader, body: { serviceOrderId } })
    expect(finish.json().result).toEqual(first.json().result)
    const cancelLate = await t.call(endpoints.paymentResultCancel, { cookies: reader, body: { serviceOrderId } })
    expect(cancelLate.json().result).toEqual({ serviceOrderId, state: 'finished' })
    const after = await balance(reader)
    expect(after.total - before.total).toBe(product.purchasedAmount + product.freeAmount)
    expect(after.purchasedAmount - before.purchasedAmount).toBe(product.purchasedAmount)
    // One ledger movement for the order: the purchased coins and the bonus, written once.
    const rows = await t.db
      .selectFrom('coin_ledger')
      .select(['coin_type', 'amount', 'expires_at'])
      .where('reason', '=', 'order')
      .where('ref', '=', serviceOrderId)
      .orderBy('coin_type')
      .execute()
    expect(rows).toEqual([
      { coin_type: 'bonus', amount: product.freeAmount, expires_at: null },
      { coin_type: 'purchased', amount: product.purchasedAmount, expires_at: null },
    ])
  })

  it('keeps another member away from the order', async () => {
    const { serviceOrderId, orderId } = await paypalReserve(reader)
    const other = await registerMember(t)
    await approve(orderId)
    expect((await execute(other.cookies, serviceOrderId, orderId)).statusCode).toBe(404)
    expect((await execute(reader, serviceOrderId, 'SOMEOTHERORDER')).statusCode).toBe(400)
  })

  it('cancels a reserved order: nothing credited, a later approval is refused', async () => {
    const before = await balance(reader)
    const { serviceOrderId, orderId } = await paypalReserve(reader)
    const cancelled = await t.call(endpoints.paymentResultCancel, { cookies: reader, body: { serviceOrderId } })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().result.state).toBe('cancelled')
    await approve(orderId)
    const late = await execute(reader, serviceOrderId, orderId)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('The purchase was cancelled.')
    expect((await balance(reader)).total).toBe(before.total)
  })

  it('declines a card in the PayPal card fields at capture: 402, order failed, nothing credited', async () => {
    const before = await balance(reader)
    const { serviceOrderId, orderId } = await paypalReserve(reader, 'paypal_credit')
    const bad = await t.inject({
      method: 'POST',
      url: `${SANDBOX}/paypal/v2/checkout/orders/${orderId}/confirm-payment-source`,
      ...json({ payment_source: { card: { number: '4111111111111112', expiry: '2039-12', security_code: '123', name: 'A' } } }),
    })
    expect(bad.statusCode).toBe(422)
    const confirm = await t.inject({
      method: 'POST',
      url: `${SANDBOX}/paypal/v2/checkout/orders/${orderId}/confirm-payment-source`,
      ...json({ payment_source: { card: { number: '4000000000000002', expiry: '2039-12', security_code: '123', name: 'Card Holder' } } }),
    })
    expect(confirm.statusCode).toBe(200)
    const declined = await execute(reader, serviceOrderId, orderId)
    expect(declined.statusCode).toBe(402)
    expect(declined.json().message).toBe('The transaction could not be processed.')
    expect((await execute(reader, serviceOrderId, orderId)).statusCode).toBe(402)
    const row = await t.db.selectFrom('coin_orders').select(['state', 'failure']).where('service_order_id', '=', serviceOrderId).executeTakeFirstOrThrow()
    expect(row).toEqual({ state: 'failed', failure: 'INSTRUMENT_DECLINED' })
    expect((await balance(reader)).total).toBe(before.total)
  })
})

describe('coin shop: Japanese credit card', () => {
  it('tokenises at the token service, refuses bad cards there in Japanese', async () => {
    const bad = await cardToken('4111111111111112')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('カード番号が正しくありません。')
    const expired = await cardToken('4111111111111111', { expiry: '01/20' })
    expect(expired.statusCode).toBe(400)
    const ok = await cardToken('4111111111111111')
    expect(ok.json()).toMatchObject({ status: 'success', req_card_number: '************1111' })
    const row = await t.db.selectFrom('sandbox_card_tokens').selectAll().where('token', '=', ok.json().token).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ last4: '1111', brand: 'Visa' })
    expect(JSON.stringify(row)).not.toContain('4111111111111111')
  })

  it('pays with a one-time token and credits once; the token cannot pay twice', async () => {
    const before = await balance(reader)
    const mdkToken = await tokenFor('4111111111111111')
    const { product, transactionToken, executed } = await creditBuy(reader, { mdkToken })
    expect(executed.statusCode).toBe(200)
    expect(executed.json().result).toMatchObject({
      purchasedAmount: product.purchasedAmount,
      freeAmount: product.freeAmount,
      price: product.price,
      unit: 'JPY',
    })
    const again = await t.call(endpoints.creditExecute, {
      cookies: reader,
      locale: 'ja',
      body: { transactionToken, productSeq: String(product.seq), mdkToken },
    })
    expect(again.json().result).toEqual(executed.json().result)
    expect((await balance(reader)).total - before.total).toBe(product.purchasedAmount + product.freeAmount)
    const reused = await creditBuy(reader, { mdkToken })
    expect(reused.executed.statusCode).toBe(402)
  })

  it('declines the declining test card: 402 in Japanese, nothing credited', async () => {
    const before = await balance(reader)
    const { executed, transactionToken } = await creditBuy(reader, { mdkToken: await tokenFor('4000000000000002') })
    expect(executed.statusCode).toBe(402)
    expect(executed.json().message).toBe('お取引を処理できませんでした。')
    expect((await t.db.selectFrom('coin_orders').select('state').where('service_order_id', '=', transactionToken).executeTakeFirstOrThrow()).state).toBe(
      'failed',
    )
    expect((await balance(reader)).total).toBe(before.total)
  })

  it('validates the purchase with the shared card rules', async () => {
    const product = await pack('ja')
    const neither = await t.call(endpoints.creditReserve, { cookies: reader, locale: 'ja', body: { productSeq: String(product.seq) } })
    expect(neither.statusCode).toBe(400)
    const both = await t.call(endpoints.creditReserve, {
      cookies: reader,
      locale: 'ja',
      body: { productSeq: String(product.seq), mdkToken: 'tok_x', cardId: '1' },
    })
    expect(both.statusCode).toBe(400)
    const noProduct = await t.call(endpoints.creditReserve, { cookies: reader, locale: 'ja', body: { mdkToken: 'tok_x' } })
    expect(noProduct.statusCode).toBe(400)
    expect(noProduct.json().message).toBe('productSeqが正しくありません。')
  })

  it('registers, lists, pays with and deletes saved cards', async () => {
    const registered = await t.call(endpoints.cardRegister, {
      cookies: reader,
      locale: 'ja',
      body: { mdkToken: await tokenFor('5555555555554444'), securityCode: '123' },
    })
    expect(registered.statusCode).toBe(200)
    const cards = atLeast(registered.json().result.cardInfo as { cardId: number; last4: string; brand: string; expiry: string }[], 1, 'saved cards')
    expect(cards[0]).toMatchObject({ last4: '4444', brand: 'Mastercard', expiry: '12/39' })
    const info = await t.call(endpoints.cardInfo, { cookies: reader, locale: 'ja' })
    expect(info.json().result).toMatchObject({ emailOnFile: true, cardInfo: cards })
    const before = await balance(reader)
    const paid = await creditBuy(reader, { cardId: String(cards[0].cardId) })
    expect(paid.executed.statusCode).toBe(200)
    expect((await balance(reader)).total - before.total).toBe(paid.product.purchasedAmount + paid.product.freeAmount)
    // Save while paying: the card is registered and charged.
    const saving = await creditBuy(reader, { mdkToken: await tokenFor('4242424242424242'), save: 'true', securityCode: '123' })
    expect(saving.executed.statusCode).toBe(200)
    const listed = (await t.call(endpoints.cardInfo, { cookies: reader })).json().result.cardInfo as {
      cardId: number
      last4: string
    }[]
    expect(listed.map((card) => card.last4).sort()).toEqual(['4242', '4444'])
    // Another member cannot use or delete it.
    const other = await registerMember(t)
    expect((await t.call(endpoints.cardDelete, { cookies: other.cookies, body: { cardId: String(cards[0].cardId) } })).statusCode).toBe(404)
    const deleted = await t.call(endpoints.cardDelete, { cookies: reader, body: { cardId: String(cards[0].cardId) } })
    expect(deleted.json().result.cardInfo.map((card: { last4: string }) => card.last4)).toEqual(['4242'])
    const gone = await creditBuy(reader, { cardId: String(cards[0].cardId) })
    expect(gone.executed.statusCode).toBe(404)
    expect((await t.call(endpoints.cardDelete, { cookies: reader, body: { cardId: 'x' } })).statusCode).toBe(400)
  })
})

describe('coin shop: carrier billing and PayPay', () => {
  it('reserve → provider page → approve → result redirect → finish, credited once on reload', async () => {
    const product = await pack('ja')
    const before = await balance(reader)
    const reserved = await t.call(endpoints.carrierReserve, {
      params: { carrier: 'softbank' },
      cookies: reader,
      locale: 'ja',
      body: { productSeq: String(product.seq), nextUrl: '/coinpurchase/result' },
    })
    expect(reserved.statusCode).toBe(200)
    const { serviceOrderId, redirectUrl } = reserved.json().result as { serviceOrderId: string; redirectUrl: string }
    const providerPage = await t.inject({ method: 'GET', url: redirectUrl, headers: { 'x-koma-language': 'ja' } })
    expect(providerPage.statusCode).toBe(200)
    expect(providerPage.body).toContain('SoftBank')
    // A page of our origin with no script: it may run none and is never framed.
    expect(providerPage.headers['content-security-policy']).toBe(PAGE_SECURITY_POLICY)
    expect(providerPage.body).toContain(new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(product.price))
    const approved = await t.inject({ method: 'POST', url: `${redirectUrl}/approve` })
    expect(approved.statusCode).toBe(303)
    expect(approved.headers.location).toBe(`/coinpurchase/result?serviceOrderId=${serviceOrderId}&method=softbank`)
    const result = await t.call(endpoints.carrierResult, { params: { carrier: 'softbank' }, cookies: reader, locale: 'ja', body: { serviceOrderId } })
    expect(result.statusCode).toBe(200)
    expect(result.json().result).toMatchObject({ serviceOrderId, unit: 'JPY', price: product.price })
    const reload = await t.call(endpoints.carrierResult, { params: { carrier: 'softbank' }, cookies: reader, locale: 'ja', body: { serviceOrderId } })
    expect(reload.json().result).toEqual(result.json().result)
    expect((await t.call(endpoints.carrierResult, { params: { carrier: 'au' }, cookies: reader, locale: 'ja', body: { serviceOrderId } })).statusCode).toBe(400)
    expect((await balance(reader)).total - before.total).toBe(product.purchasedAmount + product.freeAmount)
  })

  it('PayPay cancelled on its page goes to the cancel route; the order is cancelled, nothing credited', async () => {
    const product = await pack('ja')
    const before = await balance(reader)
    const reserved = await t.call(endpoints.paypayReserve, {
      cookies: reader,
      locale: 'ja',
      body: { productSeq: String(product.seq), nextUrl: '/coinpurchase/result' },
    })
    const { serviceOrderId, redirectUrl } = reserved.json().result as { serviceOrderId: string; redirectUrl: string }
    const cancelled = await t.inject({ method: 'POST', url: `${redirectUrl}/cancel` })
    expect(cancelled.statusCode).toBe(303)
    expect(cancelled.headers.location).toBe(`/coinpurchase/result/cancel?serviceOrderId=${serviceOrderId}&method=paypay`)
    const finish = await t.call(endpoints.paymentResultFinish, { cookies: reader, locale: 'ja', body: { serviceOrderId } })
    expect(finish.statusCode).toBe(409)
    const cancel = await t.call(endpoints.paymentResultCancel, { cookies: reader, locale: 'ja', body: { serviceOrderId } })
    expect(cancel.json().result.state).toBe('cancelled')
    expect((await balance(reader)).total).toBe(before.total)
  })

  it('never returns the reader to another site: a foreign nextUrl falls back to our result route, in the reader’s language', async () => {
    const product = await pack('ja')
    const reserved = await t.call(endpoints.paypayReserve, {
      cookies: reader,
      locale: 'ja',
      body: { productSeq: String(product.seq), nextUrl: 'https://evil.example/coinpurchase/result' },
    })
    const { redirectUrl } = reserved.json().result as { redirectUrl: string }
    const approved = await t.inject({ method: 'POST', url: `${redirectUrl}/approve` })
    expect(approved.headers.location).toMatch(/^\/ja\/coinpurchase\/result\?serviceOrderId=KO/)
    // A reader on /ja goes back to /ja (issue 35).
    const onJa = await t.call(endpoints.paypayReserve, {
      cookies: reader,
      locale: 'ja',
      body: { productSeq: String(product.seq), nextUrl: '/ja/coinpurchase/result' },
    })
    const back = await t.inject({ method: 'POST', url: `${(onJa.json().result as { redirectUrl: string }).redirectUrl}/approve` })
    expect(back.headers.location).toMatch(/^\/ja\/coinpurchase\/result\?serviceOrderId=KO/)
  })
})
