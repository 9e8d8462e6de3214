import { createHash } from 'node:crypto'
import { checksumInput, requestChecksum } from '@koma/contracts/server'

describe('the request checksum (SPEC §7)', () => {
  it('is the same hashed by Node in the API as by Web Crypto in the browser and the edge', async () => {
    for (const [time, ip] of [
      ['1795864833345', '127.0.0.1'],
      ['0', '::1'],
      ['1795864833345', '2001:db8::7'],
    ] as const)
      expect(createHash('sha256').update(checksumInput(time, ip)).digest('hex')).toBe(await requestChecksum(time, ip))
  })
})
