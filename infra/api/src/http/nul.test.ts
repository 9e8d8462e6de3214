import { nulField, unstorableText } from './nul'

describe('nulField: NUL characters before they reach PostgreSQL', () => {
  it('names the field holding one, in strings, repeated keys and JSON objects', () => {
    expect(nulField({ email: 'a@b.c', nickname: 'a\u0000b' })).toBe('nickname')
    expect(nulField({ tag: ['ok', 'x\u0000'] })).toBe('tag')
    expect(nulField({ card: { number: { deep: '\u0000' } } })).toBe('card')
    expect(nulField('\u0000')).toBe('request')
  })

  it('names a hostile key "request" rather than echoing it', () => {
    expect(nulField({ 'a\u0000': 'x' })).toBe('request')
    expect(nulField({ ['x'.repeat(100)]: '\u0000' })).toBe('request')
  })

  it('passes clean values, uploads and very deep structures', () => {
    expect(nulField({ email: 'a@b.c', list: ['1', '2'], n: 3, none: null })).toBeNull()
    expect(nulField(Buffer.from([0, 0, 0]))).toBeNull()
    let deep: unknown = '\u0000'
    for (let i = 0; i < 50; i += 1) deep = [deep]
    expect(nulField({ deep })).toBeNull()
  })
})

describe("unstorableText: what the database refused was the caller's text", () => {
  it('knows the SQLSTATEs of unstorable text, and nothing else', () => {
    expect(unstorableText(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }))).toBe(true)
    expect(unstorableText({ code: '22P05' })).toBe(true)
    expect(unstorableText({ code: '23505' })).toBe(false)
    expect(unstorableText({ code: 'FST_ERR_CTP_EMPTY_JSON_BODY' })).toBe(false)
    expect(unstorableText(new Error('boom'))).toBe(false)
    expect(unstorableText(null)).toBe(false)
  })
})
