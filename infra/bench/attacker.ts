import { HEADERS, requestChecksum } from '@koma/contracts/server'
import autocannon from 'autocannon'

/**
 * The hostile client of the hostile-bodies benchmark (hostile.ts), in a process of its own so its
 * work never slows the load generator measuring the home call. Sends bodies of about 1 MB to the
 * calls a visitor reaches without an account, as fast as its one connection goes, from an
 * address of its own (as the edge would forward it). Reads
 * `{ url, seconds }` from argv as JSON and prints one JSON line with what it got back.
 */
const MB = 1024 * 1024
/** The attacker's address as the edge would forward it (the API trusts the edge's X-Forwarded-For on loopback). */
export const ATTACKER_ADDRESS = '203.0.113.66'

async function signed(extra: Record<string, string>): Promise<Record<string, string>> {
  const time = String(Date.now())
  return {
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, ATTACKER_ADDRESS),
    'x-forwarded-for': ATTACKER_ADDRESS,
    [HEADERS.language]: 'en',
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'bench-attacker',
    ...extra,
  }
}

export async function hostileRequests(): Promise<autocannon.Request[]> {
  const form = await signed({ 'content-type': 'application/x-www-form-urlencoded' })
  const dots = `a@${'.'.repeat(MB)}@`
  const big = 'x'.repeat(MB)
  return [
    { method: 'PUT', path: '/api/member/send/verify/token', headers: form, body: `email=${dots}` },
    { method: 'POST', path: '/api/member/signin', headers: form, body: `email=${dots}&sessionKey=${big}&rsaEncryptedString=x&stayLogged=true` },
    { method: 'POST', path: '/api/search', headers: form, body: `query=${big}` },
    { method: 'POST', path: '/api/inquiry', headers: form, body: `category=other&email=${dots}&text=${big}` },
    {
      method: 'PUT',
      path: '/api/inquiry/image',
      headers: await signed({ 'content-type': 'application/octet-stream' }),
      body: Buffer.alloc(MB, 0xff).toString('latin1'),
    },
    {
      method: 'PUT',
      path: '/api/member/signup',
      headers: { ...form, 'content-type': 'application/json' },
      body: JSON.stringify({ email: dots, nickname: big }),
    },
  ]
}

async function main(): Promise<void> {
  const { url, seconds } = JSON.parse(process.argv[2] ?? '{}') as { url: string; seconds: number }
  const statuses: Record<string, number> = {}
  const run = autocannon({ url, connections: 1, duration: seconds, requests: await hostileRequests() })
  // autocannon's run is also its result promise and on() returns it for chaining: awaited below.
  // eslint-disable-next-line @typescript-eslint/no-floating-promises
  run.on('response', (_client: unknown, statusCode: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
  })
  const result = await run
  console.log(JSON.stringify({ requests: result.requests.total, errors: result.errors, statuses }))
}

void main()
