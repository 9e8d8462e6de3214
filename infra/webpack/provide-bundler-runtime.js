// The host's runtime plugin that publishes its federation bundler runtime for the remotes
// (bundler-runtime.js says why). Bundled into the host's main.js by the federation plugin.
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime'
import { BUNDLER_RUNTIME_GLOBAL } from './bundler-runtime'

export default function provideBundlerRuntime() {
  globalThis[BUNDLER_RUNTIME_GLOBAL] = { bundlerRuntime, attachShareScopeMap }
  return { name: 'koma-provide-bundler-runtime' }
}
