// @ts-check
// What Koma's MobX stores never use, taken out of the production build webpack bundles from
// MobX's own file (issue 34: first-load bytes of every page). MobX is shared as the exports Koma
// uses (contracts' src/libraries/mobx.ts), yet `observable` and makeAutoObservable's deep
// conversion keep observable Maps and Sets, and its generator-method annotation keeps `flow`:
// about 8 kB minified that no page runs. Koma's stores hold plain objects, arrays and values
// (what the API's JSON gives), and none has a generator method; a store that did would fail at
// once with the message below, in its first unit test. Each cut is found by text and must match
// exactly once: an upgrade that changes the code fails the build here.
const { applyPatches } = require('./patch-once')

/** A class or function kept by name, its body replaced by one that says why it is not there. */
const NOT_BUILT_IN = (/** @type {string} */ what) => `throw new Error("[koma] MobX ${what} are not built in (infra/webpack/mobx-patches.js)")`

/** Each from its start up to (not including) its end: the end's text stays. @type {{ why: string, from: string, to: string, replace: string }[]} */
const CUTS = [
  {
    why: 'observable Maps (ObservableMap)',
    from: 'class ObservableMap {',
    to: '\n}\n// eslint-disable-next-line\nvar isObservableMap',
    replace: `class ObservableMap {\n  constructor() {\n    ${NOT_BUILT_IN('observable Maps')}\n  }`,
  },
  {
    why: 'observable Sets (ObservableSet)',
    from: 'class ObservableSet {',
    to: '\n}\n// eslint-disable-next-line\nvar isObservableSet',
    replace: `class ObservableSet {\n  constructor() {\n    ${NOT_BUILT_IN('observable Sets')}\n  }`,
  },
  {
    why: 'flows (generator actions)',
    from: 'const flow = /*#__PURE__*/assign(function flow(arg1, arg2) {',
    to: '\n}, flowAnnotation);',
    replace: `const flow = /*#__PURE__*/assign(function flow() {\n  ${NOT_BUILT_IN('flows (generator actions)')}`,
  },
]

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function mobxPatches(source) {
  return applyPatches(source, CUTS, { loader: 'mobx-patches', resourcePath: this.resourcePath, dependency: 'MobX' })
}

module.exports.CUTS = CUTS
