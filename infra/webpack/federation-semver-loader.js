// @ts-check
/**
 * Issue 13 (first-load bytes): the federation runtime's semver module (utils/semver, about 0.9 kB
 * brotli of main.js: a range parser for every npm range form). The runtime asks it whether a
 * share's version satisfies a required range, and which of two versions is lower. Koma's shares
 * are plain `x.y.z` versions from one lockfile, required as `^x.y.z` in development builds and not
 * at all in production (contracts' federation/shared.js), and the runtime compares with `<=x.y.z`.
 * This stand-in answers exactly those forms (and `*`, `>=`, `<`, `>`, `=`, `||`); any other
 * version or range fails loudly instead of being guessed.
 * @type {import('webpack').LoaderDefinitionFunction}
 */
function federationSemverLoader() {
  return `${satisfy.toString()}\nexport { satisfy };\n`
}

/**
 * Whether `version` satisfies `range` (npm semantics for the forms above).
 * Self-contained: the loader emits its source as the module.
 * @param {string} version
 * @param {string} range
 */
function satisfy(version, range) {
  /** @param {string} text @returns {[number, number, number]} */
  var parse = function (text) {
    var match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim())
    if (!match)
      throw new Error('[koma] the federation semver stand-in takes plain x.y.z versions, not "' + text + '" (infra/webpack/federation-semver-loader.js)')
    return [Number(match[1]), Number(match[2]), Number(match[3])]
  }
  /** @param {[number, number, number]} a @param {[number, number, number]} b */
  var compare = function (a, b) {
    return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
  }
  if (!version) return false
  var have = parse(version)
  return range.split('||').some(function (part) {
    var wanted = part.trim()
    if (wanted === '' || wanted === '*' || wanted === 'x') return true
    var match = /^(\^|<=|>=|<|>|=)?(.+)$/.exec(wanted)
    var operator = (match && match[1]) || '='
    var bound = parse((match && match[2]) || wanted)
    var order = compare(have, bound)
    if (operator === '<=') return order <= 0
    if (operator === '>=') return order >= 0
    if (operator === '<') return order < 0
    if (operator === '>') return order > 0
    if (operator === '=') return order === 0
    // ^1.2.3: >=1.2.3 <2.0.0; ^0.2.3: >=0.2.3 <0.3.0; ^0.0.3: exactly 0.0.3.
    if (order < 0 || have[0] !== bound[0]) return false
    if (bound[0] > 0) return true
    return have[1] === bound[1] && (bound[1] > 0 || have[2] === bound[2])
  })
}

module.exports = federationSemverLoader
module.exports.satisfy = satisfy
