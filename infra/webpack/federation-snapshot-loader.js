// @ts-check
/**
 * Issue 13 (first-load bytes): the federation runtime's snapshot handler, for a page that loads
 * no manifests. Its SnapshotHandler reads a remote's mf-manifest.json and turns it into a
 * snapshot (about 1.7 kB brotli of main.js with the SDK code it pulls in). The host registers
 * every remote by its remoteEntry.js (src/federation/registry.ts) and never preloads, so the
 * runtime uses the handler only to register plugins' hooks and, when a remote is registered again,
 * to forget its manifest and look up its global info: what this stand-in keeps. Anything that asks it for a snapshot fails
 * loudly instead of silently (preloadRemote, or a remote registered by manifest).
 * @type {import('webpack').LoaderDefinitionFunction}
 */
module.exports = function federationSnapshotLoader() {
  return `import { PluginSystem } from "../../utils/hooks/pluginSystem.js";
import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from "../../global.js";
function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const remotesInfo = hostGlobalSnapshot && "remotesInfo" in hostGlobalSnapshot ? hostGlobalSnapshot.remotesInfo : undefined;
  const matched = remotesInfo ? getInfoWithoutType(remotesInfo, moduleInfo.name).value : undefined;
  const version = matched && matched.matchedVersion ? matched.matchedVersion : "version" in moduleInfo ? moduleInfo.version : undefined;
  return {
    hostGlobalSnapshot: matched && matched.matchedVersion ? hostGlobalSnapshot : undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version }),
  };
}
var SnapshotHandler = class {
  constructor(HostInstance) {
    this.HostInstance = HostInstance;
    this.manifestCache = new Map();
    this.hooks = new PluginSystem({});
  }
  async loadRemoteSnapshotInfo({ moduleInfo }) {
    throw new Error("[koma] remote snapshots are not built in (infra/webpack/federation-snapshot-loader.js): register " + moduleInfo.name + " by its remoteEntry.js");
  }
};
export { SnapshotHandler, getGlobalRemoteInfo };
`
}
