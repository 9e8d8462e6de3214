import { accessChoice, isPrimaryOption, pickableOptions, rentalDays, type AccessOption } from './purchase'

describe('rental days: "Rent for N coins (D days)" (SPEC §3 rentalConfig.rentalPeriod, seconds)', () => {
  it('counts the whole days the rental is sure to last', () => {
    // The catalogue's default rental period: 259 200 s.
    expect(rentalDays(259_200)).toBe(3)
    expect(rentalDays(86_400)).toBe(1)
    expect(rentalDays(7 * 86_400)).toBe(7)
  })

  it('never promises more than the rental gives: 2.5 days reads 2 (the purchase dialog once said 3)', () => {
    expect(rentalDays(216_000)).toBe(2)
    expect(rentalDays(259_199)).toBe(2)
  })

  it('says at least 1 day for a rental shorter than a day (the 23-hour gauge period of SPEC §9) or none', () => {
    expect(rentalDays(82_800)).toBe(1)
    expect(rentalDays(0)).toBe(1)
    expect(rentalDays(-5)).toBe(1)
  })
})

describe('access-option chooser (SPEC §4 buttons)', () => {
  const all: AccessOption[] = [
    { kind: 'preview' },
    { kind: 'freeRead' },
    { kind: 'waitForFree', percent: 40 },
    { kind: 'waitForFreeRemaining', seconds: 600 },
    { kind: 'ticket', amount: 2 },
    { kind: 'subscribe' },
    { kind: 'watchAd' },
    { kind: 'rentWithCoin', price: 2, originalPrice: 3, periodSeconds: 259_200 },
    { kind: 'buyWithCoin', price: 4, originalPrice: 4 },
  ]

  it('preview opens the trial, an ad says app-only, waiting is no action, the rest are access calls', () => {
    expect(all.map((option) => accessChoice(option).kind)).toEqual(['trial', 'access', 'wait', 'wait', 'access', 'access', 'appOnly', 'access', 'access'])
    expect(accessChoice(all[7]!)).toEqual({ kind: 'access', option: all[7] })
  })

  it('offers every option but waiting to pick; free read and tickets are the primary buttons', () => {
    expect(pickableOptions(all).map((option) => option.kind)).toEqual(['preview', 'freeRead', 'ticket', 'subscribe', 'watchAd', 'rentWithCoin', 'buyWithCoin'])
    expect(all.filter(isPrimaryOption).map((option) => option.kind)).toEqual(['freeRead', 'ticket'])
  })
})
