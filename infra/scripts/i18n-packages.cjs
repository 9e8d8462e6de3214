// @ts-check
// Which packages own react-intl messages, and where their files live. Shared by the extract
// script and the completeness test.
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..', '..')
const PACKAGES = ['host', 'mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'mf-ops']
const LOCALES = ['en', 'ja', 'fr']

/** @param {string} pkg */
function sourceFiles(pkg) {
  const src = path.join(root, pkg, 'src')
  if (!fs.existsSync(src)) return []
  return fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(src, file))
}

/** @param {string} pkg @param {string} locale */
const messagesFile = (pkg, locale) => path.join(root, pkg, 'src', 'i18n', `${locale}.json`)

/** @param {string} pkg @returns {Promise<Record<string, string>>} id → English default message */
async function extractDefaults(pkg) {
  const { extract } = await import('@formatjs/cli-lib')
  const files = sourceFiles(pkg)
  if (files.length === 0) return {}
  const json = JSON.parse(await extract(files, {}))
  /** @type {Record<string, string>} */
  const out = {}
  for (const id of Object.keys(json).sort()) out[id] = json[id].defaultMessage
  return out
}

module.exports = { PACKAGES, LOCALES, root, sourceFiles, messagesFile, extractDefaults }
