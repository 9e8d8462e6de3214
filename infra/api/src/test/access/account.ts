import { endpoints } from '@koma/contracts/server'
import type { Endpoints } from '@koma/contracts/server'
import { lastCode, registerMember, sealed, uniqueEmail } from '../account'
import type { Caller, World } from '../world'
import { callAs, resetToken, sealedFor, tinyPng } from '../world'
import { certificationCode, idpGrant } from './flows'
import { anyone, expectContains, GUEST, members, OK, ownerOnly, perWorld, signedIn, single, type Expectation } from './rules'

/**
 * Accounts (SPEC §6): sign-in, sign-up and password help are public; the profile, settings and
 * inbox need a session (a guest's counts); deleting the account, changing e-mail or password,
 * devices, linked accounts and adult verification are for members only. Another member's device,
 * gift, message, linked account or verification code is refused and never shown.
 */

/** Members made for calls that act on an account other than the caller's (sign-in, password reset). */
const signinTarget = perWorld((w) => registerMember(w.t, { email: uniqueEmail('signin-target') }))
const resetTarget = perWorld((w) => registerMember(w.t, { email: uniqueEmail('reset-target') }))

/** An e-mail address with a sign-up code sent to it, as the caller (checked too when `verify`). */
async function signupCode(w: World, caller: Caller, verify = false): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('join')
  await callAs(w.t, caller, endpoints.sendVerifyToken, { body: { email } })
  const token = lastCode(w.t, email)
  if (verify) await callAs(w.t, caller, endpoints.checkVerifyToken, { body: { email, token } })
  return { email, token }
}

/** A change-of-address code for a member (a dummy for callers that cannot ask for one). */
async function changeEmailCode(w: World, caller: Caller): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('change')
  if (caller.who === 'visitor' || caller.who === 'guest') return { email, token: '123456' }
  const sent = await callAs(w.t, caller, endpoints.sendVerifyToken, { body: { email, purpose: 'changeEmail' } })
  if (sent.statusCode !== 200) throw new Error(`change code: ${sent.statusCode} ${sent.body}`)
  return { email, token: lastCode(w.t, email) }
}

const join = { nickname: 'Joiner', birthday: '2000-05-05', termsAgree: 'true', privacyAgree: 'true', marketingAgree: 'false' }

export const accountExpectations = {
  rsaKey: single('a sign-in key', () => ({ params: { purpose: 'signin' } }), anyone()),
  signin: {
    fresh: true,
    cases: [
      {
        name: 'sign in (any caller, into another account)',
        request: async (w) => {
          const target = await signinTarget(w)
          return { body: { email: target.email, ...(await sealed(w.t, { password: target.password })), stayLogged: 'true' } }
        },
        expect: anyone(),
      },
    ],
  },
  profile: single(
    "the profile: the caller's own",
    () => ({}),
    signedIn,
    (response, caller) => {
      if (caller.email) expectContains(response, caller.email, true)
    },
  ),
  profileRefresh: single(
    "the app's profile (POST): the caller's own",
    () => ({}),
    signedIn,
    (response, caller) => {
      if (response.statusCode !== 200) return
      if (caller.email) expectContains(response, caller.email, true)
      if (response.json().result.userId !== caller.userId) throw new Error(`POST /member/profile answered another member: ${response.body.slice(0, 200)}`)
    },
  ),
  appForegrounded: single(
    "back in front: the caller's own badges and coins",
    () => ({}),
    signedIn,
    (response, caller) => {
      if (response.statusCode === 200 && response.json().result.guest !== (caller.who === 'guest'))
        throw new Error(`foregrounded mistook ${caller.who}: ${response.body}`)
    },
  ),
  signout: { fresh: true, cases: [{ name: 'sign out', request: () => ({}), expect: anyone() }] },
  guestSession: single(
    "a guest session: the caller's own member when signed in",
    () => ({}),
    anyone(),
    (response, caller) => {
      if (caller.userId !== null && response.json().result.userId !== caller.userId) throw new Error(`guest session answered another member: ${response.body}`)
    },
  ),
  sendVerifyToken: {
    cases: [
      { name: 'a sign-up code', request: () => ({ body: { email: uniqueEmail('code') } }), expect: anyone() },
      {
        name: 'a change-of-address code',
        request: () => ({ body: { email: uniqueEmail('code'), purpose: 'changeEmail' } }),
        expect: members,
        selects: ['purpose'],
      },
    ],
  },
  checkVerifyToken: {
    cases: [
      { name: 'check a sign-up code', request: async (w, caller) => ({ body: await signupCode(w, caller) }), expect: anyone() },
      {
        name: 'check a change-of-address code',
        request: async (w, caller) => ({ body: { ...(await changeEmailCode(w, caller)), purpose: 'changeEmail' } }),
        expect: members,
        selects: ['purpose'],
      },
    ],
  },
  signup: {
    fresh: true,
    cases: [
      {
        name: 'sign up',
        request: async (w, caller) => ({ body: { ...(await signupCode(w, caller, true)), ...join, ...(await sealed(w.t, { password: 'koma-joiner-5' })) } }),
        expect: anyone(),
      },
    ],
  },
  passwordFind: single('a reset mail', () => ({ query: { email: uniqueEmail('find') } }), anyone()),
  passwordResetCheck: single('open a reset link', async (w) => ({ query: { token: await resetToken(w.t, (await resetTarget(w)).userId) } }), anyone()),
  passwordReset: single(
    'reset a password with the mailed link',
    async (w) => ({ body: { token: await resetToken(w.t, (await resetTarget(w)).userId), ...(await sealed(w.t, { password: 'koma-reset-77' })) } }),
    anyone(),
  ),
  passwordChange: {
    fresh: true,
    cases: [
      { name: 'change the password', request: async (w, caller) => ({ body: await sealedFor(w.t, caller, { password: 'koma-changed-8' }) }), expect: members },
    ],
  },
  passwordExpiration: single('password advice later', () => ({}), members),
  changeEmail: {
    fresh: true,
    cases: [
      {
        name: 'change the e-mail address',
        request: async (w, caller) => ({ body: { ...(await changeEmailCode(w, caller)), ...(await sealedFor(w.t, caller)) } }),
        expect: members,
      },
    ],
  },
  nickname: single('nickname', () => ({ body: { nickname: 'Reader' } }), members),
  mobile: single('mobile number', () => ({ body: { mobile: '01012345678' } }), members),
  avatarUpload: single('avatar upload', async () => ({ raw: await tinyPng(), headers: { 'content-type': 'image/png' } }), members),
  avatarDelete: single('avatar removal', () => ({}), members),
  notifyEmail: single('news e-mails on', () => ({ params: { value: 'on' } }), members),
  marketInfoAgree: single('marketing consent', () => ({ body: { marketInfoAgree: 'Y' } }), members),
  deleteMember: {
    fresh: true,
    cases: [
      {
        name: "delete an account: one's own only",
        request: async (w, caller) => ({
          params: { userId: caller.who === 'member' || caller.who === 'operator' ? String(w.callers.owner.userId) : 'me' },
          body: { reason: 'other', ...(await sealedFor(w.t, caller)) },
        }),
        expect: ownerOnly(403, GUEST),
        check: async (response, caller, w) => {
          if (caller.who !== 'member' && caller.who !== 'operator') return
          const owner = await callAs(w.t, w.callers.owner, endpoints.profile)
          if (owner.statusCode !== 200) throw new Error(`another ${caller.who} deleted the owner`)
        },
      },
    ],
  },
  termsAgree: single('agree to the terms', (w) => ({ body: { version: String(w.ids.termsVersion) } }), members),
  settings: single('settings', () => ({}), signedIn),
  settingsUpdate: single('settings update', () => ({ body: { keyLayout: 'fixed' } }), signedIn),
  devices: single(
    "devices: the caller's own",
    () => ({}),
    members,
    (response, caller, w) => {
      if (response.statusCode === 200) expectContains(response, w.owner.secondDeviceId, caller.who === 'owner')
    },
  ),
  deviceRemove: single("remove the owner's second device", (w) => ({ params: { deviceId: w.owner.secondDeviceId } }), ownerOnly(404, GUEST)),
  mature: single('mature status', () => ({}), members),
  matureAccept: single('mature content on: verified adults only', () => ({ params: { value: 'on' } }), { visitor: 401, guest: GUEST, member: 451, owner: OK }),
  certificationInit: single('start adult verification', () => ({}), members),
  certificationComplete: single(
    "finish adult verification with the owner's code",
    async (w, caller) => ({
      query: { code: caller.who === 'member' || caller.who === 'owner' ? await certificationCode(w, w.callers.owner) : 'abcdefghijkl' },
    }),
    ownerOnly(400, GUEST),
  ),
  idpProviders: single('social providers', () => ({}), anyone()),
  linkedAccounts: single(
    "linked accounts: the caller's own",
    () => ({}),
    members,
    (response, caller, w) => {
      if (caller.who === 'owner') expectContains(response, `owner.linked.${w.marker}@`, true)
    },
  ),
  idpAuthorize: {
    cases: [
      {
        name: 'social sign-in',
        request: () => ({ params: { provider: 'google' }, query: { purpose: 'signin', origin: 'http://127.0.0.1:8080' } }),
        expect: anyone(),
      },
      {
        name: 'link a social account',
        request: () => ({ params: { provider: 'google' }, query: { purpose: 'link', origin: 'http://127.0.0.1:8080' } }),
        expect: members,
      },
    ],
  },
  idpSignin: single(
    'social sign-in callback (a new identity)',
    async (w, caller) => {
      const grant = await idpGrant(w, caller, 'google', 'signin', uniqueEmail('social'))
      return { params: { provider: 'google' }, body: { code: grant.code, state: grant.state }, cookies: grant.cookies }
    },
    anyone(),
  ),
  idpLink: single(
    'link callback of a link the owner started',
    async (w, caller) => {
      if (caller.who === 'visitor' || caller.who === 'guest')
        return { params: { provider: 'google' }, body: { code: 'not-a-code', state: 'not-a-state-value' } }
      const grant = await idpGrant(w, w.callers.owner, 'google', 'link', uniqueEmail('link'))
      return { params: { provider: 'google' }, body: { code: grant.code, state: grant.state }, cookies: grant.cookies }
    },
    ownerOnly(400, GUEST),
  ),
  idpUnlink: single("unlink the owner's kakao account", () => ({ params: { provider: 'kakao' } }), ownerOnly(404, GUEST)),
  socialJoin: {
    fresh: true,
    cases: [
      {
        name: 'finish a social sign-up',
        request: async (w, caller) => {
          const grant = await idpGrant(w, caller, 'google', 'signin', uniqueEmail('social-join'))
          const signin = await callAs(w.t, caller, endpoints.idpSignin, {
            params: { provider: 'google' },
            body: { code: grant.code, state: grant.state },
            cookies: grant.cookies,
          })
          const { nickname, birthday, termsAgree, privacyAgree } = join
          return { body: { pendingToken: signin.json().result.pendingToken as string, nickname, birthday, termsAgree, privacyAgree } }
        },
        expect: anyone(),
      },
    ],
  },

  gifts: single(
    "gifts: the caller's own",
    () => ({}),
    signedIn,
    (response, caller, w) => {
      if (caller.who === 'owner') expectContains(response, `Owner gift ${w.marker}`, true)
    },
  ),
  giftClaim: single("claim the owner's gift", (w) => ({ params: { giftId: w.owner.giftId } }), ownerOnly(404)),
  giftClaimAll: single('claim every gift', () => ({}), signedIn),
  messages: single(
    "messages: the caller's own",
    () => ({}),
    signedIn,
    (response, caller, w) => {
      if (caller.who === 'owner') expectContains(response, `Owner message ${w.marker}`, true)
    },
  ),
  messageRead: single("read the owner's message", (w) => ({ params: { messageId: w.owner.messageId } }), ownerOnly(404)),
  inboxCount: single('inbox counts', () => ({}), signedIn),
  couponRedeem: single('redeem a coupon', () => ({ body: { code: 'KOMA2026' } }), signedIn),
  dailyBonus: single('daily bonus status', () => ({}), signedIn),
  dailyBonusClaim: single('claim the daily bonus', () => ({}), signedIn),
  grants: single("grants: the caller's own", () => ({}), signedIn),
  inquiryImage: single('an inquiry attachment', async () => ({ raw: await tinyPng(), headers: { 'content-type': 'image/png' } }), anyone()),
  inquiry: single('an inquiry', () => ({ body: { category: 'other', email: uniqueEmail('inquiry'), text: 'Hello' } }), anyone()),
  notices: single('notices', () => ({}), anyone()),
  notice: single('a notice', (w) => ({ params: { id: w.ids.notice } }), anyone()),
  faqs: single('FAQ', () => ({}), anyone()),
  faq: single('a FAQ entry', (w) => ({ params: { id: w.ids.faq } }), anyone()),
  legal: single('the terms', () => ({ params: { type: 'terms' } }), anyone()),
  legalVersion: single('a version of the terms', (w) => ({ params: { type: 'terms', version: w.ids.legalVersion } }), anyone()),
} satisfies { [K in keyof Endpoints]?: Expectation }
