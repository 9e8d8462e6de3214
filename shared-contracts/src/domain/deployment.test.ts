import { TRUST_ANY_HOP_ACKNOWLEDGEMENT, trustProxyProblem } from './deployment'

describe('TRUST_PROXY in production (issue 33)', () => {
  it('refuses trusting every hop unless acknowledged, and says what to set instead', () => {
    for (const value of ['1', 'true']) {
      const problem = trustProxyProblem({ TRUST_PROXY: value })
      expect(problem).toContain(`TRUST_PROXY=${value} trusts every hop`)
      expect(problem).toContain('TRUST_PROXY=10.0.0.0/8')
      expect(problem).toContain(`${TRUST_ANY_HOP_ACKNOWLEDGEMENT}=1`)
      expect(trustProxyProblem({ TRUST_PROXY: value, [TRUST_ANY_HOP_ACKNOWLEDGEMENT]: '1' })).toBeNull()
      expect(trustProxyProblem({ TRUST_PROXY: value, [TRUST_ANY_HOP_ACKNOWLEDGEMENT]: 'yes' })).not.toBeNull()
    }
  })

  it('lets named proxies, no proxy and trusting nobody through', () => {
    for (const value of ['10.0.0.0/8', '127.0.0.1,10.1.2.3', '0', 'false', '', undefined]) expect(trustProxyProblem({ TRUST_PROXY: value })).toBeNull()
  })
})
