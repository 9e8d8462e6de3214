/* eslint-disable @typescript-eslint/no-require-imports */
const loader = require('./federation-semver-loader.js') as (() => string) & { satisfy: (version: string, range: string) => boolean }
/* eslint-enable @typescript-eslint/no-require-imports */
const { satisfy } = loader

describe('the federation runtime semver stand-in', () => {
  it.each([
    ['19.2.0', '^19.2.0', true],
    ['19.3.1', '^19.2.0', true],
    ['20.0.0', '^19.2.0', false],
    ['19.1.9', '^19.2.0', false],
    ['0.2.5', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.2.3', '<=1.2.3', true],
    ['1.2.4', '<=1.2.3', false],
    ['1.10.0', '<=1.9.0', false],
    ['1.9.0', '<=1.10.0', true],
    ['2.0.0', '>=1.0.0', true],
    ['1.0.0', '<1.0.0', false],
    ['1.0.1', '>1.0.0', true],
    ['1.0.0', '1.0.0', true],
    ['1.0.0', '=1.0.1', false],
    ['3.0.0', '^1.0.0 || ^3.0.0', true],
    ['4.0.0', '^1.0.0 || ^3.0.0', false],
    ['1.0.0', '*', true],
    ['1.0.0', '', true],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfy(version, range)).toBe(expected)
  })

  it('answers false without a version, as the runtime expects', () => {
    expect(satisfy('', '^1.0.0')).toBe(false)
  })

  it('fails loudly on a version or range it does not take, instead of guessing', () => {
    expect(() => satisfy('1.0.0-beta.1', '^1.0.0')).toThrow(/plain x\.y\.z/)
    expect(() => satisfy('1.0.0', '~1.0.0')).toThrow(/plain x\.y\.z/)
    expect(() => satisfy('1.0.0', '1.0.0 - 2.0.0')).toThrow(/plain x\.y\.z/)
  })

  it('emits a module exporting the same function', () => {
    const source = loader()
    expect(source).toContain('export { satisfy }')
    const emitted = new Function(`${source.replace('export { satisfy };', '')}; return satisfy`)() as typeof satisfy
    expect(emitted('19.3.0', '^19.2.0')).toBe(true)
    expect(emitted('1.2.4', '<=1.2.3')).toBe(false)
  })
})
