import { endpoints, text, type Endpoints, type Locale, type Method } from '@koma/contracts/server'
import type { LightMyRequestResponse } from 'fastify'
import { API_PREFIX } from '../http/route'
import { accountExpectations } from './access/account'
import { communityExpectations, paymentsExpectations } from './access/money'
import { OUTSIDE_TABLE } from './access/outsideTable'
import { readingExpectations } from './access/reading'
import { outcomeFor, type Case, type Expectation, type Expected } from './access/rules'
import { opsExpectations } from './access/ops'
import { apiPath, createTestApp, type TestApp } from './testApp'
import { buildWorld, callAs, freshCallers, WHO, type Caller, type World } from './world'

/**
 * Who may call what (SPEC §6, §8; issue 11): every endpoint of the contracts table, called as a
 * signed-out visitor, a guest, another member and the owner of what it touches, gets the status
 * its rule gives; a refusal is a SPEC §8 error body; nobody but the owner ever gets the owner's
 * data back. The table must name every endpoint (TypeScript refuses it otherwise), and every
 * route the API registers must be in the table or in OUTSIDE_TABLE.
 */
const EXPECTATIONS: Record<keyof Endpoints, Expectation> = {
  ...readingExpectations,
  ...accountExpectations,
  ...paymentsExpectations,
  ...communityExpectations,
  ...opsExpectations,
}

jest.setTimeout(240_000)

let t: TestApp
let w: World
beforeAll(async () => {
  t = await createTestApp()
  w = await buildWorld(t)
})
afterAll(async () => {
  t?.clock.setFakeTime(null)
  await t?.close()
})

/** Each call comes from its own address, so limits per address never decide an answer here. */
let calls = 0
const nextIp = () => {
  calls += 1
  return `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`
}

function verdict(expected: Expected, response: LightMyRequestResponse, locale: Locale): string | null {
  const status = response.statusCode
  if (expected === 'guestRefused') {
    const refused = text('guestNotAllowed', locale)
    const message = status === 403 ? (response.json() as { message?: string }).message : undefined
    return message === refused ? null : `expected 403 "${refused}"`
  }
  const allowed = [expected].flat()
  if (allowed.includes(status)) return null
  // A limit may refuse first (issue 11 rate limits): acceptable wherever a refusal is expected.
  if (status === 429 && allowed.every((code) => code >= 400)) return null
  return `expected ${allowed.join(' or ')}`
}

/** A refusal is a SPEC §8 error body. */
function errorShape(response: LightMyRequestResponse): string | null {
  if (response.statusCode < 400) return null
  try {
    const body = response.json() as { code?: unknown; message?: unknown }
    return typeof body.code === 'number' && typeof body.message === 'string' && body.message ? null : 'error body without code and message'
  } catch {
    return 'error body is not JSON'
  }
}

async function run(world: World, method: Method, path: string | null, c: Case, caller: Caller, table: boolean): Promise<string[]> {
  const request = await c.request(world, caller)
  const url = request.url ?? apiPath(path ?? '', request.params)
  const response = await callAs(world.t, caller, request.method ?? method, url, {
    query: request.query,
    body: request.body,
    raw: request.raw,
    headers: request.headers,
    cookies: request.cookies,
    locale: request.locale,
    ip: request.ip ?? nextIp(),
  })
  const problems: string[] = []
  const wrong = verdict(outcomeFor(c.expect, caller.who), response, request.locale ?? 'en')
  if (wrong) problems.push(`${wrong}, got ${response.statusCode}`)
  const shape = table ? errorShape(response) : null
  if (shape) problems.push(shape)
  if (caller.who !== 'owner') {
    const leaked = world.ownerSecrets.filter((secret) => response.body.includes(secret))
    if (leaked.length) problems.push(`the owner's data in the answer: ${leaked.join(', ')}`)
  }
  if (c.check) {
    try {
      await c.check(response, caller, world)
    } catch (error) {
      problems.push((error as Error).message)
    }
  }
  const shown = /json|text/.test(String(response.headers['content-type'])) ? response.body.slice(0, 200) : `(${response.headers['content-type']})`
  return problems.map((problem) => `${caller.who} · ${c.name} · ${request.method ?? method} ${url}: ${problem} ${shown}`)
}

describe('who may call what: every endpoint of the table', () => {
  it.each(Object.keys(endpoints) as (keyof Endpoints)[])('%s', async (key) => {
    const endpoint = endpoints[key]
    const expectation = EXPECTATIONS[key]
    const world = expectation.fresh ? { ...w, callers: await freshCallers(t) } : w
    await expectation.setup?.(world)
    const problems: string[] = []
    for (const c of expectation.cases) for (const who of WHO) problems.push(...(await run(world, endpoint.method, endpoint.path, c, world.callers[who], true)))
    expect(problems).toEqual([])
  })
})

describe('who you are is checked before what you sent', () => {
  it.each(Object.keys(endpoints) as (keyof Endpoints)[])('%s: a visitor with an empty body gets the 401 of the rule', async (key) => {
    const endpoint = endpoints[key]
    const cases = EXPECTATIONS[key].cases.filter((c) => c.expect.visitor === 401)
    const problems: string[] = []
    for (const c of cases) {
      const request = await c.request(w, w.callers.visitor)
      const url = request.url ?? apiPath(endpoint.path, request.params)
      // Only the fields that say what is asked stay (the purpose of a code); the rest is left out.
      const body = Object.fromEntries(Object.entries(request.body ?? {}).filter(([field]) => c.selects?.includes(field)))
      const response = await callAs(t, w.callers.visitor, endpoint.method, url, { ip: nextIp(), locale: request.locale, query: request.query, body })
      if (response.statusCode !== 401 && response.statusCode !== 429) problems.push(`${c.name}: ${response.statusCode} ${response.body.slice(0, 200)}`)
    }
    expect(problems).toEqual([])
  })
})

describe('routes outside the endpoint table', () => {
  it('every route the API registered is in the endpoint table or in the list of routes outside it', () => {
    const registered = new Set(t.routes.map((route) => `${route.method} ${route.url}`))
    // Fastify answers HEAD for every GET route by itself.
    const own = [...registered].filter((route) => !(route.startsWith('HEAD ') && registered.has(route.replace(/^HEAD /, 'GET '))))
    const table = new Set(Object.values(endpoints).map((endpoint) => `${endpoint.method} ${API_PREFIX}${endpoint.path}`))
    expect(own.filter((route) => !table.has(route) && !(route in OUTSIDE_TABLE))).toEqual([])
    expect([...table].filter((route) => !registered.has(route))).toEqual([])
    expect(Object.keys(OUTSIDE_TABLE).filter((route) => !registered.has(route))).toEqual([])
  })

  it.each(Object.entries(OUTSIDE_TABLE))('%s', async (route, rule) => {
    const method = route.split(' ')[0] as Method
    const problems: string[] = []
    for (const who of WHO) problems.push(...(await run(w, method, null, rule, w.callers[who], false)))
    expect(problems).toEqual([])
  })
})
