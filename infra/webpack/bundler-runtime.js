// @ts-check
// Issue 13 (first-load bytes): one copy of the federation bundler runtime per page.
//
// Every federated build carries @module-federation/webpack-bundler-runtime: the functions its
// webpack runtime calls to consume shared modules, load remotes and initialise its container
// (about 3.5 kB brotli in each remoteEntry.js). Those functions keep no state of their own (each
// call is handed the calling build's `__webpack_require__`), so a remote can use the host's:
// the host publishes them on the page (provide-bundler-runtime.js, a runtime plugin of the host)
// and each remote's federation entry takes them from there (remote-bundler-runtime.js, in place
// of the package). Each build keeps its own `federation` object and its own
// @module-federation/runtime module, whose instance is per container.
//
// Like the external runtime core (index.js, `externalRuntime`), this means a remote runs only
// inside the Koma host, whose federation packages are the same version (one lockfile).

/** The property of globalThis the host's bundler runtime is published under. */
const BUNDLER_RUNTIME_GLOBAL = '__KOMA_FEDERATION_BUNDLER_RUNTIME__'

module.exports = { BUNDLER_RUNTIME_GLOBAL }
