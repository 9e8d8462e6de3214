import { makeAutoObservable, runInAction } from 'mobx'
import type { ApiClient } from '../api/client'
import { endpoints } from '../api/endpoints'
import { isApiError } from '../api/errors'
import { COOKIES, deleteCookie, readCookie } from '../browser/cookies'
import { safeStorage, STORAGE_KEYS } from '../browser/storage'
import type { Profile } from '../domain/types'
import { events, type EventBus } from '../events/bus'
import { openDialog } from '../host/bridge'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'
import { loadTexts, text } from '../i18n/texts'

/**
 * Who is reading. Login state is the login-check cookie (SPEC §4: present and non-empty);
 * the profile is fetched from the API and a 401 on that fetch signs the page out.
 *
 * Guests (SPEC §4, §6): a signed-out reader who chooses to go on as a guest gets a guest account
 * bound to this browser (`POST /member/guest`: one per browser, limited per address). Its
 * session cookie is httpOnly and it sets no login-check cookie, so the page remembers it in
 * local storage. A guest is not `signedIn`; `reader` is true for members and guests alike (the
 * free-read gauge, tickets, the daily bonus and the library).
 */
export class AuthStore {
  profile: Profile | null = null
  private cookieValue: string | null
  profileLoading = false
  /** This browser reads as a guest. */
  guest: boolean

  constructor(
    private readonly api: ApiClient,
    private readonly bus: EventBus = events,
    private readonly cookie: () => string | null = () => readCookie(COOKIES.loginCheck),
    private readonly locale: () => Locale = () => DEFAULT_LOCALE,
  ) {
    this.cookieValue = cookie()
    this.guest = !this.cookieValue && safeStorage.get(STORAGE_KEYS.guest) === '1'
    makeAutoObservable<AuthStore, 'api' | 'bus' | 'cookie' | 'locale' | 'askingTerms'>(this, {
      api: false,
      bus: false,
      cookie: false,
      locale: false,
      askingTerms: false,
    })
  }

  get signedIn(): boolean {
    return Boolean(this.cookieValue)
  }

  /** A member or a guest: someone with an account on this browser. */
  get reader(): boolean {
    return this.signedIn || this.guest
  }

  get nickname(): string | null {
    return this.profile?.nickname ?? null
  }

  /**
   * The page the edge draws or the browser hydrates is drawn for this reader (issue 34): the
   * login-check cookie of the page (the request's, on the edge), and the profile the API gave
   * their session as the edge wrote it into the page (boot data), or null (a visitor's page). A
   * guest's profile makes the page a guest's: the edge cannot read this browser's storage, so the
   * browser takes the guest from the page as the edge drew it. Announces nothing: nothing changed
   * for the reader, the page only starts as what it is.
   */
  drawnFor(profile: Profile | null): void {
    this.cookieValue = this.cookie()
    const guest = !this.cookieValue && profile?.guest === true
    if (guest !== this.guest && typeof document !== 'undefined') {
      if (guest) safeStorage.set(STORAGE_KEYS.guest, '1')
      else safeStorage.remove(STORAGE_KEYS.guest)
    }
    this.guest = guest
    this.profile = profile && this.reader ? profile : null
  }

  /** Re-read the login-check cookie (after a sign-in response set it, or another tab changed it). */
  syncFromCookie(): void {
    const before = this.signedIn
    this.cookieValue = this.cookie()
    if (this.signedIn && this.guest) this.forgetGuest()
    if (!this.reader) this.profile = null
    if (before !== this.signedIn) this.bus.emit('auth:changed', { signedIn: this.signedIn })
  }

  /**
   * Become this browser's guest (only ever on the reader's own action: never on page load, and
   * never for crawlers, who have no buttons to press). Resolves true when the page now reads as
   * a guest.
   */
  async becomeGuest(): Promise<boolean> {
    if (this.signedIn) return false
    await this.api.request(endpoints.guestSession)
    runInAction(() => {
      this.guest = true
    })
    safeStorage.set(STORAGE_KEYS.guest, '1')
    await this.loadProfile()
    this.bus.emit('auth:changed', { signedIn: false })
    return this.guest
  }

  /** Load the profile of the signed-in reader (or the guest); a 401 here logs the page out. */
  async loadProfile(): Promise<Profile | null> {
    if (!this.reader) return null
    this.profileLoading = true
    try {
      const profile = await this.api.request(endpoints.profile, { policy: { suppress: ['authenticationError'] } })
      runInAction(() => {
        this.profile = profile
        safeStorage.set(STORAGE_KEYS.userId, String(profile.userId))
      })
      const termsUpdate = profile.userExtraInfo?.termsUpdate
      if (termsUpdate) void this.askToAgree(termsUpdate.version)
      return profile
    } catch (error) {
      if (isApiError(error) && error.failure === 'authenticationError') this.clearLocal()
      return null
    } finally {
      runInAction(() => {
        this.profileLoading = false
      })
    }
  }

  private askingTerms = false

  /** SPEC §4 terms update: the member agrees to the new terms, or is signed out. */
  private async askToAgree(version: number): Promise<void> {
    if (this.askingTerms) return
    this.askingTerms = true
    try {
      const locale = this.locale()
      // Asked as the page starts (its profile call), perhaps before a screen has loaded the texts.
      await loadTexts(locale).catch(() => undefined)
      const agreed = await openDialog('confirm', {
        title: text('termsUpdatedTitle', locale),
        message: text('termsAgreementRequired', locale),
        okLabel: text('termsAgree', locale),
        cancelLabel: text('termsDecline', locale),
      })
      if (agreed) {
        await this.api.request(endpoints.termsAgree, { body: { version: String(version) } })
        await this.loadProfile()
      } else {
        await this.logout()
      }
    } catch {
      /* no dialog host (tests, server): nothing to ask */
    } finally {
      this.askingTerms = false
    }
  }

  /** Called after POST /member/signin succeeded: the API has set both cookies. */
  async signedInNow(): Promise<Profile | null> {
    // Signing in discarded the guest; registering made it the member (the API did either).
    this.forgetGuest()
    this.syncFromCookie()
    return this.loadProfile()
  }

  /** Sign out on the server (best effort), then forget everything locally. */
  async logout(): Promise<void> {
    if (this.signedIn) {
      try {
        await this.api.request(endpoints.signout, { policy: { silent: true } })
      } catch {
        /* the session may already be gone; signing out locally is what matters */
      }
    }
    this.clearLocal()
  }

  private forgetGuest(): void {
    safeStorage.remove(STORAGE_KEYS.guest)
    this.guest = false
  }

  /** Forget ids and profile (SPEC §4 logout) without calling the API. */
  clearLocal(): void {
    const was = this.signedIn || this.guest
    this.forgetGuest()
    if (typeof document !== 'undefined') deleteCookie(COOKIES.loginCheck)
    safeStorage.remove(STORAGE_KEYS.userId)
    safeStorage.remove(STORAGE_KEYS.currentUser)
    this.profile = null
    this.cookieValue = null
    if (was) this.bus.emit('auth:changed', { signedIn: false })
  }
}
