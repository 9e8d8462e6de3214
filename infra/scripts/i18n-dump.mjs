// Print every package's extracted messages as JSON ({ pkg: { id: defaultMessage } }).
// The i18n test runs this in plain Node because formatjs is ESM-only.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { PACKAGES, extractDefaults } = require('./i18n-packages.cjs')

const out = {}
for (const pkg of PACKAGES) out[pkg] = await extractDefaults(pkg)
process.stdout.write(JSON.stringify(out))
