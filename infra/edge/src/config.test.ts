import { loadConfig } from './config'

/** The edge's own settings check (issue 33): in production, TRUST_PROXY=1 stops the edge unless acknowledged. */
describe('TRUST_PROXY', () => {
  const production = { NODE_ENV: 'production', EDGE_DIR: '/tmp/koma-edge-config-test' }

  it('in production, trusting every hop stops the edge with what to set instead', () => {
    for (const value of ['1', 'true']) {
      expect(() => loadConfig({ ...production, TRUST_PROXY: value })).toThrow(
        /trusts every hop: any client could then name its own address[\s\S]*KOMA_TRUST_ANY_PROXY=1/,
      )
    }
  })

  it('in production, named proxies, or every hop acknowledged, start', () => {
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.5'])
    expect(loadConfig({ ...production, TRUST_PROXY: '1', KOMA_TRUST_ANY_PROXY: '1' }).trustProxy).toBe(true)
  })

  it('outside production (the demo, tests behind a local proxy) trusting every hop is allowed', () => {
    expect(loadConfig({ EDGE_DIR: '/tmp/koma-edge-config-test', TRUST_PROXY: '1' }).trustProxy).toBe(true)
  })
})

describe('first page waits', () => {
  const env = { EDGE_DIR: '/tmp/koma-edge-config-test' }

  it('default to the built-in waits; a deployment may set each in milliseconds', () => {
    expect(loadConfig(env).firstPageWaits).toEqual({ apiMs: undefined, drawMs: undefined })
    expect(loadConfig({ ...env, KOMA_FIRST_PAGE_API_WAIT_MS: '800', KOMA_FIRST_PAINT_WAIT_MS: '1000' }).firstPageWaits).toEqual({ apiMs: 800, drawMs: 1000 })
  })

  it('a wait that is not 1 to 10000 ms stops the edge, naming the variable', () => {
    for (const value of ['0', '-5', '1.5', '20000', 'soon']) {
      expect(() => loadConfig({ ...env, KOMA_FIRST_PAINT_WAIT_MS: value })).toThrow(/KOMA_FIRST_PAINT_WAIT_MS must be a number of milliseconds/)
    }
  })
})
