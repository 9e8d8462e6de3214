import { afterAccessFailure, returnPathOf } from './flow'

describe("after a failed access call (SPEC §8), by the failure's name", () => {
  it('sends a coin spend short of coins to the coin shop, and nothing else', () => {
    expect(afterAccessFailure('unlock', 'notEnoughCoins')).toBe('coinShop')
    expect(afterAccessFailure('unlockAll', 'notEnoughCoins')).toBe('coinShop')
    expect(afterAccessFailure('rentWithCoin', 'notEnoughCoins')).toBe('coinShop')
    expect(afterAccessFailure('rentWithTicket', 'notEnoughCoins')).toBe('message')
    // Another 402 (a declined payment) is no shortage of coins.
    expect(afterAccessFailure('unlock', 'transactionNotProcessed')).toBe('message')
  })

  it('a rent-with-subscribe on a stale page (409 used / not available / token spent) or a gone title (404) takes the error with callback; its other failures are said', () => {
    for (const failure of ['subscribeRentalUsed', 'rentalNotAvailable', 'transactionTokenUsed', 'comicNotFound', 'chapterNotFound', 'notFound'] as const)
      expect([failure, afterAccessFailure('rentWithSubscribe', failure)]).toEqual([failure, 'callback'])
    expect(afterAccessFailure('rentWithSubscribe', 'salesSuspended')).toBe('message')
    expect(afterAccessFailure('rentWithSubscribe', 'undefinedError')).toBe('message')
    expect(afterAccessFailure('rentWithSubscribe', null)).toBe('message')
    expect(afterAccessFailure('rentWithGauge', 'subscribeRentalUsed')).toBe('message')
    expect(afterAccessFailure('unlock', 'chapterNotFound')).toBe('message')
  })

  it('closes when not signed in (the global handler signs the page out)', () => {
    for (const action of ['unlock', 'rentWithSubscribe', 'rentWithGauge'] as const) expect(afterAccessFailure(action, 'authenticationError')).toBe('close')
    expect(afterAccessFailure('unlock', 'notYourAccount')).toBe('message')
  })
})

describe('where a purchase replayed after buying coins returns', () => {
  it('is the first chapter’s viewer, or the title’s episode list when the request names none', () => {
    expect(returnPathOf({ contentType: 'comic', contentId: 7, chapterIds: [31, 32] })).toBe('/comic/7/chapter/31/product')
    expect(returnPathOf({ contentType: 'magazine_comic', contentId: 3, chapterIds: [] })).toBe('/magazine_comic/3')
  })
})
