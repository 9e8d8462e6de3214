import Fastify from 'fastify'
import { LOCALES, NETWORK_FAILURE_CODE, OPERATOR_STEP_UP_CODE, text } from '@koma/contracts/server'
import { callerLocale, EDGE_ERRORS, edgeError, sendEdgeError, type EdgeErrorName } from './errorCatalogue'

const names = Object.keys(EDGE_ERRORS) as EdgeErrorName[]
// SPEC §8's failure statuses the edge may answer itself, and HTTP's 502/504 for an API it could not reach.
const EDGE_STATUSES = [400, 403, 404, 409, 500, 502, 503, 504]

describe('the edge error catalogue', () => {
  it('answers only the statuses the edge may, each failure with a text in ja, en and fr', () => {
    for (const name of names) {
      for (const locale of LOCALES) {
        const error = edgeError(name, locale, { package: 'mf-catalog', max: 50, problem: 'unknown metric' })
        expect([name, EDGE_STATUSES.includes(error.status)]).toEqual([name, true])
        expect([name, locale, error.message.length > 0, /\{\w+\}/.test(error.message)]).toEqual([name, locale, true, false])
      }
    }
  })

  it('gives each failure its declared status, text and code', () => {
    expect(edgeError('operatorStepUp', 'fr')).toMatchObject({ status: 403, code: OPERATOR_STEP_UP_CODE, message: text('operatorStepUp', 'fr') })
    expect(edgeError('apiUnreachable', 'ja')).toMatchObject({ status: 502, code: NETWORK_FAILURE_CODE, message: text('connectionLost', 'ja') })
    expect(edgeError('apiTimedOut', 'en')).toMatchObject({ status: 504, code: NETWORK_FAILURE_CODE })
    expect(edgeError('releaseNothingToDo', 'en', { package: 'host' }).message).toBe(text('releaseNothingToDo', 'en', { package: 'host' }))
    expect(edgeError('notFound', 'en')).toEqual({ status: 404, name: 'notFound', code: 404, message: 'Not found', plain: false })
    expect(edgeError('beaconTooLong', 'en', { max: 50 }).message).toBe('A beacon is JSON: { failures: [{ remote, version, kind }] }, at most 50')
  })

  it("sends SPEC §8's { code, message } with the failure's name (or a crawler's plain text), kept by no cache, in the caller's language", async () => {
    const app = Fastify()
    app.get('/json', async (req, reply) => sendEdgeError(reply, 'operatorStepUp', callerLocale(req, 'en')))
    app.get('/plain', async (_req, reply) => sendEdgeError(reply, 'sitemapUnavailable', 'en'))
    const json = await app.inject({ url: '/json', headers: { 'x-koma-language': 'ja' } })
    expect(json.statusCode).toBe(403)
    expect(json.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    // The failure's name, as the API's bodies carry theirs: the browser decides on it (issue 36).
    expect(json.json()).toEqual({ name: 'operatorStepUp', code: OPERATOR_STEP_UP_CODE, message: text('operatorStepUp', 'ja') })
    expect((await app.inject({ url: '/json', headers: { 'x-koma-language': 'xx' } })).json().message).toBe(text('operatorStepUp', 'en'))
    const plain = await app.inject({ url: '/plain' })
    expect([plain.statusCode, plain.headers['content-type'], plain.body]).toEqual([
      503,
      'text/plain; charset=utf-8',
      'The sitemap is not available right now.\n',
    ])
    await app.close()
  })
})
