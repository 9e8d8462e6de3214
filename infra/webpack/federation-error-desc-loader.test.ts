import fs from 'node:fs'
import path from 'node:path'

/* eslint-disable @typescript-eslint/no-require-imports */
const loader = require('./federation-error-desc-loader.js') as () => string
/* eslint-enable @typescript-eslint/no-require-imports */

type Maps = Record<'runtimeDescMap' | 'typeDescMap' | 'buildDescMap' | 'errorDescMap', Record<string, string>>

/** The emitted module, run with a stand-in for error-codes.mjs. */
function emitted(codes: Record<string, string>): Maps {
  const source = loader()
  expect(source).toContain('import * as codes from "./error-codes.mjs";')
  expect(source).toContain('export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };')
  const body = source
    .replace('import * as codes from "./error-codes.mjs";', '')
    .replace('export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };', 'return { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };')
  return new Function('codes', body)(codes) as Maps
}

describe('the federation error descriptions stand-in', () => {
  it('describes every code the runtime may raise, by its kind', () => {
    const maps = emitted({ RUNTIME_001: 'RUNTIME-001', RUNTIME_015: 'RUNTIME-015', TYPE_001: 'TYPE-001', BUILD_002: 'BUILD-002' })
    expect(Object.keys(maps.runtimeDescMap)).toEqual(['RUNTIME-001', 'RUNTIME-015'])
    expect(maps.runtimeDescMap['RUNTIME-015']).toMatch(/^Module federation runtime error/)
    expect(Object.keys(maps.typeDescMap)).toEqual(['TYPE-001'])
    expect(Object.keys(maps.buildDescMap)).toEqual(['BUILD-002'])
    expect(Object.keys(maps.errorDescMap).sort()).toEqual(['BUILD-002', 'RUNTIME-001', 'RUNTIME-015', 'TYPE-001'])
  })

  it('exports what the package’s own desc.mjs exports (an upgrade that changes them fails here)', () => {
    const original = fs.readFileSync(path.join(__dirname, '..', '..', 'node_modules', '@module-federation', 'error-codes', 'dist', 'desc.mjs'), 'utf8')
    expect(original).toContain('export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };')
  })
})
