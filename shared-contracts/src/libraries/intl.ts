/**
 * What Koma's packages use of react-intl, shared at run time under the name `react-intl`
 * (federation/shared.js points the share at this file), as `mobx.ts` does for MobX: the build
 * keeps what the list names, and leaves out the components and `injectIntl` nobody renders
 * (issue 13). A package that needs another export adds it here: `libraries/shared.test.ts` fails
 * on any named import from react-intl this file does not export.
 *
 * `react-intl` here is the package itself, not the share this file provides: the build gives a
 * shared-library list its package (infra/webpack, `sharedListsPlugin`).
 */
export { createIntl, createIntlCache, defineMessages, RawIntlProvider, useIntl } from 'react-intl'
