import fs from 'node:fs'
import { generate } from 'otplib'
import path from 'node:path'
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core'
import { newContext } from './browser'
import { eventually } from './eventually'
import { readSite } from './site'

/** The seeded reader (infra/api/src/seed/members.ts). */
export const SEEDED_READER = { email: 'reader@koma.example', password: 'koma-reader-1' }

/** A mail as the API's local outbox writes it (one JSON file per mail). */
export interface OutboxMail {
  to: string
  subject: string
  text: string
  tag: string
  headers?: Record<string, string>
}

/** Every mail in a site's outbox, oldest first. */
export function outbox(dataDir = readSite().dataDir): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxMail)
}

/** The newest mail to `to` with `tag` ('code', 'welcome', 'reset', …), waiting for it to arrive. */
export async function lastMail(to: string, tag: string, dataDir?: string): Promise<OutboxMail> {
  const mail = await eventually(
    async () => [...outbox(dataDir)].reverse().find((item) => item.to === to && item.tag === tag),
    (found) => found !== undefined,
  )
  return mail as OutboxMail
}

/** The first group of `pattern` in a mail's text (a code, a link); throws, quoting the text, when it is not there. */
export function foundIn(text: string, pattern: RegExp): string {
  const found = pattern.exec(text)?.[1]
  if (found === undefined) throw new Error(`${String(pattern)} not found in: ${text}`)
  return found
}

/** Sign a brand-new reader up through the screens, with the code from the outbox; ends in the inbox. */
export async function signUp(page: Page, member: { email: string; password: string; prefix?: '/en' | ''; dataDir?: string }): Promise<void> {
  await page.goto(`${member.prefix ?? '/en'}/signup`)
  await page.getByTestId('signup-email').fill(member.email)
  await page.getByTestId('signup-send').click()
  await page.getByTestId('signup-certificate').waitFor()
  const code = foundIn((await lastMail(member.email, 'code', member.dataDir)).subject, /(\d{6})/)
  await page.getByTestId('signup-code').fill(code)
  await page.getByTestId('signup-verify').click()
  await page.getByTestId('signup-join').waitFor()
  await page.getByTestId('join-password').fill(member.password)
  await page.getByTestId('join-password-confirm').fill(member.password)
  await page.getByTestId('join-birthday').fill('2000-05-05')
  await page.getByTestId('join-agree-all').check()
  await page.getByTestId('join-submit').click()
  // The inbox, or what the form refused (a field's message or the form's banner), said at once.
  const refused = page.locator('[role="alert"], [data-testid="join-error"]')
  await page.getByTestId('inbox-gifts').or(refused).first().waitFor()
  if (!(await page.getByTestId('inbox-gifts').isVisible()))
    throw new Error(`sign-up of ${member.email} refused: ${(await refused.allTextContents()).join(' | ')}`)
}

/** Sign in through the English login screen with `target` as the redirect, and wait to land there. */
export async function signInAt(page: Page, target: string, member = SEEDED_READER): Promise<void> {
  await page.goto(`/en/login?redirect=${encodeURIComponent(target)}`)
  await page.getByTestId('login').waitFor()
  await page.getByLabel('Email address').fill(member.email)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByTestId('login-submit').click()
  await page.waitForURL((url) => url.pathname === target)
}

/** A new page of `context`, signed in and on `target`. */
export async function signedIn(context: BrowserContext, target: string, member = SEEDED_READER): Promise<Page> {
  const page = await context.newPage()
  await signInAt(page, target, member)
  return page
}

/**
 * A member's session cookies, signed in once through the screens. Every browser of the shared
 * e2e site signs in from one address, which the API's sign-in limit counts (30 per 15 minutes):
 * a test file that needs the same member in many contexts signs in once and hands the cookies on.
 */
export async function sessionOf(browser: Browser, member = SEEDED_READER): Promise<Cookie[]> {
  const context = await newContext(browser)
  try {
    await signInAt(await context.newPage(), '/en', member)
    return await context.cookies()
  } finally {
    await context.close()
  }
}

/**
 * The session of a brand-new member, signed up through the screens. A file whose members post
 * (comments: one per 10 s, 10 per 10 min each, SPEC §5) takes one of its own, as the seeded
 * readers are shared by files running side by side.
 */
export async function newMemberSession(browser: Browser, label: string): Promise<Cookie[]> {
  const context = await newContext(browser)
  try {
    await signUp(await context.newPage(), { email: `${label}.${Date.now().toString(36)}.${process.pid}@koma.example`, password: `koma-${label}-pass2` })
    return await context.cookies()
  } finally {
    await context.close()
  }
}

/** A new page of `context` carrying `session` (from sessionOf), on `target`. */
export async function withSession(context: BrowserContext, session: Cookie[], target: string): Promise<Page> {
  await context.addCookies(session)
  const page = await context.newPage()
  await page.goto(target)
  return page
}

/**
 * An operator's first sign-in to the console, past its second factor: the set-up code the grant
 * command printed, then a code from the authenticator key it shows. Returns that key (later
 * step-ups type codes from it). ops.e2e and opsContent.e2e walk these screens themselves: they test them.
 */
export async function enrolAuthenticator(page: Page, setUpCode: string): Promise<string> {
  await page.getByLabel('Set-up code').fill(setUpCode)
  await page.getByRole('button', { name: 'Show my key' }).click()
  const secret = (await page.getByTestId('ops-totp-secret').textContent())!.trim()
  await page.getByLabel('Code').fill(await generate({ secret, digits: 6, period: 30 }))
  await page.getByRole('button', { name: 'Confirm' }).click()
  return secret
}
