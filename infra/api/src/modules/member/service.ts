import {
  adultVerificationExpiresAt,
  adultVerificationValid,
  coinInventoryOf,
  passwordChangeAdvised,
  type ForegroundState,
  type Locale,
  type Profile,
  type SocialProvider,
} from '@koma/contracts/server'
import { hash as argonHash, verify } from '@node-rs/argon2'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { profileInventory } from '../coin/inventory'
import { coinBalance } from '../coin/ledger'
import { dailyBonusStatus, inboxCounts } from '../inbox/service'
import { imageUrl } from '../image/urls'

/** The terms version in force now (0 when none is published). */
export async function currentTermsVersion(deps: AppDeps): Promise<{ version: number; effectiveAt: Date } | null> {
  const row = await deps.db
    .selectFrom('legal_documents')
    .select(['version', 'effective_at'])
    .where('type', '=', 'terms')
    .where('effective_at', '<=', deps.clock.now())
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { version: row.version, effectiveAt: new Date(row.effective_at) } : null
}

/** A member's profile as SPEC §3 describes it, with the account screens' extra information. */
export async function loadProfile(deps: AppDeps, memberId: number): Promise<Profile | null> {
  const member = await deps.db.selectFrom('members').selectAll().where('id', '=', memberId).where('deleted_at', 'is', null).executeTakeFirst()
  if (!member) return null
  const now = deps.clock.now()
  const [links, terms, inventory] = await Promise.all([
    deps.db.selectFrom('external_accounts').select('provider').where('member_id', '=', memberId).orderBy('linked_at').execute(),
    currentTermsVersion(deps),
    profileInventory(deps, memberId),
  ])
  const verifiedAt = member.adult_verified_at ? new Date(member.adult_verified_at) : null
  const adultVerification = adultVerificationValid(verifiedAt, now)
  return {
    userId: member.id,
    email: member.email,
    nickname: member.nickname,
    guest: member.guest,
    emailNotify: member.email_notify,
    avatarImageUrl: member.avatar_image_id ? imageUrl(member.avatar_image_id) : null,
    externalIdps: links.map((link) => link.provider as SocialProvider),
    inventory,
    mature: { acceptMature: member.accept_mature && adultVerification, adultVerification },
    userExtraInfo: {
      mobile: member.mobile,
      birthday: member.birthday,
      marketingAgree: member.marketing_agree,
      hasPassword: member.password_hash !== null,
      passwordChangeAdvised:
        member.password_hash !== null &&
        passwordChangeAdvised(
          member.password_changed_at ? new Date(member.password_changed_at) : new Date(member.created_at),
          member.password_postponed_at ? new Date(member.password_postponed_at) : null,
          now,
        ),
      termsUpdate:
        !member.guest && terms && member.terms_version < terms.version ? { version: terms.version, effectiveAt: terms.effectiveAt.toISOString() } : null,
      adultVerificationExpiresAt: verifiedAt && adultVerification ? adultVerificationExpiresAt(verifiedAt).toISOString() : null,
      createdAt: new Date(member.created_at).toISOString(),
    },
  }
}

/** A real hash to verify against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null
const dummy = (): Promise<string> => (dummyHash ??= argonHash('koma-no-such-member'))

export const hashPassword = (password: string): Promise<string> => argonHash(password)

/** Whether a password matches an argon2id hash (a missing hash still costs one verification). */
export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  try {
    return (await verify(hash ?? (await dummy()), password)) && hash !== null
  } catch {
    return false
  }
}

/** The member with this e-mail and password, or null. Never says which part was wrong. */
export async function checkCredentials(deps: AppDeps, email: string, password: string): Promise<number | null> {
  const member = await deps.db
    .selectFrom('members')
    .select(['id', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('guest', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  const ok = await passwordMatches(member?.password_hash ?? null, password)
  return ok && member ? member.id : null
}

/**
 * POST /app/foregrounded (SPEC §7): the reader's page or app is in front again. Marks the
 * session seen now (the devices list) and answers what may have changed while it was away.
 */
export async function foregroundState(
  deps: AppDeps,
  input: { memberId: number; sessionId: number; guest: boolean; locale: Locale; timeZone: string },
): Promise<ForegroundState> {
  const now = deps.clock.now()
  await deps.db.updateTable('sessions').set({ last_seen_at: deps.clock.realNow() }).where('id', '=', input.sessionId).execute()
  const [bonus, inbox, balance] = await Promise.all([
    dailyBonusStatus(deps, input.memberId, input.timeZone),
    inboxCounts(deps, input.memberId, input.locale),
    coinBalance(deps.db, input.memberId, now),
  ])
  return {
    now: now.toISOString(),
    guest: input.guest,
    dailyBonus: { today: bonus.today, claimable: !bonus.claimedToday },
    inbox,
    coin: coinInventoryOf(balance),
  }
}
