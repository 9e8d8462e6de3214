import { lacksReadiumBuiltIns } from './bookOpening'

/** The built-ins Readium calls that Safari before 15.4 lacks: each one's name, where it lives, and its key there. */
const BUILT_INS: [string, Record<string, unknown>, string][] = [
  ['Object.hasOwn', Object as unknown as Record<string, unknown>, 'hasOwn'],
  ['Array#findLastIndex', Array.prototype as unknown as Record<string, unknown>, 'findLastIndex'],
  ['Array#at', Array.prototype as unknown as Record<string, unknown>, 'at'],
  ['String#at', String.prototype as unknown as Record<string, unknown>, 'at'],
]

describe("Readium's polyfills (issue 39: only a browser lacking the built-ins fetches them)", () => {
  it('are not needed where every built-in is there', () => {
    expect(lacksReadiumBuiltIns()).toBe(false)
  })

  it.each(BUILT_INS)('are needed, and install it, without %s', async (_, owner, name) => {
    const own = Object.getOwnPropertyDescriptor(owner, name)!
    delete owner[name]
    try {
      expect(lacksReadiumBuiltIns()).toBe(true)
      await jest.isolateModulesAsync(async () => {
        await import('./readiumPolyfills')
      })
      expect(typeof owner[name]).toBe('function')
      expect(lacksReadiumBuiltIns()).toBe(false)
    } finally {
      Object.defineProperty(owner, name, own)
    }
  })
})
