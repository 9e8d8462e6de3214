// @ts-check
// Which packages own react-intl messages, and where their files live. Shared by the extract
// script and the completeness test.
const fs = require('node:fs')
const path = require('node:path')
const { FRONT_END_FOLDERS } = require('../../shared-contracts/federation/remotes')

const root = path.resolve(__dirname, '..', '..')
// The host and every remote (the one list: shared-contracts/federation/remotes.js).
const PACKAGES = FRONT_END_FOLDERS
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

/**
 * On-demand message sets: a feature's messages (ids under `prefix`) in files of their own beside
 * it, loaded when the feature opens (its own createRemoteIntl), so the remote's first page does
 * not carry them (the first-load budget, platform.e2e). The package's own files hold the rest.
 * @type {Record<string, { prefix: string; dir: string }[]>}
 */
const MESSAGE_SETS = {
  // Issue 37 item 6: the library's "My reading" tab.
  'mf-catalog': [{ prefix: 'catalog.readingStats.', dir: 'src/library/i18n' }],
}

/**
 * Every file set of messages: each package's own, then its on-demand sets. `owns(id)` says which
 * of the package's extracted ids the set's files hold.
 * @returns {{ name: string; pkg: string; file: (locale: string) => string; owns: (id: string) => boolean }[]}
 */
function messageUnits() {
  return PACKAGES.flatMap((pkg) => {
    const sets = MESSAGE_SETS[pkg] ?? []
    return [
      {
        name: pkg,
        pkg,
        file: (/** @type {string} */ locale) => messagesFile(pkg, locale),
        owns: (/** @type {string} */ id) => !sets.some((set) => id.startsWith(set.prefix)),
      },
      ...sets.map((set) => ({
        name: `${pkg}/${set.dir}`,
        pkg,
        file: (/** @type {string} */ locale) => path.join(root, pkg, set.dir, `${locale}.json`),
        owns: (/** @type {string} */ id) => id.startsWith(set.prefix),
      })),
    ]
  })
}

module.exports = { PACKAGES, LOCALES, MESSAGE_SETS, root, sourceFiles, messagesFile, extractDefaults, messageUnits }
