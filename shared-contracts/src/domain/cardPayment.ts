import { CARD_LIMITS, numericInput, padMonth } from './coinshop'

/**
 * The Japanese credit-card checkout as a state machine (issue 14): SPEC §5 credit card form
 * (stop at the first failure, zero-padded month, double submit blocked), SPEC §7 card calls
 * (the card token service is called directly, so the number never reaches our API; then
 * credit reserve and credit execute with the token or a saved card id; card register and
 * delete), and the outcome the shop reports (SPEC §2 purchase result or purchase fail dialog).
 *
 * `cardPaymentTransition` is pure. A screen sends events and, while the state is one of the
 * working phases, performs the one call that phase names and sends back what came of it.
 */

/** SPEC §3 credit card form. */
export interface CardFields {
  number: string
  month: string
  year: string
  securityCode: string
  name: string
  email: string
  save: boolean
}

export const EMPTY_CARD_FIELDS: CardFields = { number: '', month: '', year: '', securityCode: '', name: '', email: '', save: false }

/** A saved card (SPEC §3 card info list) as far as the sequence cares. */
export interface CardRef {
  cardId: number
}

/** Which card pays: a saved one, by id, or the form. */
export type CardChoice = number | 'new'

/** What is said under the form: a text (the form's first failure, the token service's or the API's), or the standard one. */
export type CardFlowError = { text: string } | 'standard'

/** How the charge is paid: a card token for a new card (saved on request) or a saved card id. */
export type CardPayment = { mdkToken: string; save: boolean; securityCode: string } | { cardId: number }

export type CardFlowPhase =
  /** The form is open; nothing is under way. */
  | { name: 'editing' }
  /** The card token service is called with the form (for paying, or for registering the card). */
  | { name: 'tokenising'; intent: 'pay' | 'register' }
  /** Credit reserve then credit execute. */
  | { name: 'paying'; payment: CardPayment }
  /** Card register with the token. */
  | { name: 'registering'; mdkToken: string }
  /** Paid: the shop shows the purchase result; the form stays blocked. */
  | { name: 'paid' }
  /** The charge failed: the shop shows the purchase fail dialog (with this message, or the standard one); the form is usable again. */
  | { name: 'declined'; message: string | null }

export interface CardFlowState<Card extends CardRef = CardRef> {
  phase: CardFlowPhase
  cards: readonly Card[]
  choice: CardChoice
  fields: CardFields
  error: CardFlowError | null
  /** SPEC §7 card register succeeded: "card registered" is shown. */
  registered: boolean
}

/** A failed call, as the sequence needs to know it: its HTTP status (null for no response) and its message. */
export interface CallFailure {
  status: number | null
  message: string | null
}

export type CardFlowEvent<Card extends CardRef = CardRef> =
  | { type: 'choose'; choice: CardChoice }
  | { type: 'edit'; field: Exclude<keyof CardFields, 'save'>; value: string }
  | { type: 'setSave'; save: boolean }
  | { type: 'monthBlurred' }
  /** Pay. `problem`: the form's first SPEC §5 failure (checked only when paying with a new card). */
  | { type: 'submit'; problem: string | null }
  /** Save the form's card without paying. */
  | { type: 'register'; problem: string | null }
  | { type: 'tokenised'; token: string }
  /** The card token service refused the card; its message ('' when it gave none). */
  | { type: 'tokenRefused'; message: string }
  | { type: 'paid' }
  | { type: 'registeredCards'; cards: readonly Card[] }
  /** A saved card was deleted: the list the API returned. */
  | { type: 'cardsChanged'; cards: readonly Card[] }
  | { type: 'callFailed'; failure: CallFailure }

export const WORKING_PHASES = ['tokenising', 'paying', 'registering'] as const

export function initialCardFlow<Card extends CardRef>(cards: readonly Card[]): CardFlowState<Card> {
  return { phase: { name: 'editing' }, cards, choice: firstChoice(cards), fields: EMPTY_CARD_FIELDS, error: null, registered: false }
}

/** A call is under way or the purchase is done: the pay and register buttons are disabled (SPEC §5 double submit blocked). */
export const cardFlowBusy = (state: CardFlowState<CardRef>): boolean =>
  state.phase.name === 'paid' || (WORKING_PHASES as readonly string[]).includes(state.phase.name)

const firstChoice = (cards: readonly CardRef[]): CardChoice => cards[0]?.cardId ?? 'new'

const NUMERIC_LIMITS = { number: CARD_LIMITS.number, month: CARD_LIMITS.month, year: CARD_LIMITS.year, securityCode: CARD_LIMITS.securityCode } as const

export function cardPaymentTransition<Card extends CardRef>(state: CardFlowState<Card>, event: CardFlowEvent<Card>): CardFlowState<Card> {
  const phase = state.phase.name
  const idle = phase === 'editing' || phase === 'declined'
  const editing = (next: Partial<CardFlowState<Card>>): CardFlowState<Card> => ({ ...state, phase: { name: 'editing' }, ...next })
  switch (event.type) {
    case 'choose':
      return { ...state, choice: event.choice }
    case 'edit': {
      const value =
        event.field in NUMERIC_LIMITS
          ? numericInput(event.value, NUMERIC_LIMITS[event.field as keyof typeof NUMERIC_LIMITS])
          : event.value.slice(0, CARD_LIMITS[event.field])
      return { ...state, fields: { ...state.fields, [event.field]: value } }
    }
    case 'setSave':
      return { ...state, fields: { ...state.fields, save: event.save } }
    case 'monthBlurred':
      return { ...state, fields: { ...state.fields, month: padMonth(state.fields.month) } }
    case 'submit':
      if (!idle) return state
      if (state.choice === 'new') {
        if (event.problem) return editing({ error: { text: event.problem }, registered: false })
        return { ...state, phase: { name: 'tokenising', intent: 'pay' }, error: null, registered: false }
      }
      return { ...state, phase: { name: 'paying', payment: { cardId: state.choice } }, error: null, registered: false }
    case 'register':
      if (!idle || state.choice !== 'new') return state
      if (event.problem) return editing({ error: { text: event.problem }, registered: false })
      return { ...state, phase: { name: 'tokenising', intent: 'register' }, error: null, registered: false }
    case 'tokenised':
      if (state.phase.name !== 'tokenising') return state
      return state.phase.intent === 'pay'
        ? {
            ...state,
            phase: { name: 'paying', payment: { mdkToken: event.token, save: state.fields.save, securityCode: state.fields.securityCode } },
          }
        : { ...state, phase: { name: 'registering', mdkToken: event.token } }
    case 'tokenRefused':
      if (phase !== 'tokenising') return state
      return editing({ error: event.message ? { text: event.message } : 'standard' })
    case 'paid':
      return phase === 'paying' ? { ...state, phase: { name: 'paid' } } : state
    case 'registeredCards':
      if (phase !== 'registering') return state
      return editing({ cards: event.cards, choice: firstChoice(event.cards), fields: EMPTY_CARD_FIELDS, registered: true })
    case 'cardsChanged':
      return {
        ...state,
        cards: event.cards,
        choice: event.cards.some((card) => card.cardId === state.choice) ? state.choice : state.choice === 'new' ? 'new' : firstChoice(event.cards),
      }
    case 'callFailed': {
      const { status, message } = event.failure
      if (phase === 'registering' || (state.phase.name === 'tokenising' && state.phase.intent === 'register'))
        return editing({ error: message ? { text: message } : 'standard' })
      if (phase === 'tokenising' || phase === 'paying') {
        // A 400 is about the card (SPEC §8 invalid card details): said under the form, which stays open.
        if (status === 400) return editing({ error: message ? { text: message } : 'standard' })
        return { ...state, phase: { name: 'declined', message } }
      }
      return state
    }
  }
}

/** SPEC §7 credit reserve (and execute) body: the product, then the token or the saved card; the e-mail only when none is on file. */
export function creditPaymentBody(productSeq: number, payment: CardPayment, email: string | null): Record<string, string> {
  const body: Record<string, string> = { productSeq: String(productSeq) }
  if ('cardId' in payment) body.cardId = String(payment.cardId)
  else {
    body.mdkToken = payment.mdkToken
    if (payment.save) {
      body.save = 'true'
      body.securityCode = payment.securityCode
    }
  }
  if (email) body.email = email
  return body
}
