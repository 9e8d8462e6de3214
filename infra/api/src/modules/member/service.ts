import type { Profile } from '@koma/contracts/server'
import { hash as argonHash, verify } from '@node-rs/argon2'
import type { AppDeps } from '../../deps'
import { imageUrl } from '../image/urls'

/** A member's profile as SPEC §3 describes it. */
export async function loadProfile(deps: AppDeps, memberId: number): Promise<Profile | null> {
  const member = await deps.db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst()
  if (!member) return null
  return {
    userId: member.id,
    email: member.email,
    nickname: member.nickname,
    guest: member.guest,
    emailNotify: member.email_notify,
    avatarImageUrl: member.avatar_image_id ? imageUrl(member.avatar_image_id) : null,
    externalIdps: [],
    inventory: null,
    mature: { acceptMature: member.accept_mature, adultVerification: member.adult_verified_at !== null },
  }
}

/** A real hash to verify against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null
const dummy = (): Promise<string> => (dummyHash ??= argonHash('koma-no-such-member'))

/** The member with this e-mail and password, or null. Never says which part was wrong. */
export async function checkCredentials(deps: AppDeps, email: string, password: string): Promise<number | null> {
  const member = await deps.db
    .selectFrom('members')
    .select(['id', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('guest', '=', false)
    .executeTakeFirst()
  const hash = member?.password_hash ?? (await dummy())
  let ok = false
  try {
    ok = await verify(hash, password)
  } catch {
    ok = false
  }
  return ok && member ? member.id : null
}
