import type { Authentication, Profile } from '../../domain/types'
import { endpoint, type None } from '../endpoint'

/** Members, sign-in and profile. */
export const accountEndpoints = {
  rsaKey: endpoint<{ purpose: string }, None, None, { sessionKey: string; publicKey: string }>('GET', '/member/rsa/:purpose'),
  signin: endpoint<None, None, { email: string; sessionKey: string; rsaEncryptedString: string; stayLogged: string }, Authentication>(
    'POST',
    '/member/signin',
  ),
  profile: endpoint<None, None, None, Profile>('GET', '/member/profile'),
  signout: endpoint<None, None, None, { signedOut: true }>('POST', '/member/signout'),
} as const
