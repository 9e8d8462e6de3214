import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { EventBus, type EventMap } from '../events/bus'
import { AuthStore } from './store'

const profile = {
  userId: 7,
  email: 'r@k.io',
  nickname: 'Reader',
  guest: false,
  emailNotify: true,
  avatarImageUrl: null,
  externalIdps: [],
  inventory: null,
  mature: { acceptMature: false, adultVerification: false },
}

function setup(cookie: string | null, request: jest.Mock) {
  let value = cookie
  const bus = new EventBus<EventMap>()
  const changes: boolean[] = []
  bus.on('auth:changed', ({ signedIn }) => changes.push(signedIn))
  const store = new AuthStore({ request } as unknown as ApiClient, bus, () => value)
  return { store, changes, setCookie: (next: string | null) => (value = next) }
}

describe('AuthStore', () => {
  it('is signed in while the login-check cookie is present and non-empty', () => {
    expect(setup('1', jest.fn()).store.signedIn).toBe(true)
    expect(setup('', jest.fn()).store.signedIn).toBe(false)
    expect(setup(null, jest.fn()).store.signedIn).toBe(false)
  })

  it('loads the profile after sign-in and announces the change', async () => {
    const request = jest.fn().mockResolvedValue(profile)
    const { store, changes, setCookie } = setup(null, request)
    setCookie('1')
    await store.signedInNow()
    expect(store.nickname).toBe('Reader')
    expect(changes).toEqual([true])
  })

  it('logs out locally when the profile fetch answers 401', async () => {
    const request = jest.fn().mockRejectedValue(new ApiError({ failure: 'authenticationError', status: 401, message: 'x', url: '/member/profile' }))
    const { store, changes } = setup('1', request)
    await store.loadProfile()
    expect(store.signedIn).toBe(false)
    expect(store.profile).toBeNull()
    expect(changes).toEqual([false])
  })

  describe('a page drawn for its reader (issue 34)', () => {
    afterEach(() => window.localStorage.clear())

    it('starts as the member or guest the edge drew it for, with the profile it drew, and announces nothing', () => {
      const { store, changes, setCookie } = setup(null, jest.fn())
      setCookie('1')
      store.drawnFor(profile)
      expect({ signedIn: store.signedIn, guest: store.guest, nickname: store.nickname }).toEqual({ signedIn: true, guest: false, nickname: 'Reader' })
      // A guest (no login-check cookie): the page is a guest's, and this browser remembers it.
      setCookie(null)
      store.drawnFor({ ...profile, guest: true, nickname: 'Guest' })
      expect({ signedIn: store.signedIn, guest: store.guest, reader: store.reader }).toEqual({ signedIn: false, guest: true, reader: true })
      expect(window.localStorage.getItem('koma.guest')).toBe('1')
      // Drawn for nobody (the edge's next drawing): nobody's profile is left.
      store.drawnFor(null)
      expect({ reader: store.reader, profile: store.profile }).toEqual({ reader: false, profile: null })
      expect(changes).toEqual([])
    })

    it('never takes a member’s profile for a page without a session of its own', () => {
      const { store } = setup(null, jest.fn())
      store.drawnFor(profile)
      expect({ reader: store.reader, profile: store.profile }).toEqual({ reader: false, profile: null })
    })
  })

  describe('guests (SPEC §4, §6)', () => {
    afterEach(() => window.localStorage.clear())

    it('becomes a guest only when asked, remembers it on this browser, and counts as a reader but not signed in', async () => {
      const request = jest
        .fn()
        .mockResolvedValueOnce({ userId: 9, guest: true })
        .mockResolvedValueOnce({ ...profile, userId: 9, guest: true, nickname: 'Guest' })
      const { store } = setup(null, request)
      expect(store.reader).toBe(false)
      expect(request).not.toHaveBeenCalled()
      expect(await store.becomeGuest()).toBe(true)
      expect(request.mock.calls[0][0].path).toBe('/member/guest')
      expect(store.guest).toBe(true)
      expect(store.signedIn).toBe(false)
      expect(store.reader).toBe(true)
      expect(window.localStorage.getItem('koma.guest')).toBe('1')
      // A new page on this browser knows it is the guest again.
      expect(setup(null, jest.fn()).store.guest).toBe(true)
    })

    it('forgets the guest once signed in (the API discarded it, or registration made it the member)', async () => {
      window.localStorage.setItem('koma.guest', '1')
      const { store, setCookie } = setup(null, jest.fn().mockResolvedValue(profile))
      expect(store.guest).toBe(true)
      setCookie('1')
      await store.signedInNow()
      expect(store.guest).toBe(false)
      expect(window.localStorage.getItem('koma.guest')).toBeNull()
    })

    it('forgets a guest whose session is gone (401)', async () => {
      window.localStorage.setItem('koma.guest', '1')
      const { store } = setup(
        null,
        jest.fn().mockRejectedValue(new ApiError({ failure: 'authenticationError', status: 401, message: 'x', url: '/member/profile' })),
      )
      await store.loadProfile()
      expect(store.guest).toBe(false)
      expect(store.reader).toBe(false)
    })
  })
})
