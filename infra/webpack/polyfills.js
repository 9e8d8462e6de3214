// @ts-check
// Issue 34: run-time APIs for the targets (.browserslistrc: Safari / iOS 14). swc compiles the
// dependencies' syntax down, but a built-in those browsers lack (Object.hasOwn, Array#at: Safari
// 15.4) fails only when the code runs. Usage-based injection (swc `env.mode: 'usage'`) over every
// dependency added 41 kB of core-js to main.js (minified), for code that never needed it; so the
// polyfills go exactly where a dependency calls such an API: this loader puts imports of the
// core-js modules named below at the top of that dependency's file, which webpack then bundles
// into the same lazy chunk (joi's form rules), never into main.js. web-vitals' #at and Readium's
// late built-ins are installed before their chunks load, and only where the browser lacks them
// (host/src/platform/idle.ts, mf-viewer/src/epub/openBook.ts).
// `browser-apis.js` checks every emitted file for the calls and fails on one without its
// polyfill, so a dependency upgrade reaching for another late API is caught there, and added here.

/**
 * The dependency files that call a late built-in, and the core-js modules installing what they call.
 * @type {{ why: string, test: RegExp, modules: string[], commonjs?: boolean }[]}
 */
const POLYFILLS = [
  {
    // The browser build (package.json `browser`), which webpack bundles for the web.
    why: 'joi calls Object.hasOwn (the form rules: @koma/contracts/validation)',
    test: /[\\/]node_modules[\\/]joi[\\/]dist[\\/]joi-browser\.min\.js$/,
    modules: ['es.object.has-own'],
    commonjs: true,
  },
]

/**
 * webpack rules: one per file above, each with this loader and its modules.
 * @returns {import('webpack').RuleSetRule[]}
 */
const polyfillRules = () =>
  POLYFILLS.map((entry) => ({ test: entry.test, use: { loader: __filename, options: { modules: entry.modules, commonjs: entry.commonjs === true } } }))

/**
 * @this {import('webpack').LoaderContext<{ modules: string[], commonjs: boolean }>}
 * @param {string} source
 */
function polyfillLoader(source) {
  const { modules, commonjs } = this.getOptions()
  const lines = modules.map((name) => (commonjs ? `require("core-js/modules/${name}.js");` : `import "core-js/modules/${name}.js";`))
  return `${lines.join('\n')}\n${source}`
}

module.exports = polyfillLoader
module.exports.POLYFILLS = POLYFILLS
module.exports.polyfillRules = polyfillRules
