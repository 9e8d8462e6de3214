import {
  cardFlowBusy,
  cardPaymentTransition,
  creditPaymentBody,
  EMPTY_CARD_FIELDS,
  initialCardFlow,
  type CardFlowEvent,
  type CardFlowState,
  type CardRef,
} from './cardPayment'

const run = (state: CardFlowState, ...events: CardFlowEvent[]): CardFlowState => events.reduce(cardPaymentTransition, state)
const SAVED: CardRef[] = [{ cardId: 7 }, { cardId: 9 }]
const filled = (state: CardFlowState): CardFlowState =>
  run(
    state,
    { type: 'edit', field: 'number', value: '4111 1111 1111 1111' },
    { type: 'edit', field: 'month', value: '3' },
    { type: 'monthBlurred' },
    { type: 'edit', field: 'year', value: '39' },
    { type: 'edit', field: 'securityCode', value: '123' },
    { type: 'edit', field: 'name', value: 'TARO KOMA' },
  )

describe('Japanese card checkout: the form (SPEC §5)', () => {
  it('starts on the first saved card, or the form when none is saved (SPEC §3 card info list)', () => {
    expect(initialCardFlow(SAVED).choice).toBe(7)
    expect(initialCardFlow([]).choice).toBe('new')
    expect(initialCardFlow([]).fields).toEqual(EMPTY_CARD_FIELDS)
  })

  it('numeric fields keep digits and one dot, cut to their limits; a single month digit is zero-padded on leaving the field', () => {
    const state = filled(initialCardFlow([]))
    expect(state.fields).toMatchObject({ number: '4111111111111111', month: '03', year: '39', securityCode: '123', name: 'TARO KOMA' })
    expect(run(state, { type: 'edit', field: 'number', value: '4111-1111.1111.11119999' }).fields.number).toBe('41111111.1111111')
    expect(run(state, { type: 'edit', field: 'name', value: 'X'.repeat(30) }).fields.name).toHaveLength(20)
    expect(run(state, { type: 'edit', field: 'month', value: '12' }, { type: 'monthBlurred' }).fields.month).toBe('12')
  })

  it('stops at the first failure: a new card with a problem shows it and is never sent to the card token service', () => {
    const state = run(initialCardFlow([]), { type: 'submit', problem: 'カード番号（16桁）を正しく入力してください。' })
    expect(state.phase.name).toBe('editing')
    expect(state.error).toEqual({ text: 'カード番号（16桁）を正しく入力してください。' })
    expect(run(initialCardFlow([]), { type: 'register', problem: 'bad' }).phase.name).toBe('editing')
  })

  it('a saved card pays without the form being checked', () => {
    const state = run(initialCardFlow(SAVED), { type: 'submit', problem: 'the empty form would fail' })
    expect(state.phase).toEqual({ name: 'paying', payment: { cardId: 7 } })
    expect(state.error).toBeNull()
  })

  it('blocks a double submit: while a call is under way, and once paid, submit and register are ignored', () => {
    const tokenising = run(filled(initialCardFlow([])), { type: 'submit', problem: null })
    expect(cardFlowBusy(tokenising)).toBe(true)
    expect(cardPaymentTransition(tokenising, { type: 'submit', problem: null })).toBe(tokenising)
    expect(cardPaymentTransition(tokenising, { type: 'register', problem: null })).toBe(tokenising)
    const paid = run(tokenising, { type: 'tokenised', token: 'tok' }, { type: 'paid' })
    expect(paid.phase.name).toBe('paid')
    expect(cardFlowBusy(paid)).toBe(true)
    expect(cardPaymentTransition(paid, { type: 'submit', problem: null })).toBe(paid)
  })
})

describe('Japanese card checkout: the calls (SPEC §7)', () => {
  it('a new card: token service first, then reserve and execute with the token (saved with its security code on request)', () => {
    let state = run(filled(initialCardFlow([])), { type: 'setSave', save: true }, { type: 'submit', problem: null })
    expect(state.phase).toEqual({ name: 'tokenising', intent: 'pay' })
    state = run(state, { type: 'tokenised', token: 'tok-1' })
    expect(state.phase).toEqual({ name: 'paying', payment: { mdkToken: 'tok-1', save: true, securityCode: '123' } })
    expect(run(state, { type: 'paid' }).phase.name).toBe('paid')
  })

  it('the card token service refusing the card shows its message (or the standard one) under the form, usable again', () => {
    const tokenising = run(filled(initialCardFlow([])), { type: 'submit', problem: null })
    const refused = run(tokenising, { type: 'tokenRefused', message: 'カードが無効です' })
    expect(refused.phase.name).toBe('editing')
    expect(refused.error).toEqual({ text: 'カードが無効です' })
    expect(cardFlowBusy(refused)).toBe(false)
    expect(run(tokenising, { type: 'tokenRefused', message: '' }).error).toBe('standard')
  })

  it('a 400 from the API (invalid card details) stays on the form with its message; any other failure declines the purchase', () => {
    const paying = run(initialCardFlow(SAVED), { type: 'submit', problem: null })
    const invalid = run(paying, { type: 'callFailed', failure: { status: 400, message: 'Invalid card details' } })
    expect(invalid.phase.name).toBe('editing')
    expect(invalid.error).toEqual({ text: 'Invalid card details' })
    const declined = run(paying, { type: 'callFailed', failure: { status: 402, message: 'The transaction could not be processed.' } })
    expect(declined.phase).toEqual({ name: 'declined', message: 'The transaction could not be processed.' })
    expect(declined.error).toBeNull()
    expect(cardFlowBusy(declined)).toBe(false)
    // The reader can try again from there.
    expect(run(declined, { type: 'submit', problem: null }).phase.name).toBe('paying')
    expect(run(paying, { type: 'callFailed', failure: { status: null, message: null } }).phase).toEqual({ name: 'declined', message: null })
  })

  it('registering a card: token then register; the new list is shown with its first card chosen, the form emptied, "registered" said', () => {
    let state = run(filled(initialCardFlow([])), { type: 'register', problem: null })
    expect(state.phase).toEqual({ name: 'tokenising', intent: 'register' })
    state = run(state, { type: 'tokenised', token: 'tok-2' })
    expect(state.phase).toEqual({ name: 'registering', mdkToken: 'tok-2' })
    state = run(state, { type: 'registeredCards', cards: [{ cardId: 11 }] })
    expect(state).toMatchObject({ phase: { name: 'editing' }, cards: [{ cardId: 11 }], choice: 11, fields: EMPTY_CARD_FIELDS, registered: true })
    expect(run(state, { type: 'submit', problem: null }).registered).toBe(false)
  })

  it('a failed registration is said under the form (never the purchase fail dialog), whatever its status', () => {
    const registering = run(filled(initialCardFlow([])), { type: 'register', problem: null }, { type: 'tokenised', token: 't' })
    expect(run(registering, { type: 'callFailed', failure: { status: 409, message: 'Already registered' } })).toMatchObject({
      phase: { name: 'editing' },
      error: { text: 'Already registered' },
    })
    expect(run(registering, { type: 'callFailed', failure: { status: null, message: null } }).error).toBe('standard')
  })

  it('deleting the chosen saved card chooses the first left, or the form; another choice is kept', () => {
    const state = run(initialCardFlow(SAVED), { type: 'choose', choice: 9 })
    expect(run(state, { type: 'cardsChanged', cards: [{ cardId: 7 }] }).choice).toBe(7)
    expect(run(state, { type: 'cardsChanged', cards: [] }).choice).toBe('new')
    expect(run(state, { type: 'cardsChanged', cards: [{ cardId: 9 }] }).choice).toBe(9)
    expect(run(initialCardFlow(SAVED), { type: 'choose', choice: 'new' }, { type: 'cardsChanged', cards: [] }).choice).toBe('new')
  })

  it('reserve/execute body: never the card number; the security code only when saving; the e-mail only when none is on file', () => {
    expect(creditPaymentBody(3, { cardId: 7 }, null)).toEqual({ productSeq: '3', cardId: '7' })
    expect(creditPaymentBody(3, { mdkToken: 'tok', save: false, securityCode: '123' }, 'a@b.jp')).toEqual({
      productSeq: '3',
      mdkToken: 'tok',
      email: 'a@b.jp',
    })
    expect(creditPaymentBody(3, { mdkToken: 'tok', save: true, securityCode: '123' }, null)).toEqual({
      productSeq: '3',
      mdkToken: 'tok',
      save: 'true',
      securityCode: '123',
    })
  })
})
