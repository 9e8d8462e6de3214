// @ts-check
/**
 * Issue 13 (first-load bytes): the federation runtime's preload helpers (utils/preload.js, about
 * 0.7 kB brotli of main.js). Only preloadRemote and the manifest snapshot machinery use them,
 * and the host uses neither (federation-snapshot-loader.js). The stand-in fails loudly if
 * anything calls them.
 * @type {import('webpack').LoaderDefinitionFunction}
 */
module.exports = function federationPreloadLoader() {
  return `function notBuiltIn() {
  throw new Error("[koma] remote preloading is not built in (infra/webpack/federation-preload-loader.js)");
}
var defaultPreloadArgs = notBuiltIn, formatPreloadArgs = notBuiltIn, normalizePreloadExposes = notBuiltIn, preloadAssets = notBuiltIn;
export { defaultPreloadArgs, formatPreloadArgs, normalizePreloadExposes, preloadAssets };
`
}
