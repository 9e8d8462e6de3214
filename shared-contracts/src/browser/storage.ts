/** Local storage keys of SPEC §3, in one place so no two packages invent the same key twice. */
export const STORAGE_KEYS = {
  searchKeywords: 'koma.searchKeywords',
  currentUser: 'koma.currentUser',
  userId: 'koma.userId',
  externalUid: 'koma.externalUid',
  ipAddress: 'koma.ipAddress',
  popupLastIndex: 'koma.popup.lastIndex',
  popupLastTime: 'koma.popup.lastTime',
  popupSkip: 'koma.popup.skip',
  paymentResult: 'koma.paymentResult',
  paymentType: 'koma.paymentType',
  locale: 'koma.locale',
  readingDirection: 'koma.readingDirection',
  libraryOrder: 'koma.libraryOrder',
  userMenu: 'koma.userMenu',
  savedReferrer: 'koma.savedReferrer',
  webDeviceId: 'koma.webDeviceId',
  readingStatus: 'koma.readingStatus',
  /** Titles whose double pages the reader shifted by one page (issue 37, smart spreads). */
  spreadShift: 'koma.spreadShift',
  /** This browser reads as a guest (SPEC §4, §6): the guest's session cookie is httpOnly, so the page keeps this hint. */
  guest: 'koma.guest',
} as const

/** Local storage that never throws (private mode, quota, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null
    } catch {
      return null
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value)
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key)
    } catch {
      /* nothing to remove */
    }
  },
}

/** The web device identifier, generated once per browser (the "client immutable uid"). */
export function webDeviceId(): string {
  const existing = safeStorage.get(STORAGE_KEYS.webDeviceId)
  if (existing) return existing
  const created = globalThis.crypto.randomUUID()
  safeStorage.set(STORAGE_KEYS.webDeviceId, created)
  return created
}
