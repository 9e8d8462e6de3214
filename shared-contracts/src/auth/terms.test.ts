import type { ApiClient } from '../api/client'
import { endpoints } from '../api/endpoints'
import { EventBus, type EventMap } from '../events/bus'
import { installHostBridge } from '../host/bridge'
import { AuthStore } from './store'

const profile = (termsUpdate: { version: number; effectiveAt: string } | null) => ({
  userId: 7,
  email: 'r@k.io',
  nickname: 'Reader',
  guest: false,
  emailNotify: true,
  avatarImageUrl: null,
  externalIdps: [],
  inventory: null,
  mature: { acceptMature: false, adultVerification: false },
  userExtraInfo: {
    mobile: null,
    birthday: null,
    marketingAgree: false,
    hasPassword: true,
    passwordChangeAdvised: false,
    termsUpdate,
    adultVerificationExpiresAt: null,
    createdAt: '2026-01-01T00:00:00Z',
  },
})

function setup(answer: boolean) {
  const openDialog = jest.fn().mockResolvedValue(answer)
  installHostBridge({ openDialog: openDialog as never, notify: jest.fn(), loadExposed: jest.fn() })
  let updated = false
  const request = jest.fn(async (endpoint: unknown) => {
    if (endpoint === endpoints.profile) return profile(updated ? null : { version: 3, effectiveAt: '2026-11-01T00:00:00Z' })
    if (endpoint === endpoints.termsAgree) {
      updated = true
      return { agreedVersion: 3 }
    }
    return { signedOut: true }
  })
  const store = new AuthStore(
    { request } as unknown as ApiClient,
    new EventBus<EventMap>(),
    () => '1',
    () => 'ja',
  )
  return { store, request, openDialog }
}

describe('terms update (SPEC §4: agree or be signed out)', () => {
  it('asks in the reader language and records the agreement', async () => {
    const { store, request, openDialog } = setup(true)
    await store.loadProfile()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(openDialog).toHaveBeenCalledWith('confirm', expect.objectContaining({ title: '利用規約の改定', okLabel: '同意する' }))
    expect(request).toHaveBeenCalledWith(endpoints.termsAgree, { body: { version: '3' } })
    expect(store.signedIn).toBe(true)
  })

  it('signs out a member who does not agree', async () => {
    const { store, request } = setup(false)
    await store.loadProfile()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(request).toHaveBeenCalledWith(endpoints.signout, expect.anything())
    expect(store.signedIn).toBe(false)
  })
})
