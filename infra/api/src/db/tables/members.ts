import type { Generated } from 'kysely'
import type { Timestamp, CreatedAt } from './columns'

export interface MembersTable {
  id: Generated<number>
  email: string | null
  password_hash: string | null
  nickname: string
  guest: boolean
  email_notify: boolean
  avatar_image_id: number | null
  accept_mature: boolean
  adult_verified_at: Timestamp | null
  created_at: CreatedAt
}

export interface SessionsTable {
  id: Generated<number>
  token_hash: string
  member_id: number
  device_id: string | null
  user_agent: string
  created_at: CreatedAt
  expires_at: Timestamp
  last_seen_at: Timestamp
}

export interface RsaKeysTable {
  id: Generated<number>
  private_pem: string
  public_spki: string
  created_at: CreatedAt
}

export interface SigninNoncesTable {
  session_key: string
  key_id: number
  expires_at: Timestamp
}

/** Members, sessions and sign-in keys. */
export interface MemberTables {
  members: MembersTable
  sessions: SessionsTable
  rsa_keys: RsaKeysTable
  signin_nonces: SigninNoncesTable
}
