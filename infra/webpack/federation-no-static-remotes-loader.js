// @ts-check
const { replaceOnce } = require('./patch-once')
/**
 * Issue 34 (first-load bytes): the bundler runtime's `remotes` (about 0.4 kB brotli of main.js),
 * which loads the remotes a build names in its webpack config, through `__webpack_require__.f`.
 * No Koma build names any (`remotes: {}`: the host loads remotes from the edge's registry with
 * the runtime's loadRemote, which stays), so webpack never wires it. The federation plugin's own
 * switch (`experiments.optimization.disableRemote`) would also take out the runtime's remote
 * handler, hence this edit to the bundler runtime alone; it must match exactly once.
 * @this {{ resourcePath: string }}
 * @param {string} source
 */
module.exports = function federationNoStaticRemotes(source) {
  const find = 'const USE_REMOTE = typeof FEDERATION_OPTIMIZE_NO_REMOTE === "boolean" ? !FEDERATION_OPTIMIZE_NO_REMOTE : true;'
  const replace = 'const USE_REMOTE = false; // Koma: no build names static remotes (infra/webpack/federation-no-static-remotes-loader.js)'
  const where = {
    loader: 'federation-no-static-remotes-loader',
    why: 'static remotes switched on',
    resourcePath: this.resourcePath,
    dependency: '@module-federation/webpack-bundler-runtime',
  }
  return replaceOnce(source, find, replace, where)
}
