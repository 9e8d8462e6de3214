import { api, ApiError, auth, endpoints, events } from '@koma/contracts'
import { sealForServer } from './components/sealForServer'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { formatDate, formatDateTime, formatLongDate } from '@koma/contracts/domain'
import { renderScreen } from '../../infra/jest/renderScreen'
import { routes } from './routes'

jest.mock('./components/sealForServer', () => ({
  sealForServer: jest.fn().mockResolvedValue({ sessionKey: 'k', rsaEncryptedString: 'sealed' }),
}))

afterEach(() => {
  jest.restoreAllMocks()
  sessionStorage.clear()
  document.cookie = 'koma_lc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  auth.syncFromCookie()
})

const signedIn = () => {
  document.cookie = 'koma_lc=1; path=/'
  auth.syncFromCookie()
}

/** A signed-in member's profile, with or without a password (social sign-up). */
const member = ({ hasPassword }: { hasPassword: boolean }) => ({
  userId: 7,
  email: 'reader@koma.example',
  nickname: 'Reader',
  guest: false,
  emailNotify: false,
  avatarImageUrl: null,
  externalIdps: [],
  inventory: null,
  mature: { acceptMature: false, adultVerification: false },
  userExtraInfo: {
    mobile: null,
    birthday: null,
    marketingAgree: false,
    hasPassword,
    passwordChangeAdvised: false,
    termsUpdate: null,
    adultVerificationExpiresAt: null,
    createdAt: '2026-01-01T00:00:00Z',
  },
})

/** A fake API: answers by endpoint (the sign-in pages ask which social providers exist), records calls. */
function fakeApi(given: Partial<Record<keyof typeof endpoints, unknown>>) {
  const answers: Partial<Record<keyof typeof endpoints, unknown>> = { idpProviders: { providers: ['google', 'apple'] }, ...given }
  return jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
    const name = (Object.keys(endpoints) as (keyof typeof endpoints)[]).find((key) => endpoints[key] === endpoint)
    const answer = name ? answers[name] : undefined
    if (answer instanceof Error) throw answer
    if (answer === undefined) throw new Error(`unexpected call ${String(name)}`)
    return (typeof answer === 'function' ? (answer as () => unknown)() : answer) as never
  })
}

describe('sign-up screens', () => {
  it('step 1 validates the address in the reader language and keeps it', async () => {
    const request = fakeApi({})
    await renderScreen(routes['account.signup'], { path: '/fr/signup', url: '/fr/signup', locale: 'fr', prefix: 'fr' })
    fireEvent.click(await screen.findByTestId('signup-send'))
    expect(await screen.findByText('Veuillez saisir votre adresse e-mail.')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('signup-email'), { target: { value: 'pas-une-adresse' } })
    fireEvent.click(screen.getByTestId('signup-send'))
    expect(await screen.findByText("Le format de l'adresse e-mail est incorrect.")).toBeInTheDocument()
    expect(screen.getByTestId('signup-email')).toHaveValue('pas-une-adresse')
    expect(request.mock.calls.filter(([endpoint]) => endpoint !== endpoints.idpProviders)).toHaveLength(0)
  })

  it('step 1 sends the code and goes on; a taken address shows the server message', async () => {
    fakeApi({
      sendVerifyToken: new ApiError({
        failure: 'emailAlreadyRegistered',
        status: 409,
        message: 'This email address is already registered.',
        url: '/member/send/verify/token',
      }),
    })
    await renderScreen(routes['account.signup'], { path: '/signup', url: '/signup' })
    fireEvent.change(await screen.findByTestId('signup-email'), { target: { value: 'reader@koma.example' } })
    fireEvent.click(screen.getByTestId('signup-send'))
    expect(await screen.findByTestId('signup-error')).toHaveTextContent('This email address is already registered.')
  })

  it('the code and join screens are reachable only from the expected previous step', async () => {
    const code = await renderScreen(routes['account.signupCertificate'], { path: '/signup/certificate', url: '/signup/certificate' })
    await waitFor(() => expect(code.router.state.location.pathname).toBe('/'))
    code.unmount()
    sessionStorage.setItem('koma.signup', JSON.stringify({ email: 'a@koma.example', verified: false }))
    const join = await renderScreen(routes['account.signupJoin'], { path: '/signup/join', url: '/signup/join' })
    await waitFor(() => expect(join.router.state.location.pathname).toBe('/'))
  })

  it('the join form defaults the nickname from the e-mail and enforces age 16 and the agreements', async () => {
    sessionStorage.setItem('koma.signup', JSON.stringify({ email: 'mika.s@koma.example', verified: true }))
    const request = fakeApi({ signup: { sessionToken: 's', userId: 9 } })
    jest.spyOn(auth, 'signedInNow').mockResolvedValue(null)
    const view = await renderScreen(routes['account.signupJoin'], { path: '/signup/join', url: '/signup/join' })
    await act(async () => {
      await view.router.navigate('/signup/join', { state: { from: 'certificate' } })
    })
    expect(await screen.findByTestId('join-nickname')).toHaveValue('mika.s')
    fireEvent.change(screen.getByTestId('join-password'), { target: { value: 'koma-pass-1' } })
    fireEvent.change(screen.getByTestId('join-password-confirm'), { target: { value: 'koma-pass-1' } })
    fireEvent.change(screen.getByTestId('join-birthday'), { target: { value: '2020-02-02' } })
    // SPEC §5: checked as it is typed (5 ms later); the agreements not yet touched stay quiet until submit.
    expect(await screen.findByText('You must be 16 or older to sign up.')).toBeInTheDocument()
    expect(screen.queryByText('Please agree to the Terms of Use.')).not.toBeInTheDocument()
    fireEvent.click(screen.getByTestId('join-submit'))
    expect(await screen.findByText('You must be 16 or older to sign up.')).toBeInTheDocument()
    expect(screen.getByText('Please agree to the Terms of Use.')).toBeInTheDocument()
    expect(screen.getByText('Please agree to the Privacy Policy.')).toBeInTheDocument()
    expect(request).not.toHaveBeenCalled()
    fireEvent.change(screen.getByTestId('join-birthday'), { target: { value: '2000-02-02' } })
    fireEvent.click(screen.getByTestId('join-agree-all'))
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    fireEvent.click(screen.getByTestId('join-submit'))
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/inbox/gift'))
    const [, options] = request.mock.calls[0] as [unknown, { body: Record<string, string> }]
    expect(options.body).toMatchObject({
      email: 'mika.s@koma.example',
      nickname: 'mika.s',
      birthday: '2000-02-02',
      termsAgree: 'true',
      privacyAgree: 'true',
      marketingAgree: 'true',
      rsaEncryptedString: 'sealed',
    })
    expect(JSON.stringify(options.body)).not.toContain('koma-pass-1')
  })
})

describe('password advice', () => {
  it('after 6 months, sign-in goes to the advice page first, keeping the redirect', async () => {
    fakeApi({ signin: { sessionToken: 's', userId: 1 } })
    jest.spyOn(auth, 'signedInNow').mockResolvedValue({ userExtraInfo: { passwordChangeAdvised: true } } as never)
    const view = await renderScreen(routes['account.login'], { path: '/login', url: '/login?redirect=%2Fcomic%2F5' })
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'reader@koma.example' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'koma-reader-1' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/password'))
    expect(view.router.state.location.search).toBe(`?redirect=${encodeURIComponent('/comic/5')}`)
  })
})

describe('settings', () => {
  const settings = {
    notifications: { marketing: false, subscriptionUpdates: true, freeEpisodeUpdates: true, newsEmails: false, releaseUpdates: true, nightRestriction: true },
    viewer: { keyLayout: 'auto', imageQuality: { wifi: 'high', mobile: 'data_saving' }, autoScrollSpeed: 3, paper: false },
    privacy: { doNotShare: false },
    timeZone: { zone: 'Asia/Tokyo', changeableFrom: null as string | null },
  }
  it('saves the viewer key layout and keeps a local copy for the viewer; app-only features say so', async () => {
    signedIn()
    const saved = { ...settings, viewer: { ...settings.viewer, keyLayout: 'fixed' } }
    const request = fakeApi({ settings, settingsUpdate: saved, mature: { acceptMature: false, adultVerification: false, adultVerificationExpiresAt: null } })
    await renderScreen(routes['account.setting'], { path: '/account/setting', url: '/account/setting' })
    fireEvent.click(await screen.findByTestId('setting-key-fixed'))
    expect(await screen.findByTestId('settings-notice')).toHaveTextContent('Saved.')
    expect(request).toHaveBeenCalledWith(endpoints.settingsUpdate, expect.objectContaining({ body: { keyLayout: 'fixed' } }))
    expect(JSON.parse(localStorage.getItem('koma.viewerSettings') ?? '{}').keyLayout).toBe('fixed')
    expect(screen.getByTestId('web-limit')).toHaveTextContent('This feature is not available on the web. Please use the Koma app.')
  })

  it('release notifications are a web setting (e-mail and inbox), not an app-only feature (issue 35)', async () => {
    signedIn()
    const saved = { ...settings, notifications: { ...settings.notifications, releaseUpdates: false } }
    const request = fakeApi({ settings, settingsUpdate: saved, mature: { acceptMature: false, adultVerification: false, adultVerificationExpiresAt: null } })
    await renderScreen(routes['account.setting'], { path: '/account/setting', url: '/account/setting', locale: 'ja' })
    const toggle = await screen.findByTestId('setting-release')
    expect(toggle.closest('label') ?? toggle.parentElement).toHaveTextContent('メールとお知らせボックス')
    expect(screen.getByTestId('app-only')).not.toHaveTextContent('配信開始のお知らせ')
    fireEvent.click(toggle)
    await waitFor(() => expect(request).toHaveBeenCalledWith(endpoints.settingsUpdate, expect.objectContaining({ body: { releaseUpdates: 'false' } })))
  })

  it('"do not share my personal information": saved on the account and applied to this browser at once (SPEC §1)', async () => {
    signedIn()
    const saved = { ...settings, privacy: { doNotShare: true } }
    const request = fakeApi({ settings, settingsUpdate: saved, mature: { acceptMature: false, adultVerification: false, adultVerificationExpiresAt: null } })
    await renderScreen(routes['account.setting'], { path: '/fr/account/setting', url: '/fr/account/setting', locale: 'fr', prefix: 'fr' })
    expect(await screen.findByTestId('privacy')).toHaveTextContent('Ne pas partager mes informations personnelles')
    fireEvent.click(screen.getByTestId('setting-do-not-share'))
    await waitFor(() => expect(request).toHaveBeenCalledWith(endpoints.settingsUpdate, expect.objectContaining({ body: { doNotShare: 'true' } })))
    expect(document.cookie).toContain('koma_dns=1')
    document.cookie = 'koma_dns=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })

  it('the time zone (issue 33): changed after a confirmation that says it is once in 30 days; then locked until the date given', async () => {
    signedIn()
    const saved = { ...settings, timeZone: { zone: 'Europe/Paris', changeableFrom: '2026-12-20T14:30:00.000Z' } }
    const request = fakeApi({ settings, settingsUpdate: saved, mature: { acceptMature: false, adultVerification: false, adultVerificationExpiresAt: null } })
    const openDialog = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true)
    await renderScreen(routes['account.setting'], { path: '/fr/account/setting', url: '/fr/account/setting', locale: 'fr', prefix: 'fr', openDialog })
    const card = await screen.findByTestId('time-zone')
    expect(card).toHaveTextContent('Il peut être changé une fois tous les 30 jours.')
    const select = screen.getByLabelText('Votre fuseau horaire')
    expect(select).toHaveValue('Asia/Tokyo')
    expect(screen.getByTestId('time-zone-save')).toBeDisabled()
    fireEvent.change(select, { target: { value: 'Europe/Paris' } })
    // Cancelled: nothing sent.
    fireEvent.click(screen.getByTestId('time-zone-save'))
    await waitFor(() => expect(openDialog).toHaveBeenCalledTimes(1))
    expect(openDialog).toHaveBeenCalledWith('confirm', {
      message: 'Passer au fuseau horaire Europe/Paris ? Vous ne pourrez plus le changer pendant 30 jours.',
    })
    expect(request).not.toHaveBeenCalledWith(endpoints.settingsUpdate, expect.anything())
    fireEvent.click(screen.getByTestId('time-zone-save'))
    await waitFor(() => expect(request).toHaveBeenCalledWith(endpoints.settingsUpdate, expect.objectContaining({ body: { timeZone: 'Europe/Paris' } })))
    // A date the sentence reads: the locale's long form (issue 35), e.g. « 20 décembre 2026 à 14:30 » in UTC.
    expect(await screen.findByTestId('time-zone-locked')).toHaveTextContent(
      `Vous pourrez le changer à nouveau à partir du ${formatLongDate('2026-12-20T14:30:00.000Z', 'fr', { withTime: true })}.`,
    )
    expect(screen.getByLabelText('Votre fuseau horaire')).toBeDisabled()
    expect(screen.getByTestId('settings-notice')).toHaveTextContent('Enregistré')
  })

  it('a time zone change refused (429) shows the API’s message in the card’s page, not the global dialog', async () => {
    signedIn()
    const message = 'Your time zone can be changed once every 30 days. You can change it again from 2026/12/21 04:30 (Pacific/Kiritimati).'
    fakeApi({
      settings,
      settingsUpdate: new ApiError({ failure: 'timeZoneChangeTooSoon', status: 429, message, url: '/x' }),
      mature: { acceptMature: false, adultVerification: false, adultVerificationExpiresAt: null },
    })
    const openDialog = jest.fn().mockResolvedValue(true)
    await renderScreen(routes['account.setting'], { path: '/account/setting', url: '/account/setting', openDialog })
    fireEvent.change(await screen.findByLabelText('Your time zone'), { target: { value: 'Europe/Paris' } })
    fireEvent.click(screen.getByTestId('time-zone-save'))
    expect(await screen.findByTestId('settings-error')).toHaveTextContent(message)
    expect(openDialog).toHaveBeenCalledTimes(1)
  })

  it('turning mature content on without verification shows the 451 message', async () => {
    signedIn()
    fakeApi({
      settings,
      mature: { acceptMature: false, adultVerification: false, adultVerificationExpiresAt: null },
      matureAccept: new ApiError({
        failure: 'adultVerificationRequired',
        status: 451,
        message: 'Please verify that you are an adult to view mature content.',
        url: '/x',
      }),
    })
    await renderScreen(routes['account.setting'], { path: '/account/setting', url: '/account/setting' })
    fireEvent.click(await screen.findByTestId('mature-toggle'))
    expect(await screen.findByTestId('settings-error')).toHaveTextContent('Please verify that you are an adult to view mature content.')
    expect(screen.getByTestId('verify-age')).toBeInTheDocument()
  })
})

describe('inbox, coupon and delete', () => {
  const gift = (over: Record<string, unknown>) => ({
    id: 1,
    title: 'Festival gift',
    description: '',
    kind: 'coin',
    coinType: 'free',
    amount: 20,
    contentId: null,
    contentName: null,
    createdAt: '2026-11-20T00:00:00Z',
    expiresAt: '2026-11-21T00:00:00Z',
    claimedAt: null,
    state: 'claimable',
    expiringSoon: true,
    ...over,
  })
  it('flags gifts expiring within 24 hours and claims one', async () => {
    signedIn()
    const request = fakeApi({
      gifts: {
        gifts: [gift({}), gift({ id: 2, title: 'Tickets', kind: 'ticket', coinType: null, amount: 3, expiringSoon: false, contentName: 'Moonlit Bakery' })],
      },
      dailyBonus: {
        today: '2026-11-20',
        claimedToday: true,
        streak: 3,
        reward: { kind: 'coin', coinType: 'free', amount: 5, contentId: null, contentName: null },
      },
      giftClaim: {
        grant: {
          id: 5,
          source: 'gift',
          kind: 'coin',
          coinType: 'free',
          amount: 20,
          contentId: null,
          contentName: null,
          expiresAt: null,
          createdAt: '2026-11-20T00:00:00Z',
        },
      },
    })
    await renderScreen(routes['account.inboxGift'], { path: '/inbox/gift', url: '/inbox/gift', locale: 'ja' })
    const gifts = await screen.findAllByTestId('gift')
    expect(gifts[0]).toHaveAttribute('data-expiring', 'true')
    expect(gifts[0]).toHaveTextContent('24時間以内に期限切れ')
    expect(gifts[1]).toHaveTextContent('『Moonlit Bakery』のチケット3枚')
    // A list's date: SPEC §9's year/month/day hour:minute (issue 35).
    expect(gifts[0]).toHaveTextContent(`受け取り期限 ${formatDateTime('2026-11-21T00:00:00Z')}`)
    expect(screen.getByTestId('daily-bonus')).toHaveTextContent('3日連続')
    const heard: unknown[] = []
    const off = events.on('inventory:changed', (change) => heard.push(change))
    fireEvent.click(screen.getAllByTestId('gift-claim')[0]!)
    expect(await screen.findByTestId('inbox-notice')).toHaveTextContent('無料コイン20枚を受け取りました。')
    // Every balance shown elsewhere (the coin shop's) hears of the coins received.
    expect(heard).toEqual([{ contentId: null }])
    off()
    expect(request).toHaveBeenCalledWith(
      endpoints.giftClaim,
      // A gift claimed or expired meanwhile is said here, by name, not by the global handler.
      expect.objectContaining({ params: { giftId: '1' }, policy: { suppress: ['giftClaimed', 'giftExpired'] } }),
    )
  })

  it('the daily bonus card stays in its place, busy, while it reloads after a claim, so nothing under it moves and a second tap claims nothing', async () => {
    signedIn()
    const reward = { kind: 'coin', coinType: 'free', amount: 5, contentId: null, contentName: null }
    let reload: (value: unknown) => void = () => {}
    const answers = [{ today: '2026-11-20', claimedToday: false, streak: 0, reward }, new Promise((resolve) => (reload = resolve))]
    fakeApi({
      gifts: { gifts: [] },
      dailyBonus: () => answers.shift(),
      dailyBonusClaim: {
        grant: {
          id: 6,
          source: 'daily',
          kind: 'coin',
          coinType: 'free',
          amount: 5,
          contentId: null,
          contentName: null,
          expiresAt: null,
          createdAt: '2026-11-20T00:00:00Z',
        },
      },
    })
    await renderScreen(routes['account.inboxGift'], { path: '/inbox/gift', url: '/inbox/gift' })
    fireEvent.click(await screen.findByTestId('daily-claim'))
    expect(await screen.findByTestId('inbox-notice')).toHaveTextContent('You received 5 free coins.')
    // Reloading: the same card, busy, its button off; no placeholder in its stead.
    const card = screen.getByTestId('daily-bonus')
    expect(card).toHaveAttribute('aria-busy', 'true')
    expect(card).toHaveTextContent('Daily bonus')
    expect(screen.getByTestId('daily-claim')).toBeDisabled()
    expect(screen.queryByTestId('daily-bonus-loading')).toBeNull()
    expect(card.nextElementSibling).toHaveAttribute('aria-live', 'polite')
    await act(async () => reload({ today: '2026-11-20', claimedToday: true, streak: 1, reward }))
    expect(await screen.findByTestId('daily-bonus')).toHaveTextContent('Received today. See you tomorrow!')
    expect(screen.queryByTestId('daily-claim')).toBeNull()
    expect(screen.queryByTestId('daily-bonus-loading')).toBeNull()
    expect(screen.getByTestId('daily-bonus')).not.toHaveAttribute('aria-busy')
  })

  it('the coupon page asks a signed-out reader to sign in', async () => {
    await renderScreen(routes['account.coupon'], { path: '/account/coupon', url: '/account/coupon' })
    expect(await screen.findByTestId('needs-sign-in')).toHaveTextContent('Sign in to use this page.')
  })

  it('a refused coupon keeps the code and shows the server message', async () => {
    signedIn()
    fakeApi({ couponRedeem: new ApiError({ failure: 'couponUsed', status: 409, message: 'You have already used this coupon.', url: '/coupon/redeem' }) })
    await renderScreen(routes['account.coupon'], { path: '/account/coupon', url: '/account/coupon' })
    fireEvent.click(await screen.findByTestId('coupon-submit'))
    expect(await screen.findByText('Please enter a coupon code.')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('coupon-code'), { target: { value: 'koma2026' } })
    fireEvent.click(screen.getByTestId('coupon-submit'))
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent('You have already used this coupon.')
    expect(screen.getByTestId('coupon-code')).toHaveValue('KOMA2026')
  })

  it('a coupon submitted twice before the answer is redeemed once; the button waits, then the notice shows', async () => {
    signedIn()
    let answer!: (value: unknown) => void
    const request = fakeApi({
      couponRedeem: () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    })
    await renderScreen(routes['account.coupon'], { path: '/account/coupon', url: '/account/coupon' })
    fireEvent.change(await screen.findByTestId('coupon-code'), { target: { value: 'koma2026' } })
    const form = screen.getByTestId('coupon-submit').closest('form') as HTMLFormElement
    // Two submits in the same tick (Enter pressed twice), then a third once the first is pending.
    fireEvent.submit(form)
    fireEvent.submit(form)
    await waitFor(() => expect(screen.getByTestId('coupon-submit')).toBeDisabled())
    fireEvent.submit(form)
    const redeems = () => request.mock.calls.filter(([endpoint]) => endpoint === endpoints.couponRedeem)
    expect(redeems()).toHaveLength(1)
    await act(async () => answer({ title: 'Autumn', grant: { kind: 'coin', coinType: 'free', amount: 20, contentName: null } }))
    expect(await screen.findByTestId('coupon-done')).toHaveTextContent('“Autumn” redeemed: you received 20 free coins.')
    expect(screen.getByTestId('coupon-submit')).toBeEnabled()
    expect(redeems()).toHaveLength(1)
  })

  it('a rate-limited coupon shows the wait in the form, not in the global error dialog too', async () => {
    signedIn()
    const request = fakeApi({
      couponRedeem: new ApiError({
        failure: 'tooManyRequestsMinutes',
        status: 429,
        message: 'Too many requests. Please try again in 42 min.',
        url: '/coupon/redeem',
      }),
    })
    await renderScreen(routes['account.coupon'], { path: '/account/coupon', url: '/account/coupon' })
    fireEvent.change(await screen.findByTestId('coupon-code'), { target: { value: 'koma2026' } })
    fireEvent.click(screen.getByTestId('coupon-submit'))
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent('Too many requests. Please try again in 42 min.')
    // A suppressed status is the form's to show (contracts' classifyFailure leaves it to the caller).
    expect(request).toHaveBeenCalledWith(endpoints.couponRedeem, expect.objectContaining({ policy: { suppress: expect.arrayContaining([429]) } }))
  })

  it('deleting needs a reason and a confirmation; a guest refusal is shown', async () => {
    signedIn()
    const openDialog = jest.fn().mockResolvedValue(true)
    fakeApi({
      profile: member({ hasPassword: false }),
      deleteMember: new ApiError({ failure: 'guestNotAllowed', status: 403, message: 'Guest users cannot use this function.', url: '/member/me' }),
    })
    await renderScreen(routes['account.delete'], { path: '/account/delete', url: '/account/delete', openDialog })
    fireEvent.click(await screen.findByTestId('delete-understood'))
    // A member without a password (social sign-up) is not asked for one.
    expect(screen.queryByTestId('delete-password')).not.toBeInTheDocument()
    fireEvent.click(screen.getByTestId('delete-submit'))
    expect(await screen.findByText('Please select a reason.')).toBeInTheDocument()
    expect(openDialog).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('reason-privacy'))
    fireEvent.click(screen.getByTestId('delete-submit'))
    expect(await screen.findByTestId('delete-error')).toHaveTextContent('Guest users cannot use this function.')
    expect(openDialog).toHaveBeenCalledWith('confirm', expect.anything())
  })

  it('deleting asks a member with a password for it, sends it sealed and shows a refusal', async () => {
    signedIn()
    const openDialog = jest.fn().mockResolvedValue(true)
    const request = fakeApi({
      profile: member({ hasPassword: true }),
      deleteMember: new ApiError({ failure: 'currentPasswordIncorrect', status: 400, message: '現在のパスワードが正しくありません。', url: '/member/me' }),
    })
    await renderScreen(routes['account.delete'], { path: '/account/delete', url: '/account/delete', openDialog, locale: 'ja' })
    fireEvent.click(await screen.findByTestId('reason-privacy'))
    fireEvent.click(screen.getByTestId('delete-understood'))
    expect(screen.getByText('ご本人であることを確認するため、現在のパスワードを入力してください。')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('delete-submit'))
    expect(await screen.findByText('現在のパスワードを入力してください。')).toBeInTheDocument()
    expect(screen.getByTestId('delete-password')).toHaveAttribute('aria-invalid', 'true')
    expect(openDialog).not.toHaveBeenCalled()
    fireEvent.change(screen.getByTestId('delete-password'), { target: { value: 'wrong-pass-1' } })
    fireEvent.click(screen.getByTestId('delete-submit'))
    expect(await screen.findByTestId('delete-error')).toHaveTextContent('現在のパスワードが正しくありません。')
    expect(sealForServer).toHaveBeenCalledWith('delete', { currentPassword: 'wrong-pass-1' })
    expect(request).toHaveBeenCalledWith(
      endpoints.deleteMember,
      expect.objectContaining({ params: { userId: 'me' }, body: { reason: 'privacy', sessionKey: 'k', rsaEncryptedString: 'sealed' } }),
    )
  })
})

describe('e-mail change', () => {
  const toCodeStep = async (locale: 'en' | 'fr' = 'en') => {
    await renderScreen(routes['account.changeEmail'], { path: '/account/userinfo/changeemail', url: '/account/userinfo/changeemail', locale })
    fireEvent.change(await screen.findByTestId('new-email'), { target: { value: 'moved@koma.example' } })
    fireEvent.click(screen.getByTestId('change-email-send'))
    await screen.findByTestId('change-email-code')
    fireEvent.change(screen.getByTestId('change-email-code'), { target: { value: '123456' } })
  }

  it('asks a member with a password for it, sends it sealed and shows a wrong-password refusal', async () => {
    signedIn()
    const request = fakeApi({
      profile: member({ hasPassword: true }),
      sendVerifyToken: { sent: true, expiresAt: '2026-11-20T00:10:00Z', resendAfterSeconds: 60 },
      changeEmail: new ApiError({
        failure: 'currentPasswordIncorrect',
        status: 400,
        message: 'Votre mot de passe actuel est incorrect.',
        url: '/member/profile/email',
      }),
    })
    await toCodeStep('fr')
    fireEvent.click(screen.getByTestId('change-email-confirm'))
    expect(await screen.findByText('Veuillez saisir votre mot de passe actuel.')).toBeInTheDocument()
    expect(request).not.toHaveBeenCalledWith(endpoints.changeEmail, expect.anything())
    fireEvent.change(screen.getByTestId('change-email-password'), { target: { value: 'wrong-pass-1' } })
    fireEvent.click(screen.getByTestId('change-email-confirm'))
    expect(await screen.findByTestId('change-email-error')).toHaveTextContent('Votre mot de passe actuel est incorrect.')
    expect(sealForServer).toHaveBeenCalledWith('email', { currentPassword: 'wrong-pass-1' })
    expect(request).toHaveBeenCalledWith(
      endpoints.changeEmail,
      expect.objectContaining({ body: { email: 'moved@koma.example', token: '123456', sessionKey: 'k', rsaEncryptedString: 'sealed' } }),
    )
  })

  it('a member without a password chooses one instead of confirming one', async () => {
    signedIn()
    fakeApi({ profile: member({ hasPassword: false }), sendVerifyToken: { sent: true, expiresAt: '2026-11-20T00:10:00Z', resendAfterSeconds: 60 } })
    await toCodeStep()
    expect(screen.queryByTestId('change-email-password')).not.toBeInTheDocument()
    fireEvent.click(screen.getByTestId('change-email-confirm'))
    expect(await screen.findByText('Please input Password.')).toBeInTheDocument()
    expect(screen.queryByText('Please input your current password.')).not.toBeInTheDocument()
  })
})

describe('inquiry', () => {
  it('a signed-out visitor is told where the answer will go, not that a mail was sent', async () => {
    fakeApi({ inquiry: { inquiryId: 42, createdAt: '2026-11-20T00:00:00Z', confirmationSent: false } })
    await renderScreen(routes['account.inquiry'], { path: '/inquiry', url: '/inquiry' })
    fireEvent.change(await screen.findByTestId('inquiry-category'), { target: { value: 'bug' } })
    fireEvent.change(screen.getByTestId('inquiry-email'), { target: { value: 'asker@koma.example' } })
    fireEvent.change(screen.getByTestId('inquiry-text'), { target: { value: 'The viewer freezes.' } })
    fireEvent.click(screen.getByTestId('inquiry-submit'))
    expect(await screen.findByTestId('inquiry-sent')).toHaveTextContent('Thank you. We received your inquiry #42 and will answer at asker@koma.example.')
  })
})

describe('checked as the reader types (SPEC §5)', () => {
  afterEach(() => jest.useRealTimers())

  it('inquiry: a field typed in and emptied is told it is required 5 ms later; fields not touched stay quiet until submit', async () => {
    fakeApi({})
    await renderScreen(routes['account.inquiry'], { path: '/inquiry', url: '/inquiry' })
    const body = await screen.findByTestId('inquiry-text')
    jest.useFakeTimers()
    fireEvent.change(body, { target: { value: 'x' } })
    fireEvent.change(body, { target: { value: '' } })
    act(() => jest.advanceTimersByTime(4))
    expect(screen.queryAllByRole('alert')).toHaveLength(0)
    act(() => jest.advanceTimersByTime(1))
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByTestId('inquiry-text')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('inquiry-category')).not.toHaveAttribute('aria-invalid')
  })

  it('password reset: the retyped password is compared as it is typed', async () => {
    fakeApi({ passwordResetCheck: { email: 'reader@koma.example' } })
    await renderScreen(routes['account.passwordReset'], { path: '/member/profile/password/reset', url: '/member/profile/password/reset?token=abc' })
    fireEvent.change(await screen.findByTestId('reset-password'), { target: { value: 'koma-reader-9' } })
    fireEvent.change(screen.getByTestId('reset-password-confirm'), { target: { value: 'koma-reader-8' } })
    expect(await screen.findByText('Retyped password is not match. Please retry.')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('reset-password-confirm'), { target: { value: 'koma-reader-9' } })
    await waitFor(() => expect(screen.queryByText('Retyped password is not match. Please retry.')).not.toBeInTheDocument())
  })

  it('password reset: a failure the answer does not explain says "password reset failed" in the reader language (SPEC §8)', async () => {
    fakeApi({
      passwordResetCheck: { email: 'reader@koma.example' },
      passwordReset: new ApiError({ failure: 'undefinedError', status: 500, message: 'boom', url: '' }),
    })
    await renderScreen(routes['account.passwordReset'], {
      path: '/fr/member/profile/password/reset',
      url: '/fr/member/profile/password/reset?token=abc',
      locale: 'fr',
      prefix: 'fr',
    })
    fireEvent.change(await screen.findByTestId('reset-password'), { target: { value: 'koma-reader-9' } })
    fireEvent.change(screen.getByTestId('reset-password-confirm'), { target: { value: 'koma-reader-9' } })
    fireEvent.click(screen.getByTestId('reset-submit'))
    expect(await screen.findByText('Votre mot de passe n’a pas pu être réinitialisé. Veuillez réessayer.')).toBeInTheDocument()
  })
})

describe('dates (issue 35)', () => {
  it('the devices list shows when each was last used in SPEC §9’s year/month/day hour:minute, in English as in every language', async () => {
    signedIn()
    fakeApi({
      profile: member({ hasPassword: true }),
      linkedAccounts: { accounts: [], providers: ['google'] },
      devices: {
        devices: [
          { deviceId: 'd1', browser: 'Chrome', os: 'Android', lastSeenAt: '2026-12-04T17:05:00Z', createdAt: '2026-01-01T00:00:00Z', current: true },
          { deviceId: 'd2', browser: 'Safari', os: 'iOS', lastSeenAt: '2026-11-20T08:30:00Z', createdAt: '2026-01-01T00:00:00Z', current: false },
        ],
      },
    })
    await renderScreen(routes['account.userinfo'], { path: '/en/account/userinfo', url: '/en/account/userinfo', locale: 'en', prefix: 'en' })
    const rows = await screen.findAllByTestId('device-row')
    // In this machine's zone: 2026/12/04 17:05 in UTC.
    expect(rows[0]).toHaveTextContent(`Last used ${formatDateTime('2026-12-04T17:05:00Z')}`)
    expect(rows[1]).toHaveTextContent(`Last used ${formatDateTime('2026-11-20T08:30:00Z')}`)
  })
})

describe('documents', () => {
  it('a notice detail with a bad id is a 404 and asks the API nothing', async () => {
    const request = fakeApi({})
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await renderScreen(routes['account.noticeDetail'], { path: '/document/notice/detail', url: '/document/notice/detail?id=007' })
    expect(screen.queryByTestId('notice-detail')).not.toBeInTheDocument()
    expect(request).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  it('shows legal versions with the current one marked', async () => {
    fakeApi({
      legal: {
        type: 'terms',
        version: 2,
        title: 'Terms of Use',
        body: 'Article 1 (Purpose)\nThese terms…',
        effectiveAt: '2026-11-01T00:00:00Z',
        versions: [
          { version: 2, effectiveAt: '2026-11-01T00:00:00Z' },
          { version: 1, effectiveAt: '2025-10-01T00:00:00Z' },
        ],
      },
    })
    await renderScreen(routes['account.legal'], { path: '/legal/:type', url: '/legal/terms' })
    expect(await screen.findByRole('heading', { name: 'Article 1 (Purpose)' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Version 1/ })).toHaveAttribute('href', '/legal/terms/1')
    // Issue 35: the sentence reads the long form, the list of versions SPEC §9's year/month/day.
    expect(screen.getByText(/Effective/)).toHaveTextContent(`Version 2 · Effective ${formatLongDate('2026-11-01T00:00:00Z', 'en')}`)
    expect(screen.getByRole('link', { name: /Version 1/ })).toHaveTextContent(`Version 1 (${formatDate('2025-10-01T00:00:00Z')})`)
  })
})
