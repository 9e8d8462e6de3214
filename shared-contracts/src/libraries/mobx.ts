/**
 * What Koma's packages and mobx-react-lite use of MobX, shared at run time under the name `mobx`
 * (federation/shared.js points the share at this file), as `router/shared.ts` does for React
 * Router: a shared library cannot be tree-shaken, since any remote may ask for any export, so
 * sharing the whole package shipped all of it. Shared through this list, the build keeps what
 * the list names (issue 13: 14.2 -> 11.4 kB brotli). A package that needs another export adds it
 * here: `libraries/shared.test.ts` fails on any named import from mobx this file does not export.
 *
 * From MobX's own file, not `mobx`: that name is the share itself, which this file provides.
 */
export { makeAutoObservable, runInAction } from 'mobx/dist/mobx.mjs'
// mobx-react-lite's own imports.
export { _getGlobalState, getDependencyTree, Reaction, observable } from 'mobx/dist/mobx.mjs'
