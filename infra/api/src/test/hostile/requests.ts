import { HEADERS, type Endpoint } from '@koma/contracts/server'
import fc from 'fast-check'

/**
 * Hostile requests for one endpoint of the table (fast-check arbitraries): adversarial path
 * parameters, query strings and bodies, as a browser or a script could send them.
 */

/** Values that have broken parsers before: control characters, NUL, lone surrogates, bidi overrides, odd numbers, prototype keys. */
export const SPECIALS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\u200b\ufeff',
  '\u0007\u001b[31m',
  '\r\n',
  '\t',
  '..',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '-1',
  '0',
  '-0',
  '00',
  '007',
  '1.5',
  '1e3',
  '1e309',
  '-1e-7',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '9007199254740993',
  '2147483648',
  '0x1f',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '😀',
  'ｔｅｓｔ',
  '%s%n',
  `a@${'.'.repeat(3000)}@`,
  'a'.repeat(5000),
]

/** Path segments and query parts sent as they are: broken percent-encoding and encoded separators. */
const RAW = ['%', '%zz', '%E0%A4%A', '%00', '%2e%2e', '%2F', '%C0%AE', '%ED%A0%80', '%FF', '%u0041', '+', '%20', '.', '..']

/** Any string, hostile values most of all. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
)

/** Percent-encode every byte outside the unreserved set (lone surrogates become U+FFFD, as a browser would send them). */
export function percentEncode(value: string, keep = ''): string {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-._~]/.test(char) || keep.includes(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** A value for a named field or parameter: a good one sometimes (to get past the first checks), a hostile one mostly. */
export const valueFor = (samples: readonly string[]): fc.Arbitrary<string> =>
  samples.length ? fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...samples) }, { weight: 3, arbitrary: hostileString }) : hostileString

/** An encoded piece of a URL: encoded hostile text, or a raw broken escape. */
const encoded = (value: fc.Arbitrary<string>, keep = ''): fc.Arbitrary<string> =>
  fc.oneof({ weight: 5, arbitrary: value.map((text) => percentEncode(text, keep)) }, { weight: 1, arbitrary: fc.constantFrom(...RAW) })

const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a[b]', 'a.b', '', '__proto__[x]', 'constructor[prototype][x]']

/** Name=value pairs (repeated keys make arrays), for a query string or a form. */
const pairs = (fields: readonly string[], samples: (field: string) => readonly string[]): fc.Arbitrary<[string, string][]> => {
  const key = fc.oneof(
    { weight: 4, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constantFrom(...HOSTILE_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  )
  return fc
    .array(key, { maxLength: 6 })
    .chain((keys) => (keys.length ? fc.tuple(...keys.map((name) => valueFor(samples(name)).map((value): [string, string] => [name, value]))) : fc.constant([])))
}

const joinPairs = (list: fc.Arbitrary<[string, string][]>): fc.Arbitrary<string> =>
  list.chain((items) =>
    items.length
      ? fc
          .tuple(...items.map(([name, value]) => fc.tuple(encoded(fc.constant(name)), encoded(fc.constant(value))).map(([k, v]) => `${k}=${v}`)))
          .map((parts) => parts.join('&'))
      : fc.constant(''),
  )

export interface HostileRequest {
  method: Endpoint['method']
  url: string
  headers: Record<string, string>
  payload?: Buffer
  /** What the body was, for the failure report. */
  bodyKind: string
}

type BodyChoice = { kind: string; contentType?: string; payload?: Buffer }

const jsonish = (fields: readonly string[], samples: (field: string) => readonly string[]): fc.Arbitrary<BodyChoice> => {
  const [firstField] = fields
  return fc.oneof(
    fc
      .dictionary(
        fc.oneof(fields.length ? fc.constantFrom(...fields) : fc.constant('x'), fc.constantFrom(...HOSTILE_KEYS)),
        fc.oneof(valueFor(firstField === undefined ? [] : samples(firstField)), fc.jsonValue({ maxDepth: 3 })),
        { maxKeys: 6 },
      )
      .map((object) => ({ kind: 'json', contentType: 'application/json', payload: Buffer.from(JSON.stringify(object)) })),
    fc
      .constantFrom(
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
        '{oops',
        '[]',
        'null',
        '"text"',
        '1e999',
        `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
      )
      .map((text) => ({ kind: 'raw json', contentType: 'application/json', payload: Buffer.from(text) })),
  )
}

const otherBodies: fc.Arbitrary<BodyChoice> = fc.oneof(
  fc.constant<BodyChoice>({ kind: 'none' }),
  fc
    .constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data; boundary=x')
    .map((contentType): BodyChoice => ({ kind: 'empty', contentType, payload: Buffer.alloc(0) })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=----x',
        'application/octet-stream',
        'image/png',
        'application/json; charset=utf-16',
        'x/y;;;',
        'application/x-www-form-urlencoded; charset=bogus',
      ),
      fc.uint8Array({ maxLength: 512 }),
    )
    .map(([contentType, bytes]): BodyChoice => ({ kind: `bytes as ${contentType}`, contentType, payload: Buffer.from(bytes) })),
  fc
    .constantFrom(
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b\r\n--x--',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    )
    .map((text): BodyChoice => ({
      kind: 'structured text',
      contentType: text.startsWith('--') ? 'multipart/form-data; boundary=x' : 'application/xml',
      payload: Buffer.from(text),
    })),
)

/** A hostile request for an endpoint: path parameters, query, body and headers. */
export function hostileRequest(
  endpoint: Endpoint<unknown, unknown, unknown, unknown>,
  fields: { query?: readonly string[]; body?: readonly string[] },
  samples: (name: string) => readonly string[],
): fc.Arbitrary<HostileRequest> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)|\*/g)].map((match) => match[1] ?? '*')
  const params = names.length ? fc.tuple(...names.map((name) => encoded(valueFor(samples(name)), name === '*' ? '/' : ''))) : fc.constant([] as string[])
  const path = params.map((values) => {
    let index = 0
    // One value per match of the same pattern, in order.
    return `/api${endpoint.path.replace(/:([A-Za-z]+)|\*/g, () => values[index++] ?? '')}`
  })
  const query = fc.oneof(
    { weight: 3, arbitrary: joinPairs(pairs(fields.query ?? [], samples)) },
    { weight: 1, arbitrary: fc.constantFrom('', '%', '&&=&', '=', 'a=%zz&a=%00', `q=${'x'.repeat(8000)}`) },
  )
  const form: fc.Arbitrary<BodyChoice> = joinPairs(pairs(fields.body ?? [], samples)).map((text) => ({
    kind: 'form',
    contentType: 'application/x-www-form-urlencoded',
    payload: Buffer.from(text),
  }))
  const body =
    endpoint.method === 'GET'
      ? fc.oneof({ weight: 5, arbitrary: fc.constant<BodyChoice>({ kind: 'none' }) }, { weight: 1, arbitrary: form })
      : fc.oneof({ weight: 4, arbitrary: form }, { weight: 2, arbitrary: jsonish(fields.body ?? [], samples) }, { weight: 2, arbitrary: otherBodies })
  const printable = fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.:;/=%<>"\' '.split('')), maxLength: 80 })
  const headers = fc.record(
    {
      [HEADERS.language]: fc.oneof(fc.constantFrom('en', 'ja', 'fr', 'xx', ''), printable),
      [HEADERS.timezone]: fc.oneof(fc.constantFrom('Asia/Tokyo', 'Mars/Olympus', ''), printable),
      [HEADERS.acceptMature]: fc.constantFrom('Y', 'N', 'YY', ''),
    },
    { requiredKeys: [] },
  )
  return fc.record({ path, query, body, headers }).map(({ path: url, query: q, body: b, headers: h }) => ({
    method: endpoint.method,
    url: q ? `${url}?${q}` : url,
    headers: { ...h, ...(b.contentType ? { 'content-type': b.contentType } : {}) },
    payload: b.payload,
    bodyKind: b.kind,
  }))
}
