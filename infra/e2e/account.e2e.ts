import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describePage, DESKTOP, launchBrowser, newContext, PHONE, trackErrors } from './support/browser'
import { eventually, textOf } from './support/eventually'
import { foundIn, lastMail, signUp } from './support/members'
import { clusterLane, readSite } from './support/site'

/** Accounts end to end: the built site, codes and links read from the API's mail outbox. */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const confirmDialog = (page: Page) => page.getByTestId('dialog-confirm').getByRole('button').last().click()

async function signIn(page: Page, prefix: string, email: string, password: string) {
  await page.goto(`${prefix}/login`)
  await page.getByTestId('login').locator('input[name="email"]').fill(email)
  await page.getByTestId('login').locator('input[name="password"]').fill(password)
  await page.getByTestId('login-submit').click()
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
}

describe('a new reader in English, end to end', () => {
  let email = `e2e.${Date.now().toString(36)}@koma.example`
  let password = 'koma-e2e-pass1'
  let context: BrowserContext
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    context = await newContext(browser, { viewport: PHONE })
    page = await context.newPage()
    errors = trackErrors(page)
  })
  afterAll(async () => {
    await context?.close()
  })

  it('signs up with the code from the outbox; the join form refuses bad input and keeps it', async () => {
    await page.goto('/en/signup')
    await page.getByTestId('signup-send').click()
    await textOf(page.getByRole('alert').first(), 'Please input Email address.')
    await page.getByTestId('signup-email').fill(email)
    await page.getByTestId('signup-send').click()
    await page.getByTestId('signup-certificate').waitFor()
    await page.getByTestId('signup-code').fill('12')
    await page.getByTestId('signup-verify').click()
    await textOf(page.getByRole('alert').first(), 'Enter Your Verification Code.')
    const code = foundIn((await lastMail(email, 'code')).subject, /(\d{6})/)
    await page.getByTestId('signup-code').fill(code)
    await page.getByTestId('signup-verify').click()
    await page.getByTestId('signup-join').waitFor()
    // The nickname defaults to the part before the at sign.
    expect(await page.getByTestId('join-nickname').inputValue()).toBe(email.split('@')[0]!.slice(0, 20))
    await page.getByTestId('join-password').fill('short')
    await page.getByTestId('join-password-confirm').fill('different')
    await page.getByTestId('join-birthday').fill('2015-01-01')
    await page.getByTestId('join-submit').click()
    await page.getByText('Please use 8 to 32 characters for your password.').waitFor()
    await page.getByText('Retyped password is not match. Please retry.').waitFor()
    await page.getByText('You must be 16 or older to sign up.').waitFor()
    await page.getByText('Please agree to the Terms of Use.').waitFor()
    expect(await page.getByTestId('join-birthday').inputValue()).toBe('2015-01-01')
    await page.getByTestId('join-password').fill(password)
    await page.getByTestId('join-password-confirm').fill(password)
    await page.getByTestId('join-birthday').fill('2000-05-05')
    await page.getByTestId('join-agree-all').check()
    await page.getByTestId('join-submit').click()
    await page.getByTestId('inbox-gifts').waitFor()
    await textOf(page.getByTestId('header-nickname'), email.split('@')[0]!.slice(0, 20))
    expect((await lastMail(email, 'welcome')).subject).toBe('Welcome to Koma')
  })

  it('claims the welcome gift and the daily bonus', async () => {
    await page.getByTestId('gift').first().waitFor()
    const waiting = Number(await page.getByTestId('header-inbox-badge').textContent())
    expect(waiting).toBeGreaterThan(0)
    await page.getByTestId('gift-claim').first().click()
    await textOf(page.getByTestId('inbox-notice'), 'You received 3 tickets.')
    await page.getByTestId('daily-claim').click()
    await textOf(page.getByTestId('inbox-notice'), 'You received 5 free coins.')
    // The card reloads its status after the claim: wait for it, so nothing moves under the next click.
    await page.locator('[data-testid="daily-bonus"]:not(:has([data-testid="daily-claim"]))').waitFor()
    await page.getByTestId('gifts-history').click()
    await page.locator('[data-testid="gift"][data-state="claimed"]').waitFor()
    // The header badge is refreshed on navigation: one gift fewer is waiting.
    await page.goto('/en/account/coupon')
    if (waiting > 1) await textOf(page.getByTestId('header-inbox-badge'), String(waiting - 1))
    else
      await eventually(
        () => page.getByTestId('header-inbox-badge').count(),
        (n) => n === 0,
      )
  })

  it('redeems a coupon once', async () => {
    await page.goto('/en/account/coupon')
    await page.getByTestId('coupon-submit').click()
    await textOf(page.getByRole('alert').first(), 'Please enter a coupon code.')
    await page.getByTestId('coupon-code').fill('koma2026')
    await page.getByTestId('coupon-submit').click()
    await textOf(page.getByTestId('coupon-done'), '“Koma 2026 welcome coupon: 50 bonus coins” redeemed: you received 50 bonus coins.')
    await page.getByTestId('coupon-code').fill('KOMA2026')
    await page.getByTestId('coupon-submit').click()
    await textOf(page.getByTestId('coupon-error'), 'You have already used this coupon.')
  })

  it('changes the nickname and the viewer settings', async () => {
    await page.goto('/en/account/userinfo/nickname')
    await page.getByTestId('nickname-input').fill('<oops>')
    await page.getByTestId('nickname-save').click()
    await page.getByText('Your nickname contains characters that cannot be used.').waitFor()
    await page.getByTestId('nickname-input').fill('Night Reader')
    await page.getByTestId('nickname-save').click()
    await textOf(page.getByTestId('userinfo-notice'), 'Your nickname was changed.')
    await textOf(page.getByTestId('profile-nickname'), 'Night Reader')
    await textOf(page.getByTestId('header-nickname'), 'Night Reader')
    await page.goto('/en/account/setting')
    await page.getByTestId('setting-key').getByText('Fixed').click()
    await textOf(page.getByTestId('settings-notice'), 'Saved.')
    await page.getByTestId('setting-mobile').getByText('High').click()
    // The radio follows the server's answer: once checked, the setting is stored.
    await eventually(
      () => page.getByTestId('setting-mobile-high').isChecked(),
      (checked) => checked,
    )
    await page.reload()
    await page.getByTestId('settings').waitFor()
    expect(await page.getByTestId('setting-key-fixed').isChecked()).toBe(true)
    expect(await page.getByTestId('setting-mobile-high').isChecked()).toBe(true)
    // The viewer's copy in local storage follows.
    const stored = await page.evaluate(() => localStorage.getItem('koma.viewerSettings'))
    expect(JSON.parse(stored!)).toEqual({ keyLayout: 'fixed', imageQuality: { wifi: 'high', mobile: 'high' }, autoScrollSpeed: 3, paper: false })
    await page.getByTestId('web-limit').waitFor()
  })

  it('links and unlinks a sandbox social account', async () => {
    await page.goto('/en/account/userinfo')
    await page.getByTestId('link-google').click()
    await page.getByTestId('idp-allow').click()
    await textOf(page.getByTestId('userinfo-notice'), 'Google is now linked to your account.')
    await page.getByTestId('unlink-google').waitFor()
    await page.getByTestId('unlink-google').click()
    await confirmDialog(page)
    await page.getByTestId('link-google').waitFor()
  })

  it('removes another device, which is signed out', async () => {
    const other = await newContext(browser, { viewport: DESKTOP })
    const otherPage = await other.newPage()
    await signIn(otherPage, '/en', email, password)
    await page.goto('/en/account/userinfo')
    await eventually(
      () => page.getByTestId('device-row').count(),
      (n) => n === 2,
    )
    const row = page.getByTestId('device-row').filter({ hasNotText: 'This device' })
    await row.getByTestId('device-remove').click()
    await confirmDialog(page)
    await textOf(page.getByTestId('userinfo-notice'), 'The device was removed and signed out.')
    await eventually(
      () => page.getByTestId('device-row').count(),
      (n) => n === 1,
    )
    await otherPage.goto('/en/account/userinfo')
    await otherPage.waitForURL('**/en/login?redirect=*')
    await other.close()
  })

  it('signs out, fails with a wrong password, signs in again', async () => {
    await page.getByTestId('header-account').click()
    await page.getByTestId('header-sign-out').click()
    await page.getByTestId('header-sign-in').waitFor()
    // The session and login-check cookies are gone (a login-check cookie left behind would send
    // /login on to home: the login form never shows, as once in the cluster lane at stop 44).
    const left = (await page.context().cookies()).map((cookie) => cookie.name)
    expect(left).not.toContain('koma_lc')
    expect(left).not.toContain('koma_session')
    await page.goto('/en/login')
    await page
      .getByTestId('login')
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await describePage(page)}`)
      })
    await page.getByTestId('login').locator('input[name="email"]').fill(email)
    await page.getByTestId('login').locator('input[name="password"]').fill('wrong-pass-1')
    await page.getByTestId('login-submit').click()
    await textOf(page.getByTestId('login-error'), 'Incorrect email or password')
    await page.getByTestId('login').locator('input[name="password"]').fill(password)
    await page.getByTestId('login-submit').click()
    await textOf(page.getByTestId('header-nickname'), 'Night Reader')
  })

  it('resets a forgotten password with the mailed link', async () => {
    await page.getByTestId('header-account').click()
    await page.getByTestId('header-sign-out').click()
    await page.getByTestId('header-sign-in').waitFor()
    await page.goto('/en/password/find')
    await page.getByTestId('find-email').fill(email)
    await page.getByTestId('find-submit').click()
    await page.getByTestId('password-result').waitFor()
    const link = foundIn((await lastMail(email, 'reset')).text, /(http\S+)/)
    await page.goto(link)
    await page.getByTestId('reset-password').fill('koma-e2e-pass2')
    await page.getByTestId('reset-password-confirm').fill('koma-e2e-pass3')
    await page.getByTestId('reset-submit').click()
    await page.getByText('Retyped password is not match. Please retry.').waitFor()
    await page.getByTestId('reset-password-confirm').fill('koma-e2e-pass2')
    await page.getByTestId('reset-submit').click()
    await page.getByTestId('reset-done').waitFor()
    password = 'koma-e2e-pass2'
    await signIn(page, '/en', email, password)
    await textOf(page.getByTestId('header-nickname'), 'Night Reader')
  })

  it('changes the e-mail address with a code and the current password; the old address is told', async () => {
    const next = `e2e.moved.${Date.now().toString(36)}@koma.example`
    await page.goto('/en/account/userinfo/changeemail')
    await page.getByTestId('new-email').fill(next)
    await page.getByTestId('change-email-send').click()
    await page.getByTestId('change-email-code').waitFor()
    const code = foundIn((await lastMail(next, 'code')).subject, /(\d{6})/)
    await page.getByTestId('change-email-code').fill(code)
    await page.getByTestId('change-email-confirm').click()
    await page.getByText('Please input your current password.').waitFor()
    await page.getByTestId('change-email-password').fill('wrong-pass-9')
    await page.getByTestId('change-email-confirm').click()
    await textOf(page.getByTestId('change-email-error'), 'Your current password is incorrect.')
    await page.getByTestId('change-email-password').fill(password)
    await page.getByTestId('change-email-confirm').click()
    await textOf(page.getByTestId('userinfo-notice'), 'Your email address was changed.')
    const notice = await lastMail(email, 'emailChanged')
    expect(notice.subject).toBe('The email address of your Koma account was changed')
    expect(notice.text).toContain(`${readSite().baseURL}/en/inquiry`)
    email = next
  })

  it('deletes the account', async () => {
    await page.goto('/en/account/delete')
    await page.getByTestId('delete-understood').check()
    await page.getByTestId('delete-submit').click()
    await page.getByText('Please select a reason.').waitFor()
    await page.getByText('Please input your current password.').waitFor()
    await page.getByTestId('reason-privacy').check()
    await page.getByTestId('delete-password').fill(password)
    await page.getByTestId('delete-submit').click()
    await confirmDialog(page)
    await page.getByTestId('dialog-alert').getByRole('button').click()
    await page.getByTestId('header-sign-in').waitFor()
    // The session and login-check cookies are gone (a login-check cookie left behind would send
    // /login on to home: the login form never shows, as once in the cluster lane at stop 44).
    const left = (await page.context().cookies()).map((cookie) => cookie.name)
    expect(left).not.toContain('koma_lc')
    expect(left).not.toContain('koma_session')
    await page.goto('/en/login')
    await page
      .getByTestId('login')
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await describePage(page)}`)
      })
    await page.getByTestId('login').locator('input[name="email"]').fill(email)
    await page.getByTestId('login').locator('input[name="password"]').fill(password)
    await page.getByTestId('login-submit').click()
    await textOf(page.getByTestId('login-error'), 'Incorrect email or password')
    expect(errors).toEqual([])
  })
})

describe('in Japanese', () => {
  it('signs up, reads messages and errors in Japanese, links a social account and deletes the account', async () => {
    const context = await newContext(browser, { locale: 'ja-JP', viewport: PHONE })
    const page = await context.newPage()
    const email = `e2e.ja.${Date.now().toString(36)}@koma.example`
    await page.goto('/signup')
    await page.getByTestId('signup-send').click()
    await textOf(page.getByRole('alert').first(), 'メールアドレスを入力してください。')
    await signUp(page, { email: email, password: 'koma-e2e-ja1', prefix: '' })
    expect((await lastMail(email, 'code')).subject).toMatch(/^【Koma】認証コード: \d{6}$/)
    await page.getByText('新規登録プレゼント').waitFor()
    await page.goto('/account/coupon')
    await page.getByTestId('coupon-code').fill('NOPE123')
    await page.getByTestId('coupon-submit').click()
    await textOf(page.getByTestId('coupon-error'), 'このクーポンコードは無効です。')
    await page.goto('/account/userinfo')
    await page.getByTestId('link-kakao').click()
    await page.getByTestId('idp-allow').click()
    await textOf(page.getByTestId('userinfo-notice'), 'Kakaoをアカウントに連携しました。')
    await page.goto('/account/delete')
    await page.getByTestId('reason-contents').check()
    await page.getByTestId('delete-password').fill('koma-e2e-ja1')
    await page.getByTestId('delete-understood').check()
    await page.getByTestId('delete-submit').click()
    await confirmDialog(page)
    await textOf(page.getByTestId('dialog-alert').locator('p'), '退会が完了しました。Komaをご利用いただきありがとうございました。')
    await page.getByTestId('dialog-alert').getByRole('button').click()
    await page.getByTestId('header-sign-in').waitFor()
    await context.close()
  })

  it('signs in with a new sandbox social identity and finishes the short join form; the callback works once, in this browser only', async () => {
    const context = await newContext(browser, { locale: 'ja-JP' })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByTestId('social-naver').click()
    await page.locator('#email').fill(`naver.${Date.now().toString(36)}@sandbox.example`)
    const callback = page.waitForURL((url) => url.pathname === '/member/external-idp/web/naver/callback' && url.searchParams.has('code'))
    await page.getByTestId('idp-allow').click()
    await callback
    const callbackUrl = page.url()
    await page.getByTestId('social-join').waitFor()
    await page.getByTestId('join-birthday').fill('1999-09-09')
    await page.getByTestId('join-submit').click()
    await textOf(page.getByRole('alert').first(), '利用規約に同意してください。')
    await page.getByTestId('join-agree-all').check()
    await page.getByTestId('join-submit').click()
    await textOf(page.getByTestId('header-nickname'), 'NAVER Reader')
    // The same callback again (a replay) signs nobody in.
    await page.goto(callbackUrl)
    await textOf(page.getByTestId('social-error'), 'SNSログインに失敗しました。もう一度お試しください。')
    await context.close()
  })

  it('a callback link made in another browser signs nobody in (the state is bound to the browser that started it)', async () => {
    // The attacker's round trip, stopped at the provider's redirect: the callback link is kept unused.
    const attacker = await newContext(browser, { locale: 'ja-JP' })
    const attackerPage = await attacker.newPage()
    let location = ''
    await attackerPage.route('**/api/sandbox/idp/naver/consent', async (route) => {
      const response = await route.fetch({ maxRedirects: 0 })
      location = response.headers().location ?? ''
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'stopped before the callback' })
    })
    await attackerPage.goto('/login')
    await attackerPage.getByTestId('social-naver').click()
    await attackerPage.locator('#email').fill(`attacker.${Date.now().toString(36)}@sandbox.example`)
    await attackerPage.getByTestId('idp-allow').click()
    await attackerPage.getByText('stopped before the callback').waitFor()
    const link = new URL(location)
    expect(link.pathname).toBe('/member/external-idp/web/naver/callback')
    expect(link.searchParams.get('code')).toBeTruthy()
    // The victim opens it: a valid code and state, but not this browser's.
    const victim = await newContext(browser, { locale: 'ja-JP' })
    const victimPage = await victim.newPage()
    await victimPage.goto(link.pathname + link.search)
    await textOf(victimPage.getByTestId('social-error'), 'SNSログインに失敗しました。もう一度お試しください。')
    expect(await victimPage.getByTestId('social-join').count()).toBe(0)
    expect((await victim.cookies()).filter((cookie) => cookie.name === 'koma_session' && cookie.value)).toEqual([])
    await Promise.all([attacker.close(), victim.close()])
  })
})

describe('the daily bonus counts the account’s day, not the browser’s (issue 33)', () => {
  it('a claim at UTC-12, then a browser at UTC+14 (another calendar day) and a changed zone: no second claim', async () => {
    const email = `e2e.tz.${Date.now().toString(36)}@koma.example`
    const password = 'koma-e2e-pass1'
    // UTC-12 and UTC+14 are 26 hours apart: at any moment their calendar days differ.
    const west = await newContext(browser, { viewport: PHONE, timezoneId: 'Etc/GMT+12' })
    const westPage = await west.newPage()
    const westErrors = trackErrors(westPage)
    await signUp(westPage, { email, password })
    await westPage.getByTestId('daily-claim').click()
    await textOf(westPage.getByTestId('inbox-notice'), 'You received 5 free coins.')
    await westPage.locator('[data-testid="daily-bonus"]:not(:has([data-testid="daily-claim"]))').waitFor()

    const east = await newContext(browser, { viewport: PHONE, timezoneId: 'Etc/GMT-14' })
    const eastPage = await east.newPage()
    const eastErrors = trackErrors(eastPage)
    await signIn(eastPage, '/en', email, password)
    await eastPage.goto('/en/inbox/gift')
    // Today by the account's zone (UTC-12, stored at sign-up) is claimed, whatever this browser's day.
    await textOf(eastPage.getByTestId('daily-bonus'), /Received today\. See you tomorrow!/)
    expect(await eastPage.getByTestId('daily-claim').count()).toBe(0)

    // The setting moves the account to this browser's zone, after a confirmation; then it is locked for 30 days.
    await eastPage.goto('/en/account/setting')
    const card = eastPage.getByTestId('time-zone')
    expect(await eastPage.getByLabel('Your time zone').inputValue()).toBe('Etc/GMT+12')
    await textOf(eastPage.getByTestId('time-zone-device'), 'This device is set to Etc/GMT-14.')
    await eastPage.getByLabel('Your time zone').selectOption('Etc/GMT-14')
    await card.getByTestId('time-zone-save').click()
    await textOf(eastPage.getByTestId('dialog-confirm'), /Change your time zone to Etc\/GMT-14\? You will not be able to change it again for 30 days\./)
    await confirmDialog(eastPage)
    await textOf(eastPage.getByTestId('settings-notice'), 'Saved.')
    await eastPage.getByTestId('time-zone-locked').waitFor()
    expect(await eastPage.getByLabel('Your time zone').isDisabled()).toBe(true)

    // The claim was made during this zone's day too: still nothing to claim.
    await eastPage.goto('/en/inbox/gift')
    await textOf(eastPage.getByTestId('daily-bonus'), /Received today\. See you tomorrow!/)
    expect(await eastPage.getByTestId('daily-claim').count()).toBe(0)
    // And the first browser, reloaded, agrees.
    await westPage.reload()
    await textOf(westPage.getByTestId('daily-bonus'), /Received today\. See you tomorrow!/)
    expect(await westPage.getByTestId('daily-claim').count()).toBe(0)
    expect([...westErrors, ...eastErrors]).toEqual([])
    await Promise.all([west.close(), east.close()])
  })
})

/** Screenshots to look at, with nothing a cluster changes: taken in the single-process lane only. */
const describeShots = clusterLane() ? describe.skip : describe
describeShots('account screenshots', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('signed-in account screens at %s width', async (name, viewport) => {
    const context = await newContext(browser, { viewport })
    const page = await context.newPage()
    await signIn(page, '/en', 'reader@koma.example', 'koma-reader-1')
    const dir = path.join(readSite().dataDir, '..', 'koma-screenshots')
    fs.mkdirSync(dir, { recursive: true })
    for (const [screen, url, testId] of [
      ['userinfo', '/en/account/userinfo', 'userinfo'],
      ['settings', '/en/account/setting', 'settings'],
      ['gifts', '/en/inbox/gift', 'inbox-gifts'],
      ['faq', '/fr/document/faq', 'faq'],
    ] as const) {
      await page.goto(url)
      await page.getByTestId(testId).waitFor()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: path.join(dir, `account-${screen}-${name}.png`), fullPage: true })
    }
    await context.close()
  })
})

describe('password confirmation screens', () => {
  it.each([
    ['en', 'phone', PHONE],
    ['en', 'desktop', DESKTOP],
    ['ja', 'phone', PHONE],
    ['ja', 'desktop', DESKTOP],
  ] as const)('change e-mail and delete account ask for the current password (%s, %s)', async (lang, name, viewport) => {
    const context = await newContext(browser, { viewport, locale: lang === 'ja' ? 'ja-JP' : 'en-US' })
    const page = await context.newPage()
    const prefix = lang === 'ja' ? '' : '/en'
    await signIn(page, prefix, 'reader@koma.example', 'koma-reader-1')
    const dir = path.join(readSite().dataDir, '..', 'koma-screenshots')
    fs.mkdirSync(dir, { recursive: true })
    const texts = {
      en: { required: 'Please input your current password.', hint: 'To confirm that it is you, enter your current password.' },
      ja: { required: '現在のパスワードを入力してください。', hint: 'ご本人であることを確認するため、現在のパスワードを入力してください。' },
    }[lang]
    const shot = async (screen: string) => {
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: path.join(dir, `account-${screen}-${lang}-${name}.png`), fullPage: true })
    }
    // Change e-mail, second step: the code and the current password with its hint, then both left empty.
    await page.goto(`${prefix}/account/userinfo/changeemail`)
    await page.getByTestId('new-email').fill(`shot.${lang}.${name}.${Date.now().toString(36)}@koma.example`)
    await page.getByTestId('change-email-send').click()
    await page.getByTestId('change-email-password').waitFor()
    await shot('change-email')
    await page.getByTestId('change-email-confirm').click()
    await page.getByText(texts.required).waitFor()
    await shot('change-email-errors')
    // Delete account: the hint first, then the errors of an empty form.
    await page.goto(`${prefix}/account/delete`)
    await page.getByText(texts.hint).waitFor()
    await shot('delete')
    await page.getByTestId('delete-understood').check()
    await page.getByTestId('delete-submit').click()
    await page.getByText(texts.required).waitFor()
    await shot('delete-errors')
    await context.close()
  })
})
