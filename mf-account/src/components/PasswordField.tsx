import { TextField } from '@koma/contracts/ui'
import type { ComponentProps } from 'react'

/**
 * A password field: hidden text, the browser's password manager told whether it is the current
 * password or a new one. It takes up to 64 characters, so a password over SPEC §4's 32 gets its
 * message instead of being cut without a word.
 */
export function PasswordField({ kind, ...props }: { kind: 'current' | 'new' } & Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'maxLength'>) {
  return <TextField {...props} type="password" autoComplete={kind === 'current' ? 'current-password' : 'new-password'} maxLength={64} />
}
