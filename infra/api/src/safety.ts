import { SOCIAL_PROVIDERS, TRUST_ANY_HOP_ACKNOWLEDGEMENT, trustProxyProblem, trustsAnyHop } from '@koma/contracts/server'
import { profileOf } from './config'

export interface SafetyReport {
  /** Settings that make a production start unsafe: the API prints each and exits non-zero. */
  problems: string[]
  /** What production runs with (features off for want of a provider, opt-ins in force): printed, not fatal. */
  notes: string[]
}

const set = (env: NodeJS.ProcessEnv, name: string): boolean => typeof env[name] === 'string' && env[name] !== ''

function publicUrlProblem(value: string | undefined): string | null {
  if (!value)
    return "KOMA_PUBLIC_URL is not set: mailed links (password reset, sign-up codes) and social sign-in redirects need the site's public https origin, e.g. KOMA_PUBLIC_URL=https://koma.example"
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `KOMA_PUBLIC_URL="${value}" is not an absolute URL (e.g. https://koma.example)`
  }
  if (url.protocol !== 'https:') return `KOMA_PUBLIC_URL="${value}" must be https: readers' sessions and payments never travel in clear text`
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    return `KOMA_PUBLIC_URL="${value}" must be an origin only (scheme, host, optional port), e.g. https://koma.example`
  return null
}

/**
 * The production profile's start check (issue 11): every unsafe or missing setting, each named
 * with what to do about it. Outside production nothing is checked (the demo runs as it is).
 */
export function productionSafety(env: NodeJS.ProcessEnv = process.env): SafetyReport {
  const problems: string[] = []
  const notes: string[] = []
  if (profileOf(env) !== 'production') return { problems, notes }

  const publicUrl = publicUrlProblem(env.KOMA_PUBLIC_URL)
  if (publicUrl) problems.push(publicUrl)
  if (!set(env, 'TRUST_PROXY')) {
    problems.push(
      "TRUST_PROXY is not set: the edge serves plain HTTP, so in production it runs behind a TLS proxy or load balancer; set TRUST_PROXY to that proxy's addresses or subnets (e.g. 10.0.0.0/8) so secure cookies, HSTS and readers' addresses are right",
    )
  }
  // Issue 33: trusting every hop lets any client forge its address past every per-address limit.
  const trustAll = trustProxyProblem(env)
  if (trustAll) problems.push(trustAll)
  else if (trustsAnyHop(env.TRUST_PROXY))
    notes.push(
      `TRUST_PROXY=${env.TRUST_PROXY} with ${TRUST_ANY_HOP_ACKNOWLEDGEMENT}=1: every hop's X-Forwarded-For is believed; per-address limits hold only while nothing but your proxy reaches the edge`,
    )
  if (!set(env, 'KOMA_SMTP_URL') && !set(env, 'KOMA_OUTBOX_DIR')) {
    problems.push(
      'mail is neither SMTP nor an explicit outbox: set KOMA_SMTP_URL (e.g. smtps://user:pass@smtp.example.com), or KOMA_OUTBOX_DIR to a folder another system delivers from',
    )
  }
  if (env.KOMA_FAKETIME !== undefined && env.KOMA_FAKETIME !== '0') problems.push('KOMA_FAKETIME is set: the debug clock never runs in production (unset it)')
  if (env.KOMA_SKIP_CHECKSUM === '1') problems.push('KOMA_SKIP_CHECKSUM=1 is for benchmarks of raw handlers only (unset it)')
  if (set(env, 'KOMA_PAGE_URL_KEY') && String(env.KOMA_PAGE_URL_KEY).length < 32)
    problems.push('KOMA_PAGE_URL_KEY is shorter than 32 characters: use a long random key, or unset it to keep the generated one in the database')
  for (const name of ['KOMA_DEMO', 'KOMA_SANDBOX_IDP', 'KOMA_SANDBOX_CERTIFICATION', 'KOMA_SANDBOX_PAYMENTS']) {
    if (set(env, name) && env[name] !== '1' && env[name] !== '0') problems.push(`${name}="${env[name]}": opt-ins are 1 (on) or unset`)
  }

  const store = env.KOMA_OBJECT_STORE
  if (store === 's3') {
    if (!set(env, 'S3_BUCKET')) problems.push('KOMA_OBJECT_STORE=s3 needs S3_BUCKET: the private bucket that holds images and EPUB files')
    if (set(env, 'S3_ACCESS_KEY_ID') !== set(env, 'S3_SECRET_ACCESS_KEY'))
      problems.push("the object store needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for the SDK's own AWS_* variables or instance role)")
    const where = `s3://${env.S3_BUCKET ?? ''}${set(env, 'S3_ENDPOINT') ? ` at ${env.S3_ENDPOINT}` : ''}`
    notes.push(`images and EPUB files are kept in ${where}: back the bucket up (versioning or replication) alongside pg_dump`)
    if (/^http:/i.test(env.S3_ENDPOINT ?? '')) notes.push('S3_ENDPOINT is plain http: the bytes travel to the store unencrypted (keep it on a private network)')
  } else if (store !== undefined && store !== '' && store !== 'database') problems.push(`KOMA_OBJECT_STORE="${store}": database (the default) or s3`)
  else notes.push('images and EPUB files are kept in the database (set KOMA_OBJECT_STORE=s3 for an object store; docs/production.md)')

  const paypalLive = set(env, 'KOMA_PAYPAL_CLIENT_ID') && set(env, 'KOMA_PAYPAL_CLIENT_SECRET')
  if (set(env, 'KOMA_PAYPAL_CLIENT_ID') !== set(env, 'KOMA_PAYPAL_CLIENT_SECRET'))
    problems.push('PayPal needs both KOMA_PAYPAL_CLIENT_ID and KOMA_PAYPAL_CLIENT_SECRET')
  if (paypalLive && env.KOMA_PAYPAL_ENV !== 'production') notes.push('PayPal runs against its sandbox (set KOMA_PAYPAL_ENV=production to take real payments)')
  if (env.KOMA_SANDBOX_PAYMENTS === '1')
    notes.push('KOMA_SANDBOX_PAYMENTS=1: the payment sandboxes are on and hand out coins for test payments — a test deployment only')
  else if (!paypalLive) notes.push('coin purchases are off: no payment provider (set KOMA_PAYPAL_CLIENT_ID and KOMA_PAYPAL_CLIENT_SECRET)')
  else notes.push('Japanese card, carrier billing and PayPay are off: only their sandboxes exist')

  const live = SOCIAL_PROVIDERS.filter((provider) => set(env, `KOMA_IDP_${provider.toUpperCase()}_CLIENT_ID`))
  for (const provider of live) {
    if (!set(env, `KOMA_IDP_${provider.toUpperCase()}_CLIENT_SECRET`))
      problems.push(`KOMA_IDP_${provider.toUpperCase()}_CLIENT_SECRET is not set (its client id is)`)
  }
  const off = SOCIAL_PROVIDERS.filter((provider) => !live.includes(provider))
  if (env.KOMA_SANDBOX_IDP === '1')
    notes.push(
      `KOMA_SANDBOX_IDP=1: ${off.join(', ') || 'no provider'} sign in through the sandbox identity provider, where anyone can claim any e-mail — a test deployment only`,
    )
  else if (off.length) notes.push(`social sign-in with ${off.join(', ')} is off (no KOMA_IDP_<PROVIDER>_CLIENT_ID)`)
  if (env.KOMA_SANDBOX_CERTIFICATION === '1') notes.push('KOMA_SANDBOX_CERTIFICATION=1: adult verification trusts a typed birthday — a test deployment only')
  else notes.push('adult verification is off (only its sandbox exists): mature titles stay closed')
  if (env.KOMA_DEMO === '1') notes.push('KOMA_DEMO=1: demo readers with published passwords and demo coupons are seeded into an empty database')
  if (!set(env, 'DATABASE_URL')) notes.push('the database is the embedded PGlite (one API process); set DATABASE_URL for PostgreSQL')
  if (set(env, 'KOMA_OUTBOX_DIR') && !set(env, 'KOMA_SMTP_URL')) notes.push(`mail is written to ${env.KOMA_OUTBOX_DIR} (KOMA_OUTBOX_DIR), not sent`)
  return { problems, notes }
}
