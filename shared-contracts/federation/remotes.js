// @ts-check
// The remotes, named once. Every tool's list is derived from this file: the contracts' REMOTES
// (src/remotes.ts), the federation's names (shared.js), the edge's packages, eslint's cache owners,
// Jest's projects, the i18n scripts and the bench. What cannot read it (package.json workspaces,
// the tsconfigs' include lists) is checked against it by infra/scripts/remotes.test.ts.
// Plain CommonJS, like shared.js: webpack, Jest and eslint configs load it before any TypeScript
// tooling runs. Its types (remotes.d.ts) spell the list for TypeScript; that test keeps them equal.

/** Each remote's folder (workspace and URL name, `/remotes/mf-catalog/…`), in publishing order. */
const REMOTE_FOLDERS = Object.freeze(['mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'mf-ops'])

/**
 * A remote's two names: its folder `mf-catalog` and its federation container `mf_catalog` (the
 * registry, the route table and the cache keys use the container name). These two translate.
 * @param {string} folder
 */
const containerName = (folder) => folder.replace(/-/g, '_')
/** @param {string} container */
const folderName = (container) => container.replace(/_/g, '-')

/** The remotes by federation container name. */
const REMOTE_CONTAINERS = Object.freeze(REMOTE_FOLDERS.map(containerName))

/** Every front-end package: the host shell and the remotes. */
const FRONT_END_FOLDERS = Object.freeze(['host', ...REMOTE_FOLDERS])

/**
 * A published version's id, `<UTC yyyymmddHHMMss>-<8 hex of the content hash>`, as a pattern's
 * source (the edge's registry, the console's release records, failure beacons' script URLs).
 */
const VERSION_ID_SOURCE = '\\d{14}-[0-9a-f]{8}'
/** A whole string that is a version id. */
const VERSION_ID_PATTERN = new RegExp(`^${VERSION_ID_SOURCE}$`)

module.exports = { REMOTE_FOLDERS, REMOTE_CONTAINERS, FRONT_END_FOLDERS, containerName, folderName, VERSION_ID_SOURCE, VERSION_ID_PATTERN }
