import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { SIGNIN_LOCK } from '../../limits'

/** The row that counts one e-mail's attempts from every address (the per-e-mail ceiling). */
const EVERY_ADDRESS = ''

export type SigninAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Count a sign-in attempt BEFORE the password is compared, each count one atomic upsert: first
 * per (e-mail, address), then, only for an attempt that may go on, per e-mail across addresses.
 * N parallel guesses from one address therefore get at most SIGNIN_LOCK.perEmailAndAddress
 * comparisons in a window, and the owner signing in from another address is not locked out.
 * A window starts with its first attempt and lasts SIGNIN_LOCK.windowMs.
 */
export async function countSigninAttempt(deps: AppDeps, email: string, address: string): Promise<SigninAttempt> {
  const now = deps.clock.now()
  const own = await bump(deps, email, address, now)
  if (own.attempts > SIGNIN_LOCK.perEmailAndAddress) return refused(own.windowStartedAt, now)
  const every = await bump(deps, email, EVERY_ADDRESS, now)
  if (every.attempts > SIGNIN_LOCK.perEmail) return refused(every.windowStartedAt, now)
  return { allowed: true }
}

/** A successful sign-in: this address starts afresh, and its attempt leaves the per-e-mail count. */
export async function signinSucceeded(deps: AppDeps, email: string, address: string): Promise<void> {
  await deps.db.deleteFrom('signin_attempts').where('email', '=', email).where('address', '=', address).execute()
  await deps.db
    .updateTable('signin_attempts')
    .set((eb) => ({ attempts: eb.fn('greatest', [eb('attempts', '-', 1), eb.lit(0)]) }))
    .where('email', '=', email)
    .where('address', '=', EVERY_ADDRESS)
    .execute()
}

/** A password reset proves the owner: every lock on the address ends. */
export async function clearSigninAttempts(deps: Pick<AppDeps, 'db'>, email: string): Promise<void> {
  await deps.db.deleteFrom('signin_attempts').where('email', '=', email.toLowerCase()).execute()
}

/** Ended windows are deleted every few minutes, so guessing at many addresses leaves no lasting rows. */
export function purgeSigninAttempts(app: FastifyInstance, deps: AppDeps): void {
  let timer: NodeJS.Timeout | null = null
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      const ended = new Date(deps.clock.now().getTime() - SIGNIN_LOCK.windowMs)
      deps.db
        .deleteFrom('signin_attempts')
        .where('window_started_at', '<=', ended)
        .execute()
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not purge sign-in attempts'))
    }, SIGNIN_LOCK.windowMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}

async function bump(deps: AppDeps, email: string, address: string, now: Date): Promise<{ attempts: number; windowStartedAt: Date }> {
  const windowEnded = new Date(now.getTime() - SIGNIN_LOCK.windowMs)
  const row = await deps.db
    .insertInto('signin_attempts')
    .values({ email, address, attempts: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.columns(['email', 'address']).doUpdateSet((eb) => {
        const ended = eb('signin_attempts.window_started_at', '<=', windowEnded)
        return {
          attempts: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('signin_attempts.attempts', '+', 1))
            .end(),
          window_started_at: eb.case().when(ended).then(now).else(eb.ref('signin_attempts.window_started_at')).end(),
        }
      }),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow()
  return { attempts: Number(row.attempts), windowStartedAt: new Date(row.window_started_at) }
}

function refused(windowStartedAt: Date, now: Date): SigninAttempt {
  // Parallel attempts: another request may have started the window a moment after this one read
  // the clock, so what is left never counts from before the window began.
  const left = Math.min(SIGNIN_LOCK.windowMs, windowStartedAt.getTime() + SIGNIN_LOCK.windowMs - now.getTime())
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) }
}
