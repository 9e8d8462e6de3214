/**
 * What Koma's packages use of mobx-react-lite, shared at run time under the name
 * `mobx-react-lite` (federation/shared.js points the share at this file), as `mobx.ts` does for
 * MobX (issue 13). A package that needs another export adds it here: `libraries/shared.test.ts`
 * fails on any named import from mobx-react-lite this file does not export.
 *
 * `mobx-react-lite` here is the package itself, not the share this file provides: the build gives
 * a shared-library list its package (infra/webpack, `sharedListsPlugin`).
 */
export { enableStaticRendering, observer } from 'mobx-react-lite'
