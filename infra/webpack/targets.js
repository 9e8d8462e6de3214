// @ts-check
// Issue 34: the browsers Koma supports, read once from the repository's .browserslistrc, and what
// the build does with them.
const path = require('node:path')
const browserslist = require('browserslist')

const root = path.join(__dirname, '..', '..')

/** The browserslist queries of the repository's .browserslistrc (the one place they are written). */
function browserTargets() {
  const queries = browserslist.loadConfig({ path: root })
  if (!queries || queries.length === 0) throw new Error(`no browserslist config found from ${root} (.browserslistrc)`)
  return queries
}

/**
 * The syntax every file the browser runs must stick to: what `npm test` parses them as
 * (infra/webpack/browser-syntax.js). ES2020 is below every target (Safari and iOS 14 parse
 * ES2020 and parts of ES2021-22 only), so the check is simple and conservative.
 */
const BROWSER_ECMA = 2020

/**
 * The transforms forced on top of what the targets need: syntax newer than ES2020 that every
 * target parses (Safari 14 has `??=`, `||=`, `&&=` and numeric separators), compiled anyway so the
 * ES2020 check holds. Names as swc's `env.include` takes them (an unknown name becomes a core-js
 * import, so keep to these).
 */
const FORCED_TRANSFORMS = ['transform-logical-assignment-operators', 'transform-numeric-separator']

/**
 * swc's options for a dependency's JavaScript: its syntax compiled down to the targets (class
 * static blocks, private methods and fields, static class fields) plus FORCED_TRANSFORMS. No
 * module transform (webpack reads the imports), no polyfills, and `isModule: 'unknown'` keeps
 * CommonJS files scripts.
 * @returns {import('@swc/core').Options}
 */
function dependencySwcOptions() {
  return {
    isModule: 'unknown',
    jsc: { parser: { syntax: 'ecmascript' } },
    env: { targets: browserTargets(), include: FORCED_TRANSFORMS },
  }
}

module.exports = { BROWSER_ECMA, FORCED_TRANSFORMS, browserTargets, dependencySwcOptions }
