import fs from 'node:fs'
import path from 'node:path'
import * as shared from './shared'

const root = path.resolve(__dirname, '..', '..', '..')
const PACKAGES = ['host', 'mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'shared-contracts']

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

describe('the shared react-router-dom', () => {
  it('exports every value a package imports from react-router-dom', () => {
    const imported = new Set<string>()
    for (const pkg of PACKAGES) {
      for (const file of sources(path.join(root, pkg, 'src'))) {
        const code = fs.readFileSync(file, 'utf8')
        for (const [, typeOnly, names = ''] of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)) {
          if (typeOnly) continue
          for (const part of names.split(',')) {
            const [name = ''] = part.trim().split(' as ')
            if (name && !name.startsWith('type ')) imported.add(name.trim())
          }
        }
        expect(code).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s+'react-router-dom'|import\s+\w+\s+from\s+'react-router-dom'/)
      }
    }
    expect(imported.size).toBeGreaterThan(5)
    const missing = [...imported].filter((name) => !(name in shared))
    expect(missing).toEqual([])
  })
})
