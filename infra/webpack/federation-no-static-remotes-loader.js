// @ts-check
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
  const count = source.split(find).length - 1
  if (count !== 1)
    throw new Error(
      `federation-no-static-remotes-loader: matched ${count} times in ${this.resourcePath}; check it against this @module-federation/webpack-bundler-runtime version`,
    )
  return source.replace(find, 'const USE_REMOTE = false; // Koma: no build names static remotes (infra/webpack/federation-no-static-remotes-loader.js)')
}
