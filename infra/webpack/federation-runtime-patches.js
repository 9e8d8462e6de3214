// @ts-check
// Issue 34 (first-load bytes): what Koma's federation never runs, out of the runtime's own files
// as webpack bundles them into the host's main.js (about 1.7 kB brotli). Like the snapshot,
// preload and semver stand-ins (federation-*-loader.js), each cut part fails loudly, naming this
// file, if anything ever calls it. Each edit must match exactly once: an upgrade that changes the
// code fails the build here, and whoever upgrades checks it again.
//
// - Remote preloading (RemoteHandler.preloadRemote): the host never preloads through the runtime
//   (its idle preloads load the remote module itself, contracts' host/idlePreload.ts), and the
//   preload helpers are already stand-ins (federation-preload-loader.js).
// - The version-first share strategy's remote initialisation (SharedHandler.initializeSharing):
//   every Koma build shares `loaded-first` (index.js), so sharing never loads remote entries to
//   compare versions.
// - ES module and SystemJS remote entries (utils/load.js): every Koma remote is a script entry
//   (remoteEntry.js, registered by the host's federation/registry.ts).
// - Static remotes (the bundler runtime's `remotes`, loading the remotes a build names in its
//   webpack config through `__webpack_require__.f`): no Koma build names any (`remotes: {}`; the
//   host loads remotes from the edge's registry with the runtime's loadRemote, which stays), so
//   webpack never wires it. The federation plugin's own switch
//   (`experiments.optimization.disableRemote`) would also take out the runtime's remote handler.
// - The whole runtime API on the bundler runtime's `federation.runtime`: the bundler runtime
//   calls only its `init` and `getRemoteEntry` (webpack's generated code only checks it is
//   there), and a namespace object keeps every export of @module-federation/runtime alive. A
//   remote's federation object takes the same two (remote-bundler-runtime.js).
// - Shared tree shaking (webpack-bundler-runtime's init.js plugin and getSharedFallbackGetter):
//   it works only for shares configured with `treeShaking`, which Koma's shared map never is
//   (contracts' federation/shared.js); the build would then set `sharedFallback`, and the
//   stand-ins fail on it.
// - Issue 39: the debug switch is read once per page (the sdk's entry in FILES).
const { applyPatches } = require('./patch-once')

const WHY = '(infra/webpack/federation-runtime-patches.js)'

/** @type {{ file: RegExp, dependency: string, patches: import('./patch-once').Patch[] }[]} */
const FILES = [
  {
    // Issue 39: the runtime asks whether its debug log is on (localStorage's FEDERATION_DEBUG) at
    // every log call, a storage read each, hundreds of them as main.js registers its shared
    // libraries and loads the first screen's remote (~3 ms of a novel's first page at 1× CPU).
    // It is read once per page now: turning the log on takes a reload, as it does anyway for
    // what it logs at start.
    file: /[\\/]@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/,
    dependency: '@module-federation/sdk',
    patches: [
      {
        why: 'the debug switch read at every log call',
        find: 'function isBrowserDebug() {\n\ttry {\n\t\tif (isBrowserEnv() && window.localStorage) return Boolean(localStorage.getItem(BROWSER_LOG_KEY));\n\t} catch (error) {\n\t\treturn false;\n\t}\n\treturn false;\n}',
        replace:
          'let browserDebug;\nfunction isBrowserDebug() {\n\tif (browserDebug !== void 0) return browserDebug;\n\ttry {\n\t\tbrowserDebug = isBrowserEnv() && window.localStorage ? Boolean(localStorage.getItem(BROWSER_LOG_KEY)) : false;\n\t} catch (error) {\n\t\tbrowserDebug = false;\n\t}\n\treturn browserDebug;\n}',
      },
    ],
  },
  {
    file: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]remote[\\/]index\.js$/,
    dependency: '@module-federation/runtime-core',
    patches: [
      {
        why: 'RemoteHandler.preloadRemote',
        from: '\tasync preloadRemote(preloadOptions) {',
        to: '\tregisterRemotes(remotes, options) {',
        replace: `\tpreloadRemote() {\n\t\tthrow new Error("[koma] remote preloading is not built in ${WHY}");\n\t}\n`,
      },
    ],
  },
  {
    file: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]shared[\\/]index\.js$/,
    dependency: '@module-federation/runtime-core',
    patches: [
      {
        why: "version-first sharing's remote initialisation",
        from: '\t\tconst initRemoteModule = async (key) => {',
        to: '\t\tObject.keys(host.options.shared).forEach((shareName) => {',
        replace: '',
      },
      {
        why: 'the version-first share strategy',
        find: '\t\tif (host.options.shareStrategy === "version-first" || strategy === "version-first") host.options.remotes.forEach((remote) => {\n\t\t\tif (remote.shareScope === shareScopeName) promises.push(initRemoteModule(remote.name));\n\t\t});',
        replace: `\t\tif (host.options.shareStrategy === "version-first" || strategy === "version-first") throw new Error("[koma] the version-first share strategy is not built in ${WHY}");`,
      },
    ],
  },
  {
    file: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]utils[\\/]load\.js$/,
    dependency: '@module-federation/runtime-core',
    patches: [
      {
        why: 'ES module and SystemJS entry loaders',
        from: 'const esmRemoteEntryLoadErrorMessages = [',
        to: 'function handleRemoteEntryLoaded(name, globalName, entry) {',
        replace: 'function isEsmRemoteType(type) {\n\treturn type === "esm" || type === "module";\n}\n',
      },
      {
        why: 'ES module and SystemJS entries',
        find: '\tif (isEsmRemoteType(type)) return loadEsmEntry({\n\t\tentry,\n\t\tremoteEntryExports,\n\t\tname,\n\t\tgetEntryUrl\n\t});\n\tif (type === "system") return loadSystemJsEntry({\n\t\tentry,\n\t\tremoteEntryExports\n\t});\n',
        replace: `\tif (isEsmRemoteType(type) || type === "system") throw new Error("[koma] " + type + " remote entries are not built in ${WHY}");\n`,
      },
    ],
  },
  {
    file: /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.js$/,
    dependency: '@module-federation/webpack-bundler-runtime',
    patches: [
      {
        why: 'static remotes switched on',
        find: 'const USE_REMOTE = typeof FEDERATION_OPTIMIZE_NO_REMOTE === "boolean" ? !FEDERATION_OPTIMIZE_NO_REMOTE : true;',
        replace: 'const USE_REMOTE = false; // Koma: no build names static remotes (infra/webpack/federation-runtime-patches.js)',
      },
      {
        why: 'the whole runtime API as federation.runtime',
        find: 'import * as runtime from "@module-federation/runtime";',
        replace: 'import { getRemoteEntry, init as runtimeInit } from "@module-federation/runtime";\nconst runtime = { init: runtimeInit, getRemoteEntry };',
      },
    ],
  },
  {
    file: /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]init\.js$/,
    dependency: '@module-federation/webpack-bundler-runtime',
    patches: [
      {
        why: "shared tree shaking's runtime plugin",
        from: '\tif (USE_SHARED) {\n\t\tconst treeShakingSharePlugin = function() {',
        to: '\treturn runtime.init(initOptions);',
        replace: `\tif (USE_SHARED && sharedFallback) throw new Error("[koma] shared tree shaking is not built in ${WHY}");\n`,
      },
      { why: "shared tree shaking's helpers import", find: 'import helpers from "@module-federation/runtime/helpers";\n', replace: '' },
    ],
  },
  {
    file: /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]getSharedFallbackGetter\.js$/,
    dependency: '@module-federation/webpack-bundler-runtime',
    patches: [
      {
        why: "shared tree shaking's fallback getter",
        from: '\tconst { runtime, instance, bundlerRuntime, sharedFallback } = webpackRequire.federation;',
        to: '};\n\n//#endregion',
        replace: `\tif (webpackRequire.federation.sharedFallback) throw new Error("[koma] shared tree shaking is not built in ${WHY}");\n\treturn factory;\n`,
      },
    ],
  },
]

/** The runtime files this loader edits (index.js's rule). @param {string} file */
const edits = (file) => FILES.some((entry) => entry.file.test(file))

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function federationRuntimePatches(source) {
  const entry = FILES.find((candidate) => candidate.file.test(this.resourcePath))
  if (!entry) throw new Error(`federation-runtime-patches: no edits for ${this.resourcePath}`)
  return applyPatches(source, entry.patches, { loader: 'federation-runtime-patches', resourcePath: this.resourcePath, dependency: entry.dependency })
}

module.exports.FILES = FILES
module.exports.edits = edits
