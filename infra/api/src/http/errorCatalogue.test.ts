import { LOCALES, text, type TextKey } from '@koma/contracts/server'
import { API_ERRORS, apiError, errorBody, invalidInput, tooManyRequests, type ApiErrorName } from './errorCatalogue'

// SPEC §8's recognised statuses that are failures (200, 208, 303 and 304 are not), and HTTP's own
// 413 for a body over its limit (Fastify answers it before any route; SPEC §8 does not list it).
const SPEC_FAILURE_STATUSES = [400, 401, 402, 403, 404, 408, 409, 410, 413, 417, 426, 428, 429, 451, 500, 503]
const names = Object.keys(API_ERRORS) as ApiErrorName[]

describe('the API error catalogue', () => {
  it('answers only SPEC §8 statuses, each failure with a text in ja, en and fr', () => {
    for (const name of names) {
      const error = apiError(name, { field: 'x', minutes: 2, short: 3 })
      expect([name, SPEC_FAILURE_STATUSES.includes(error.status)]).toEqual([name, true])
      for (const locale of LOCALES) expect([name, locale, text(error.textKey as TextKey, locale, error.values).length > 0]).toEqual([name, locale, true])
    }
  })

  it('gives each failure its declared status, text and code', () => {
    expect(apiError('chapterNotFound')).toMatchObject({ status: 404, textKey: 'chapterNotFound', code: 404 })
    expect(apiError('notYourAccount')).toMatchObject({ status: 403, textKey: 'authenticationError', code: 403 })
    expect(apiError('authenticationError')).toMatchObject({ status: 401, textKey: 'authenticationError', code: 401 })
    expect(apiError('chapterAborted').code).not.toBe(403)
    expect(apiError('salesSuspended').code).toBe(403)
    expect(apiError('noMorePages', {}, { hasNextPage: false }).extra).toEqual({ hasNextPage: false })
    expect(apiError('invalidParameter', { field: 'pageNo' }).values).toEqual({ field: 'pageNo' })
  })

  it('validation messages go out as 400 with the message as written', () => {
    expect(invalidInput('Nickname is required.', { fields: [] })).toMatchObject({ status: 400, literalMessage: 'Nickname is required.', extra: { fields: [] } })
    expect(errorBody(invalidInput('Nickname is required.'), 'en')).toEqual({ name: 'invalidInput', code: 400, message: 'Nickname is required.' })
  })

  it('every body names its failure: the name the call site threw, in every language', () => {
    for (const name of names) for (const locale of LOCALES) expect(errorBody(apiError(name, { field: 'x', minutes: 2, short: 3 }), locale).name).toBe(name)
    expect(errorBody(apiError('chapterAborted'), 'fr')).toMatchObject({ name: 'chapterAborted', code: apiError('chapterAborted').code })
    expect(errorBody(apiError('noMorePages', {}, { hasNextPage: false }), 'en')).toMatchObject({ name: 'noMorePages', code: 404, hasNextPage: false })
    expect(errorBody(tooManyRequests(600), 'en').name).toBe('tooManyRequestsMinutes')
  })

  it('a 429 says when to come back', () => {
    expect(tooManyRequests(0.2).headers['retry-after']).toBe('1')
    expect(tooManyRequests(30)).toMatchObject({ status: 429, textKey: 'tooManyRequests' })
    expect(tooManyRequests(600)).toMatchObject({ status: 429, textKey: 'tooManyRequestsMinutes', values: { minutes: 10 } })
    expect(tooManyRequests(5, 'signinLocked')).toMatchObject({ status: 429, textKey: 'signinLocked' })
  })
})
