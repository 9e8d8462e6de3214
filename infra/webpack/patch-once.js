// @ts-check
// What every loader that edits a dependency's own text (router-, readium-, mobx-, intl-patches,
// federation-no-static-remotes-loader) holds to: each edit's text is found exactly once, or the
// build fails naming the loader, the edit and the file, so an upgrade that changes the code is
// checked again by whoever upgrades.

/**
 * The number of times `find` occurs in `text`, which must be exactly one.
 * @param {string} text @param {string} find
 * @param {{ loader: string, why: string, resourcePath: string, dependency: string }} where
 */
function expectOnce(text, find, where) {
  const count = text.split(find).length - 1
  if (count !== 1)
    throw new Error(`${where.loader}: "${where.why}" matched ${count} times in ${where.resourcePath}; check it against this ${where.dependency} version`)
}

/**
 * `text` with its one occurrence of `find` replaced by `replace` (taken literally: no `$` patterns).
 * @param {string} text @param {string} find @param {string} replace
 * @param {{ loader: string, why: string, resourcePath: string, dependency: string }} where
 */
function replaceOnce(text, find, replace, where) {
  expectOnce(text, find, where)
  return text.replace(find, () => replace)
}

module.exports = { expectOnce, replaceOnce }
