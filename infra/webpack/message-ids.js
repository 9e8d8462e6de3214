// @ts-check
// Issue 13 (first-load bytes): production bundles name each react-intl message by a short id.
// A package's ids ('catalog.badge.event') appear twice on a page, in its messages.ts
// descriptors and as the keys of its language file, and only the package itself reads them. The
// build numbers them instead: the ids of the package's English file, sorted, in base 36 ('0',
// '1', … 'a', … '10'). The descriptors (message-ids-loader.js) and the language files
// (messages-loader.js) are renamed alike; sources, tests and development builds keep the ids.
const fs = require('node:fs')
const path = require('node:path')
const { MESSAGE_SETS } = require('../scripts/i18n-packages.cjs')

/**
 * The short id of each of a package's message ids, read from its English files (which name every
 * message: infra/scripts/i18n.test.ts): its own and its on-demand sets' (i18n-packages.cjs
 * MESSAGE_SETS), numbered together so no two share a short id.
 * @param {string} packageDir
 * @returns {{ file: string, files: string[], ids: Map<string, string> }}
 */
function shortIds(packageDir) {
  const file = path.join(packageDir, 'src', 'i18n', 'en.json')
  const sets = MESSAGE_SETS[path.basename(packageDir)] ?? []
  const files = [file, ...sets.map((set) => path.join(packageDir, set.dir, 'en.json'))]
  const ids = files.flatMap((each) => Object.keys(JSON.parse(fs.readFileSync(each, 'utf8')))).sort()
  return { file, files, ids: new Map(ids.map((id, index) => [id, index.toString(36)])) }
}

/**
 * A language file's messages keyed by their short ids.
 * @param {Record<string, unknown>} messages id -> message
 * @param {{ file: string, ids: Map<string, string> }} numbering the package's short ids
 * @param {string} from the language file, for the error
 * @returns {Record<string, unknown>}
 */
function renameMessages(messages, { file, ids }, from) {
  /** @type {Record<string, unknown>} */
  const renamed = {}
  for (const [id, message] of Object.entries(messages)) {
    const short = ids.get(id)
    if (short === undefined) throw new Error(`${from}: message id ${id} is not in ${file}`)
    renamed[short] = message
  }
  return renamed
}

module.exports = { shortIds, renameMessages }
