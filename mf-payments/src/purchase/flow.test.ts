import { afterAccessFailure, returnPathOf } from './flow'

describe('after a failed access call (SPEC §8)', () => {
  it('sends a coin spend short of coins to the coin shop, and nothing else', () => {
    expect(afterAccessFailure('unlock', 402)).toBe('coinShop')
    expect(afterAccessFailure('unlockAll', 402)).toBe('coinShop')
    expect(afterAccessFailure('rentWithCoin', 402)).toBe('coinShop')
    expect(afterAccessFailure('rentWithTicket', 402)).toBe('message')
  })

  it('a rent-with-subscribe on a stale page (304, 409) or a gone title (404) takes the error with callback; its other failures are said', () => {
    expect(afterAccessFailure('rentWithSubscribe', 304)).toBe('callback')
    expect(afterAccessFailure('rentWithSubscribe', 409)).toBe('callback')
    expect(afterAccessFailure('rentWithSubscribe', 404)).toBe('callback')
    expect(afterAccessFailure('rentWithSubscribe', 403)).toBe('message')
    expect(afterAccessFailure('rentWithSubscribe', 500)).toBe('message')
    expect(afterAccessFailure('rentWithGauge', 304)).toBe('message')
    expect(afterAccessFailure('unlock', 304)).toBe('message')
  })

  it('closes on 401 (the global handler signs the page out)', () => {
    for (const action of ['unlock', 'rentWithSubscribe', 'rentWithGauge'] as const) expect(afterAccessFailure(action, 401)).toBe('close')
  })
})

describe('where a purchase replayed after buying coins returns', () => {
  it('is the first chapter’s viewer, or the title’s episode list when the request names none', () => {
    expect(returnPathOf({ contentType: 'comic', contentId: 7, chapterIds: [31, 32] })).toBe('/comic/7/chapter/31/product')
    expect(returnPathOf({ contentType: 'magazine_comic', contentId: 3, chapterIds: [] })).toBe('/magazine_comic/3')
  })
})
