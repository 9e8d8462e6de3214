/**
 * What Koma's packages use of @emotion/react, shared at run time under the name `@emotion/react`
 * (federation/shared.js points the share at this file), as `mobx.ts` does for MobX: the build
 * keeps what the list names and leaves out `withTheme` and its hoist-non-react-statics, theming
 * and `ClassNames` (issue 13). The `css` prop goes through `@emotion/react/jsx-runtime`, its own
 * share. A package that needs another export adds it here: `libraries/shared.test.ts` fails on any
 * named import from @emotion/react this file does not export.
 *
 * `@emotion/react` here is the package itself, not the share this file provides: the build gives
 * a shared-library list its package (infra/webpack, `sharedListsPlugin`).
 */
export { CacheProvider, Global, keyframes } from '@emotion/react'
