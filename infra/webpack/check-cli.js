// @ts-check
// The command line of a check over the built browser files (browser-syntax.js, browser-apis.js):
// the folders or files to read, refused when none is named or one is not there.
const fs = require('node:fs')

/**
 * @param {string} name what the check is called in its messages ("browser syntax")
 * @param {string} script its file, for the usage line
 * @param {(targets: string[]) => number} check prints its findings and answers the exit code
 */
function runCheck(name, script, check) {
  const targets = process.argv.slice(2)
  if (targets.length === 0) {
    console.error(`usage: node ${script} <folder|file>…`)
    process.exit(2)
  }
  const missing = targets.filter((target) => !fs.existsSync(target))
  if (missing.length) {
    console.error(`${name}: nothing at ${missing.join(', ')} (did the build publish?)`)
    process.exit(1)
  }
  process.exit(check(targets))
}

module.exports = { runCheck }
