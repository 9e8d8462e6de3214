/**
 * The sign-up in progress (SPEC §2: the code and join screens are reachable only when a
 * certification e-mail is stored and the reader comes from the expected previous step).
 */
export interface SignupState {
  email: string
  verified: boolean
}

const KEY = 'koma.signup'

export function readSignup(): SignupState | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as SignupState | null
    return value && typeof value.email === 'string' && value.email ? value : null
  } catch {
    return null
  }
}

export const writeSignup = (state: SignupState): void => sessionStorage.setItem(KEY, JSON.stringify(state))
export const clearSignup = (): void => sessionStorage.removeItem(KEY)

/** What a step passes to the next in the router's location state. */
export type StepFrom = { from?: 'signup' | 'certificate' }
