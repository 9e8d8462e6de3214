import { NO_ACTIVITY } from '@koma/contracts/domain'
import { likelyDialogs } from './likelyDialogs'

const chapter = (id: number, free: boolean, unlocked = false) => ({
  id,
  volumeId: null,
  name: `Episode ${id}`,
  publishedAt: '2026-11-01T00:00:00.000Z',
  sort: id,
  thumbnail: null,
  hasTrial: false,
  aborted: false,
  totalComments: 0,
  salesConfig: {
    free,
    rentableRemained: null,
    rentAllowedWith: ['coin' as const],
    purchaseAllowedWith: ['coin' as const],
    event: null,
    originalPrice: free ? -1 : 4,
    price: free ? -1 : 4,
    coinBackPrice: 0,
    originalRentalPrice: -1,
    rentalPrice: -1,
  },
  activity: unlocked ? { ...NO_ACTIVITY, unlocked: true } : NO_ACTIVITY,
})

const title = (chapters: ReturnType<typeof chapter>[]) => ({
  chapters,
  inventory: null,
  rentalConfig: { gaugeUsable: false, recoverInterval: 0, rentalPeriod: 0 },
  adsEnabled: false,
})

describe('the dialogs an episode list preloads (issue 34)', () => {
  it('a reader with a chapter to unlock: the purchase dialog (mf-payments)', () => {
    expect(likelyDialogs(title([chapter(1, true), chapter(2, false)]), true)).toEqual(['purchase'])
  })

  it('a visitor: only the sign-in dialog, never mf-payments (a paid chapter asks them to sign in first)', () => {
    expect(likelyDialogs(title([chapter(1, true), chapter(2, false)]), false)).toEqual(['loginConfirm'])
  })

  it('nothing when every chapter opens in the viewer', () => {
    expect(likelyDialogs(title([chapter(1, true)]), false)).toBeNull()
    expect(likelyDialogs(title([chapter(1, true), chapter(2, false, true)]), true)).toBeNull()
  })
})
