// Run Jest with the Node flags our tests need: PGlite's CommonJS build loads parts of itself
// with dynamic import(), which Jest's module sandbox only allows under --experimental-vm-modules.
// `npm run jest -- <jest arguments>`
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { root } from './lib.mjs'

const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)
process.exit(result.status ?? 1)
