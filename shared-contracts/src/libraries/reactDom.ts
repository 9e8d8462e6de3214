/**
 * What the browser's packages use of `react-dom` itself, shared at run time under that name
 * (federation/shared.js points the share at this file), as `mobx.ts` does for MobX: a shared
 * library cannot be tree-shaken, so sharing the whole package kept its resource hints, portals,
 * form-status hooks and batching wrappers (issue 34: first-load bytes). Only React DOM's client
 * (`react-dom/client`, its own share) imports it, for its internals. A package that needs another
 * export adds it here: `libraries/shared.test.ts` fails on any named import from react-dom this
 * file does not export. The edge's server build takes the whole package (host/src/server/shared.ts).
 *
 * `react-dom` here is the package itself, not the share this file provides: the build gives a
 * shared-library list its package (infra/webpack, `sharedListsPlugin`).
 */
// @ts-expect-error React DOM's client reads its internals by this name, which @types/react-dom does not declare.
export { __DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE } from 'react-dom'
