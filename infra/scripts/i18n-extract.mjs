// Extract every package's react-intl messages (formatjs) and write its English file from the
// defaultMessages in code. Japanese and French files are translated by hand; this reports
// which ids they lack or no longer use. `npm run i18n:extract`
import fs from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { PACKAGES, messageUnits, extractDefaults } = require('./i18n-packages.cjs')

let problems = 0
const extracted = {}
for (const pkg of PACKAGES) extracted[pkg] = await extractDefaults(pkg)
// Each package's files, and its on-demand sets' (i18n-packages.cjs MESSAGE_SETS).
for (const { name: pkg, pkg: owner, file: messagesFile, owns } of messageUnits()) {
  const defaults = Object.fromEntries(Object.entries(extracted[owner]).filter(([id]) => owns(id)))
  const ids = Object.keys(defaults)
  if (ids.length === 0 && !fs.existsSync(messagesFile('en'))) continue
  fs.mkdirSync(new URL('.', `file://${messagesFile('en')}`), { recursive: true })
  fs.writeFileSync(messagesFile('en'), JSON.stringify(defaults, null, 2) + '\n')
  for (const locale of ['ja', 'fr']) {
    const file = messagesFile(locale)
    const translated = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}
    const missing = ids.filter((id) => !translated[id])
    const unused = Object.keys(translated).filter((id) => !(id in defaults))
    if (missing.length) console.log(`${pkg} ${locale}: missing ${missing.join(', ')}`)
    if (unused.length) console.log(`${pkg} ${locale}: no longer used ${unused.join(', ')}`)
    problems += missing.length + unused.length
  }
  console.log(`${pkg}: ${ids.length} messages`)
}
process.exitCode = problems ? 1 : 0
