// A remote's @module-federation/webpack-bundler-runtime (bundler-runtime.js says why): the
// `federation` object its federation entry copies, with the host's stateless functions and this
// build's own runtime module. The host's build leaves out initContainerEntry (it exposes
// nothing), so a remote brings that one (the alias is set in index.js).
// Of the runtime, only what the bundler runtime calls: a namespace object would keep every export
// of @module-federation/runtime in remoteEntry.js (federation-runtime-patches.js says why).
import { getRemoteEntry, init } from '@module-federation/runtime'
import { initContainerEntry } from '@koma/federation-init-container-entry'
import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime'

const host = globalThis[BUNDLER_RUNTIME_GLOBAL]
if (!host) throw new Error('This remote runs only inside the Koma host: the host did not provide its federation bundler runtime')

export default {
  runtime: { init, getRemoteEntry },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...host.bundlerRuntime, initContainerEntry },
  attachShareScopeMap: host.attachShareScopeMap,
  bundlerRuntimeOptions: {},
}
