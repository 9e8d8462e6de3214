// @ts-check
// What every loader that edits a dependency's own text (router-, readium-, mobx-, intl- and
// federation-runtime-patches) holds to: each edit's text is found exactly once, or the build fails
// naming the loader, the edit and the file, so an upgrade that changes the code is checked again
// by whoever upgrades.

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

/**
 * `text` with what runs from its one `from` up to (not including) its one `to` replaced by
 * `replace`: for a stretch of a dependency's code too long to quote whole. Both ends must be found
 * exactly once, `from` before `to`.
 * @param {string} text @param {string} from @param {string} to @param {string} replace
 * @param {{ loader: string, why: string, resourcePath: string, dependency: string }} where
 */
function cutBetween(text, from, to, replace, where) {
  expectOnce(text, from, { ...where, why: `${where.why} (its start)` })
  expectOnce(text, to, { ...where, why: `${where.why} (its end)` })
  const start = text.indexOf(from)
  const end = text.indexOf(to)
  if (end < start)
    throw new Error(`${where.loader}: "${where.why}" ends before it starts in ${where.resourcePath}; check it against this ${where.dependency} version`)
  return text.slice(0, start) + replace + text.slice(end)
}

/**
 * One edit of a dependency's text: a quoted piece replaced (`find`), or a stretch from `from` up to
 * (not including) `to` replaced (`cutBetween`). `why` names it in a failing build.
 * @typedef {{ why: string, find: string, replace: string } | { why: string, from: string, to: string, replace: string }} Patch
 */

/**
 * `source` with each edit applied in turn, each found exactly once.
 * @param {string} source @param {Patch[]} patches
 * @param {{ loader: string, resourcePath: string, dependency: string }} where
 */
function applyPatches(source, patches, where) {
  return patches.reduce(
    (patched, patch) =>
      'find' in patch
        ? replaceOnce(patched, patch.find, patch.replace, { ...where, why: patch.why })
        : cutBetween(patched, patch.from, patch.to, patch.replace, { ...where, why: patch.why }),
    source,
  )
}

module.exports = { applyPatches, cutBetween, expectOnce, replaceOnce }
